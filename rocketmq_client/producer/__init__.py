"""Producers (Java ``org.apache.rocketmq.client.producer``): DefaultMQProducer, TransactionMQProducer, results."""
