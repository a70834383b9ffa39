"""Message trace hooks (Java ``org.apache.rocketmq.client.trace.hook``): send, consume and end-transaction hooks
that hand TraceContexts to a TraceDispatcher. Java's OpenTracing hooks need the OpenTracing API and are not
provided."""
