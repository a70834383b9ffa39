"""Java ``org.apache.rocketmq.auth.config`` (5.3.3)."""
