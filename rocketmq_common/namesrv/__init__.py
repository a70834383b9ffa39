"""NameServer constants and results shared with clients (Java ``org.apache.rocketmq.common.namesrv``)."""
