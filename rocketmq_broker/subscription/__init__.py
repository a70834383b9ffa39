"""Subscription groups (Java ``org.apache.rocketmq.broker.subscription``)."""
