"""Consumer offset stores (Java ``org.apache.rocketmq.client.consumer.store``)."""
