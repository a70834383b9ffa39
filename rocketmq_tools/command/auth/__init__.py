"""Java ``org.apache.rocketmq.tools.command.auth`` (5.3.3): the users and ACLs of ACL 2.0."""
