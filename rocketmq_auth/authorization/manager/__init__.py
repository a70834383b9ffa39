"""Java ``org.apache.rocketmq.auth.authorization.manager`` (5.3.3)."""
