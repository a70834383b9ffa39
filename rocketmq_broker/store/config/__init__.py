"""Message store configuration (Java ``org.apache.rocketmq.store.config``)."""
