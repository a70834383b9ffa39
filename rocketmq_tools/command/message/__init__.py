"""Java ``org.apache.rocketmq.tools.command.message``."""
