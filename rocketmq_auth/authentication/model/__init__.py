"""Java ``org.apache.rocketmq.auth.authentication.model`` (5.3.3)."""
