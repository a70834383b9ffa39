"""Java ``org.apache.rocketmq.filter.parser``: the SQL92 selector parser (a hand-written replacement of the
JavaCC-generated ``SelectorParser`` accepting and rejecting the same inputs)."""
