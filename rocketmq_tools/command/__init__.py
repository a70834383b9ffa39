"""Java ``org.apache.rocketmq.tools.command``: the subcommands of the ``rocketmq`` command line (mqadmin's
names for the admin ones)."""
