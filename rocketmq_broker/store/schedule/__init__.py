"""Delayed (scheduled) messages (Java ``org.apache.rocketmq.store.schedule``)."""
