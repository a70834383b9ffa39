"""Java ``org.apache.rocketmq.tools.admin.api``: message track results."""
