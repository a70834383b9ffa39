"""Topic route data served by the NameServer (Java ``org.apache.rocketmq.common.protocol.route``)."""
