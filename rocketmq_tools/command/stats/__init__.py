"""Java ``org.apache.rocketmq.tools.command.stats``."""
