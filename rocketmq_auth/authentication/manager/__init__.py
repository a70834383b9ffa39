"""Java ``org.apache.rocketmq.auth.authentication.manager`` (5.3.3)."""
