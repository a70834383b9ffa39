"""Shared model of the RocketMQ protocol (Java ``org.apache.rocketmq.common``)."""
