"""NameServer key/value configuration (Java ``org.apache.rocketmq.namesrv.kvconfig``)."""
