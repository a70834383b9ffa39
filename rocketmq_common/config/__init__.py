"""Java ``org.apache.rocketmq.common.config`` (5.3.3): the brokers' key-value config stores."""
