"""Java ``org.apache.rocketmq.store.hook``."""
