"""Java ``org.apache.rocketmq.tools.command.cluster``."""
