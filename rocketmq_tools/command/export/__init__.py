"""Java ``org.apache.rocketmq.tools.command.export``."""
