"""Java ``org.apache.rocketmq.auth.authentication.provider`` (5.3.3)."""
