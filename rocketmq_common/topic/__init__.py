"""Topic rules (Java ``org.apache.rocketmq.common.topic``)."""
