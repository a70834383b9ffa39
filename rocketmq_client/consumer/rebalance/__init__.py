"""Queue allocation strategies (Java ``org.apache.rocketmq.client.consumer.rebalance``)."""
