"""The ``quickstart`` subcommand (Java example ``org.apache.rocketmq.example.quickstart``)."""
