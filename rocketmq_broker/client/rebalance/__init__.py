"""Queue locks of orderly consumers (Java ``org.apache.rocketmq.broker.client.rebalance``)."""
