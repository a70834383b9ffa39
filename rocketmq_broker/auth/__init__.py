"""Java ``org.apache.rocketmq.broker.auth`` (5.3.3)."""
