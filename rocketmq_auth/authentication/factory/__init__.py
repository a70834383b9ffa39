"""Java ``org.apache.rocketmq.auth.authentication.factory`` (5.3.3)."""
