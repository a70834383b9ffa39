"""JSON bodies of requests and responses (Java ``org.apache.rocketmq.common.protocol.body``)."""
