"""Java ``org.apache.rocketmq.broker.util``."""
