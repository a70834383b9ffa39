"""Message body compression (Java ``org.apache.rocketmq.common.compression``)."""
