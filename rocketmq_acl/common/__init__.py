"""Java ``org.apache.rocketmq.acl.common``: credentials, signing and permissions."""
