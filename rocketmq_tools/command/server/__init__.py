"""The ``namesrv`` and ``broker`` subcommands: the embedded servers in the foreground."""
