"""Client utilities (Java ``org.apache.rocketmq.client.utils``)."""
