"""The client instance (Java ``org.apache.rocketmq.client.impl.factory``)."""
