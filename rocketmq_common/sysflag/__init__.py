"""Flag words of messages, pulls, topics and subscriptions (Java ``org.apache.rocketmq.common.sysflag``)."""
