"""Java ``org.apache.rocketmq.auth.authorization.provider`` (5.3.3)."""
