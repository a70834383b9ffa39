"""Java ``org.apache.rocketmq.auth.authentication`` (5.3.3): users."""
