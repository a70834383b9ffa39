"""Java ``org.apache.rocketmq.tools.command.topic``."""
