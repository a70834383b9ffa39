"""Java ``org.apache.rocketmq.auth.authorization`` (5.3.3): ACLs."""
