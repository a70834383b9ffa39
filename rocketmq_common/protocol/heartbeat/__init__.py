"""Heartbeat bodies and subscription data (Java ``org.apache.rocketmq.common.protocol.heartbeat``)."""
