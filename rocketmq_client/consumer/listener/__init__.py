"""Message listeners of the push consumer (Java ``org.apache.rocketmq.client.consumer.listener``)."""
