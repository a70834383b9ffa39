"""Consumer API (Java ``org.apache.rocketmq.client.consumer``)."""
