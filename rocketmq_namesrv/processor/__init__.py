"""NameServer request processing (Java ``org.apache.rocketmq.namesrv.processor``)."""
