"""Requests from the broker to the name servers (Java ``org.apache.rocketmq.broker.out``)."""
