"""Queue selectors for ordered sends (Java ``org.apache.rocketmq.client.producer.selector``)."""
