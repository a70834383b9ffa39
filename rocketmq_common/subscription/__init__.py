"""Subscription group configuration (Java ``org.apache.rocketmq.common.subscription``)."""
