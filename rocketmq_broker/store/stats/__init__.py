"""The broker's statistics (Java ``org.apache.rocketmq.store.stats``)."""
