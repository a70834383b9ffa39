"""Headers of the controller's requests (Java ``org.apache.rocketmq.remoting.protocol.header.controller``, 5.3.3)."""
