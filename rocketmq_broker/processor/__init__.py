"""Request processors of the broker (Java ``org.apache.rocketmq.broker.processor``)."""
