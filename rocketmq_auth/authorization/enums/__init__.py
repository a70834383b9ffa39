"""Java ``org.apache.rocketmq.auth.authorization.enums`` (5.3.3)."""
