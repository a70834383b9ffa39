"""Static topics: logical queues mapped onto physical queues of several brokers (Java 5.3.3
``org.apache.rocketmq.remoting.protocol.statictopic``)."""
