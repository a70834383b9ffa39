"""mqadmin's HA subcommands (Java ``org.apache.rocketmq.tools.command.ha``, 5.3.3)."""
