"""Broker latency fault tolerance for sends (Java ``org.apache.rocketmq.client.latency``)."""
