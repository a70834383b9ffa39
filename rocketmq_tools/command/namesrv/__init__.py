"""Java ``org.apache.rocketmq.tools.command.namesrv``."""
