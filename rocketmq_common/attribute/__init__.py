"""Java ``org.apache.rocketmq.common.attribute`` (5.3.3): typed topic and group attributes and their parsing."""
