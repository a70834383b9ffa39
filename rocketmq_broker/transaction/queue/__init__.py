"""The queue-based transactional message service (Java ``org.apache.rocketmq.broker.transaction.queue``)."""
