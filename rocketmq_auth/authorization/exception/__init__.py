"""Java ``org.apache.rocketmq.auth.authorization.exception`` (5.3.3)."""
