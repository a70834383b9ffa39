"""Headers of the controller's admin requests (Java
``org.apache.rocketmq.remoting.protocol.header.controller.admin``, 5.3.3)."""
