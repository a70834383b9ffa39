"""Codes, headers and bodies of the remoting protocol (Java ``org.apache.rocketmq.common.protocol``)."""
