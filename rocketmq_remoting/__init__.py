"""RocketMQ remoting: frames, custom headers, JSON bodies, client and server (Java ``org.apache.rocketmq.remoting``)."""
