"""Sampled counters and their snapshots (Java ``org.apache.rocketmq.common.stats``)."""
