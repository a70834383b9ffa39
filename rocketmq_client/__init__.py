"""RocketMQ client: producers, consumers and the client instance (Java ``org.apache.rocketmq.client``)."""
