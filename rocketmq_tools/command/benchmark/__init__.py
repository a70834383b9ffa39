"""The ``benchmark`` subcommand (Java example ``org.apache.rocketmq.example.benchmark``)."""
