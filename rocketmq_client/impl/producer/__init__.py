"""Producer internals (Java ``org.apache.rocketmq.client.impl.producer``)."""
