"""Java ``org.apache.rocketmq.auth.authorization.factory`` (5.3.3)."""
