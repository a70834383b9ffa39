"""RPC hooks of the client (Java ``org.apache.rocketmq.client.rpchook``, 5.3.3)."""
