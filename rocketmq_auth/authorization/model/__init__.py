"""Java ``org.apache.rocketmq.auth.authorization.model`` (5.3.3)."""
