"""Statistics bodies used by admin tools (Java ``org.apache.rocketmq.common.admin``)."""
