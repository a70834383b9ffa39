"""Cold data flow control (Java ``org.apache.rocketmq.broker.coldctr``, 5.3.3)."""
