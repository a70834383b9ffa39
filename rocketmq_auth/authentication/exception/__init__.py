"""Java ``org.apache.rocketmq.auth.authentication.exception`` (5.3.3)."""
