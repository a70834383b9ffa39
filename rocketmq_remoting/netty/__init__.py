"""Socket transport of the remoting layer (Java ``org.apache.rocketmq.remoting.netty``, without Netty)."""
