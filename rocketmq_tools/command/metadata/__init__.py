"""mqadmin's metadata subcommands (Java ``org.apache.rocketmq.tools.command.metadata``, 5.3.3)."""
