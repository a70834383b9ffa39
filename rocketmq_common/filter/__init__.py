"""Subscription expressions (Java ``org.apache.rocketmq.common.filter``)."""
