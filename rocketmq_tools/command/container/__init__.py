"""mqadmin's broker container subcommands (Java ``org.apache.rocketmq.tools.command.container``, 5.3.3)."""
