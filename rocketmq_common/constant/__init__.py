"""Constants (Java ``org.apache.rocketmq.common.constant``)."""
