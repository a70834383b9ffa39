"""Embedded single-node NameServer (Java ``org.apache.rocketmq.namesrv``)."""
