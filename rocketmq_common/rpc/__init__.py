"""Base classes of RPC request headers (Java ``org.apache.rocketmq.common.rpc``)."""
