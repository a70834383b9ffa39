"""The ``send`` and ``consume`` subcommands: a producer and a push consumer on the command line."""
