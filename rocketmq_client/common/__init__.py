"""Client helpers (Java ``org.apache.rocketmq.client.common``)."""
