"""Java ``org.apache.rocketmq.example``: the example programs the command line runs."""
