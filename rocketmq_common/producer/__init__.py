"""Producer-side classes shared with the broker (Java 5.3.3 ``org.apache.rocketmq.common.producer``)."""
