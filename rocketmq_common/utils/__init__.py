"""Java ``org.apache.rocketmq.common.utils`` (5.3.3)."""
