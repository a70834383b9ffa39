"""Broker-to-client requests (Java ``org.apache.rocketmq.broker.client.net``)."""
