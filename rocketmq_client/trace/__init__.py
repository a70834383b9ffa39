"""Message trace (Java ``org.apache.rocketmq.client.trace``): hooks record every send, consume and transaction end
as a TraceContext; the AsyncTraceDispatcher encodes them in Java's text format and sends them with its own producer
to ``RMQ_SYS_TRACE_TOPIC`` (or a customized topic)."""
