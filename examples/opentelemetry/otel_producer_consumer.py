"""OpenTelemetry metrics and tracing of a producer and a push consumer (``rocketmq_client.opentelemetry``, the
``otel`` extra; this example also needs ``opentelemetry-sdk``: ``pip install '.[otel]' opentelemetry-sdk`` from a
checkout of this repository).

    python examples/opentelemetry/otel_producer_consumer.py [-n host:port]

``enable_opentelemetry`` installs the hooks: each send gets a PRODUCER span whose W3C trace context travels in the
message's ``traceparent`` property, each consumed message a CONSUMER span in the same trace, and the RocketMQ 5.x
metrics (``rocketmq_send_cost_time``, ``rocketmq_delivery_latency``, ``rocketmq_await_time``,
``rocketmq_process_time``, ``rocketmq_consumer_cached_messages`` / ``_bytes``) are recorded. The example reads them
back from in-memory exporters; an application configures an OTLP or Prometheus exporter on its providers instead.
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from _support import Example, ReceivedMessages, run
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.opentelemetry import enable_opentelemetry
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message

MESSAGE_COUNT = 10
TOPIC = "TopicOtel"


def main(example: Example) -> bool:
    metric_reader = InMemoryMetricReader()
    meter_provider = MeterProvider(metric_readers=[metric_reader])
    span_exporter = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(span_exporter))

    producer = DefaultMQProducer("OtelProducerGroup")
    producer.set_namesrv_addr(example.namesrv_addr)
    enable_opentelemetry(producer, meter_provider=meter_provider, tracer_provider=tracer_provider)
    producer.start()

    received = ReceivedMessages(MESSAGE_COUNT)
    consumer = DefaultMQPushConsumer("OtelConsumerGroup")
    consumer.set_namesrv_addr(example.namesrv_addr)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(TOPIC, "*")

    def listener(msgs, context):
        received.add(msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(listener)
    enable_opentelemetry(consumer, meter_provider=meter_provider, tracer_provider=tracer_provider)
    consumer.start()
    for i in range(MESSAGE_COUNT):
        producer.send(Message(TOPIC, "TagA", b"traced %d" % i))
    ok = received.await_(example.remaining())
    metrics_data = metric_reader.get_metrics_data()
    consumer.shutdown()
    producer.shutdown()

    names = sorted({metric.name for rm in (metrics_data.resource_metrics if metrics_data else ())
                    for sm in rm.scope_metrics for metric in sm.metrics})
    print("Metrics: %s" % ", ".join(names))
    pause = threading.Event()
    while len([s for s in span_exporter.get_finished_spans() if s.kind is SpanKind.CONSUMER]) < received.count():
        if example.remaining() <= 0:  # the last span ends just after its listener returned
            break
        pause.wait(0.02)
    spans = span_exporter.get_finished_spans()
    send_spans = {s.context.span_id: s for s in spans if s.kind is SpanKind.PRODUCER}
    process_spans = [s for s in spans if s.kind is SpanKind.CONSUMER]
    for span in process_spans:
        parent = send_spans.get(span.parent.span_id) if span.parent is not None else None
        print("%s trace %032x, child of %s" % (span.name, span.context.trace_id,
                                               parent.name if parent is not None else "no send span"))
    linked = sum(1 for s in process_spans if s.parent is not None and s.parent.span_id in send_spans
                 and send_spans[s.parent.span_id].context.trace_id == s.context.trace_id)
    print("Consumed %d of %d messages, %d process spans in their send span's trace"
          % (received.count(), MESSAGE_COUNT, linked))
    meter_provider.shutdown()
    tracer_provider.shutdown()
    return ok and linked >= MESSAGE_COUNT and "rocketmq_send_cost_time" in names


if __name__ == "__main__":
    run(main, topics=[TOPIC])
