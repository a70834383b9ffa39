"""mqadmin's controller subcommands (Java ``org.apache.rocketmq.tools.command.controller``, 5.3.3)."""
