"""The broker's message store: commit log, consume queues, index (Java ``org.apache.rocketmq.store``)."""
