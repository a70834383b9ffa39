"""Consumer internals (Java ``org.apache.rocketmq.client.impl.consumer``)."""
