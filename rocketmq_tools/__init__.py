"""Command line tools (Java ``org.apache.rocketmq.tools``)."""
