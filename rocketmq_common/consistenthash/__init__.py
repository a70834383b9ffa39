"""Consistent hashing ring (Java ``org.apache.rocketmq.common.consistenthash``)."""
