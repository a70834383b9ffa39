"""Java ``org.apache.rocketmq.auth.authentication.enums`` (5.3.3)."""
