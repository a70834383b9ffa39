"""Broker-side message filters (Java ``org.apache.rocketmq.broker.filter``)."""
