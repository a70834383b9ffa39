"""Broker and topic routes (Java ``org.apache.rocketmq.namesrv.routeinfo``)."""
