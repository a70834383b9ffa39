"""Client statistics (Java ``org.apache.rocketmq.client.stat``)."""
