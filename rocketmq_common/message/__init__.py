"""Messages and their encodings (Java ``org.apache.rocketmq.common.message``)."""
