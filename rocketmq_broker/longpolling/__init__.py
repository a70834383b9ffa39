"""Long polling of pull requests (Java ``org.apache.rocketmq.broker.longpolling``)."""
