"""Server-side load balancing of POP consumers (Java ``org.apache.rocketmq.broker.loadbalance``, 5.3.3)."""
