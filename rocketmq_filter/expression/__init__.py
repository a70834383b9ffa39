"""Java ``org.apache.rocketmq.filter.expression``: the compiled form of a filter expression."""
