"""Java ``org.apache.rocketmq.common.action`` (5.3.3)."""
