"""Java ``org.apache.rocketmq.common.resource`` (5.3.3)."""
