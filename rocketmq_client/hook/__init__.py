"""Send, consume, filter and transaction hooks (Java ``org.apache.rocketmq.client.hook``)."""
