"""Java ``org.apache.rocketmq.filter.constant``."""
