"""Java ``org.apache.rocketmq.tools.command.acl``."""
