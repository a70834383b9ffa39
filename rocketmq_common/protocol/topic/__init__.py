"""Topic events (Java ``org.apache.rocketmq.common.protocol.topic``)."""
