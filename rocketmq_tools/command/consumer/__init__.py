"""Java ``org.apache.rocketmq.tools.command.consumer``."""
