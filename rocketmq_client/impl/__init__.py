"""Client internals (Java ``org.apache.rocketmq.client.impl``)."""
