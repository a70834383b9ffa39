"""Consumer offsets (Java ``org.apache.rocketmq.broker.offset``)."""
