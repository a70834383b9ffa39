"""Client connections, consumer groups and producer groups (Java ``org.apache.rocketmq.broker.client``)."""
