"""Topic configurations (Java ``org.apache.rocketmq.broker.topic``)."""
