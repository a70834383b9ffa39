"""Java ``org.apache.rocketmq.tools.monitor``: the monitor service behind ``startMonitoring``."""
