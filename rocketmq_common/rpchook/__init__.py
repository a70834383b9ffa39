"""RPC hooks shared by clients and servers (Java ``org.apache.rocketmq.common.rpchook``)."""
