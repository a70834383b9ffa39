"""Java ``org.apache.rocketmq.tools.command.producer``."""
