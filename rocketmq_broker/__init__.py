"""Embedded single-node Broker (Java ``org.apache.rocketmq.broker`` and ``org.apache.rocketmq.store``)."""
