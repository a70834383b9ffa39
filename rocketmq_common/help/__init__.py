"""Help texts (Java ``org.apache.rocketmq.common.help``)."""
