"""RPC layer of requests addressed to a broker name (Java 5.3.3 ``org.apache.rocketmq.remoting.rpc``; the 4.9
``org.apache.rocketmq.common.rpc`` headers grown to their 5.3.3 shape)."""
