"""Message index by key and unique id (Java ``org.apache.rocketmq.store.index``)."""
