"""The OpenTelemetry hooks against the embedded cluster, read with the SDK's in-memory metric reader and span
exporter: a send and a consume produce the RocketMQ 5.x metrics and a process span linked to (and a child of) the
send span; the trace context of a Java client's message (``traceparent``, or a 5.x ``TRACE_CONTEXT``) is honoured;
failures are ``invocation_status=failure``. Without OpenTelemetry installed the client imports and works."""
from __future__ import annotations

import asyncio
import os
import pathlib
import subprocess
import sys
import threading
from typing import Any, Dict, List

import pytest

pytest.importorskip("opentelemetry.sdk")

from opentelemetry.sdk.metrics import MeterProvider  # noqa: E402
from opentelemetry.sdk.metrics.export import InMemoryMetricReader  # noqa: E402
from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export import SimpleSpanProcessor  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402
from opentelemetry.trace import SpanKind  # noqa: E402

from rocketmq_broker.embedded_cluster import EmbeddedCluster  # noqa: E402
from rocketmq_client.asyncio import AsyncLitePullConsumer, AsyncProducer  # noqa: E402
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer  # noqa: E402
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus  # noqa: E402
from rocketmq_client.exception import MQBrokerException  # noqa: E402
from rocketmq_client.opentelemetry import enable_opentelemetry  # noqa: E402
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer  # noqa: E402
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere  # noqa: E402
from rocketmq_common.message.message import Message  # noqa: E402
from rocketmq_common.message.message_queue import MessageQueue  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]
TRACE_ID = "0af7651916cd43dd8448eb211c80319c"
JAVA_TRACEPARENT = "00-%s-b7ad6b7169203331-01" % TRACE_ID


class Telemetry:
    def __init__(self) -> None:
        self.reader = InMemoryMetricReader()
        self.meter_provider = MeterProvider(metric_readers=[self.reader])
        self.exporter = InMemorySpanExporter()
        self.tracer_provider = TracerProvider()
        self.tracer_provider.add_span_processor(SimpleSpanProcessor(self.exporter))

    def enable(self, client: Any) -> Any:
        enable_opentelemetry(client, meter_provider=self.meter_provider, tracer_provider=self.tracer_provider)
        return client

    def points(self) -> Dict[str, List[Any]]:
        """Data points by metric name."""
        found: Dict[str, List[Any]] = {}
        data = self.reader.get_metrics_data()
        for resource_metrics in data.resource_metrics if data else []:
            for scope_metrics in resource_metrics.scope_metrics:
                for metric in scope_metrics.metrics:
                    found.setdefault(metric.name, []).extend(metric.data.data_points)
                    assert metric.unit in ("ms", "{message}", "By"), metric
        return found

    def spans(self, kind: SpanKind) -> List[Any]:
        return [s for s in self.exporter.get_finished_spans() if s.kind is kind]


@pytest.fixture
def telemetry() -> Any:
    made = Telemetry()
    yield made
    made.meter_provider.shutdown()
    made.tracer_provider.shutdown()


def _producer(cluster: EmbeddedCluster, name: str) -> DefaultMQProducer:
    producer = DefaultMQProducer(name)
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_instance_name(name)
    return producer


#: the condition each consumer's listener notifies, by id of its ``received`` list
_received_conds: Dict[int, threading.Condition] = {}


def _consumer(cluster: EmbeddedCluster, name: str, topic: str, received: List[Any]) -> DefaultMQPushConsumer:
    consumer = DefaultMQPushConsumer(name)
    consumer.set_namesrv_addr(cluster.namesrv_addr)
    consumer.set_instance_name(name)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(topic, "*")
    cond = threading.Condition()

    def listener(msgs, context):
        with cond:
            received.extend(msgs)
            cond.notify_all()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(listener)
    _received_conds[id(received)] = cond  # (the consumer takes no attributes of ours)
    return consumer


def _wait_received(consumer: Any, received: List[Any], count: int) -> None:
    cond = _received_conds[id(received)]
    with cond:
        assert cond.wait_for(lambda: len(received) >= count, 20), len(received)


def _wait_spans(telemetry: Telemetry, kind: SpanKind, count: int) -> List[Any]:
    done = threading.Event()
    for _ in range(500):  # the after hook ends a span just after the listener returned
        if len(telemetry.spans(kind)) >= count:
            break
        done.wait(0.02)
    return telemetry.spans(kind)


def test_send_and_consume_give_metrics_and_linked_spans(embedded_cluster: EmbeddedCluster,
                                                        telemetry: Telemetry) -> None:
    embedded_cluster.create_topic("OtelTopic", 2)
    producer = telemetry.enable(_producer(embedded_cluster, "OtelPG"))
    producer.start()
    received: List[Any] = []
    consumer = telemetry.enable(_consumer(embedded_cluster, "OtelCG", "OtelTopic", received))
    try:
        results = [producer.send(Message("OtelTopic", "TagA", "key1 key2", b"traced %d" % i)) for i in range(3)]
        consumer.start()
        _wait_received(consumer, received, 3)
        points = telemetry.points()
        process_spans = _wait_spans(telemetry, SpanKind.CONSUMER, 3)
    finally:
        consumer.shutdown()
        producer.shutdown()
    client_id = producer.get_default_mq_producer_impl().get_mq_client_factory().get_client_id()

    send_spans = telemetry.spans(SpanKind.PRODUCER)
    assert len(send_spans) == 3 and len(process_spans) == 3
    by_id = {s.attributes["messaging.message.id"]: s for s in send_spans}
    assert set(by_id) == {r.get_msg_id() for r in results}
    for send_span in send_spans:
        assert send_span.name == "send OtelTopic"
        assert send_span.attributes["messaging.system"] == "rocketmq"
        assert send_span.attributes["messaging.destination.name"] == "OtelTopic"
        assert send_span.attributes["messaging.rocketmq.client_group"] == "OtelPG"
        assert send_span.attributes["messaging.rocketmq.message.tag"] == "TagA"
        assert tuple(send_span.attributes["messaging.rocketmq.message.keys"]) == ("key1", "key2")
        assert send_span.attributes["messaging.rocketmq.send_status"] == "SEND_OK"
    for process_span in process_spans:
        send_span = by_id[process_span.attributes["messaging.message.id"]]
        assert process_span.name == "process OtelTopic"
        assert process_span.attributes["messaging.consumer.group.name"] == "OtelCG"
        assert process_span.parent.span_id == send_span.context.span_id
        assert process_span.context.trace_id == send_span.context.trace_id
        assert [link.context.span_id for link in process_span.links] == [send_span.context.span_id]
    for msg in received:
        assert msg.get_property("traceparent").split("-")[1] == "%032x" % by_id[
            msg.get_property("UNIQ_KEY")].context.trace_id

    send_cost = points["rocketmq_send_cost_time"]
    assert sum(p.count for p in send_cost) == 3
    assert {tuple(sorted(p.attributes.items())) for p in send_cost} == {
        (("client_id", client_id), ("invocation_status", "success"), ("topic", "OtelTopic"))}
    for name in ("rocketmq_delivery_latency", "rocketmq_await_time"):
        assert sum(p.count for p in points[name]) == 3, name
        assert {p.attributes["consumer_group"] for p in points[name]} == {"OtelCG"}
        assert {p.attributes["topic"] for p in points[name]} == {"OtelTopic"}
    process = points["rocketmq_process_time"]
    assert sum(p.count for p in process) == 3
    assert {p.attributes["invocation_status"] for p in process} == {"success"}
    assert list(points["rocketmq_send_cost_time"][0].explicit_bounds) == [1.0, 5.0, 10.0, 20.0, 50.0, 200.0, 500.0]
    cached = points["rocketmq_consumer_cached_messages"]
    # by the topic of each assigned queue (the group's retry topic too, once its queue is assigned)
    assert "OtelTopic" in {p.attributes["topic"] for p in cached}
    assert {p.attributes["topic"] for p in cached} <= {"OtelTopic", "%RETRY%OtelCG"}
    assert all(p.value >= 0 for p in cached)
    assert {p.attributes["consumer_group"] for p in points["rocketmq_consumer_cached_bytes"]} == {"OtelCG"}


def test_async_sends_end_their_span_once(embedded_cluster: EmbeddedCluster, telemetry: Telemetry) -> None:
    embedded_cluster.create_topic("OtelAsyncTopic", 2)

    async def main() -> None:
        producer = telemetry.enable(AsyncProducer("OtelAsyncPG", namesrv_addr=embedded_cluster.namesrv_addr,
                                                  instance_name="OtelAsyncPG"))
        async with producer:
            await asyncio.gather(*(producer.send(Message("OtelAsyncTopic", b"a%d" % i)) for i in range(20)))

    asyncio.run(main())
    spans = _wait_spans(telemetry, SpanKind.PRODUCER, 20)
    assert len(spans) == 20
    assert all(s.attributes["messaging.rocketmq.send_status"] == "SEND_OK" for s in spans)
    assert sum(p.count for p in telemetry.points()["rocketmq_send_cost_time"]) == 20


def test_failed_send_is_a_failure(embedded_cluster: EmbeddedCluster, telemetry: Telemetry) -> None:
    embedded_cluster.create_topic("OtelFailTopic", 1)
    producer = telemetry.enable(_producer(embedded_cluster, "OtelFailPG"))
    producer.set_retry_times_when_send_failed(0)
    producer.start()
    try:
        with pytest.raises(MQBrokerException):
            producer.send(Message("OtelFailTopic", b"nowhere"), MessageQueue("OtelFailTopic",
                                                                            embedded_cluster.broker_name(0), 99))
    finally:
        producer.shutdown()
    (span,) = telemetry.spans(SpanKind.PRODUCER)
    assert span.status.is_ok is False and span.attributes["error.type"] == "MQBrokerException"
    (point,) = telemetry.points()["rocketmq_send_cost_time"]
    assert point.attributes["invocation_status"] == "failure" and point.count == 1


@pytest.mark.parametrize("prop", ["traceparent", "TRACE_CONTEXT"])
def test_trace_context_of_a_java_client(embedded_cluster: EmbeddedCluster, telemetry: Telemetry, prop: str) -> None:
    """A message sent by a Java client with the OpenTelemetry instrumentation (``traceparent``) or through a 5.x
    proxy (``TRACE_CONTEXT``): the process span continues the sender's trace."""
    embedded_cluster.create_topic("OtelJavaTopic", 1)
    producer = _producer(embedded_cluster, "OtelJavaPG")  # no hook: the property is the Java side's
    producer.start()
    received: List[Any] = []
    consumer = telemetry.enable(_consumer(embedded_cluster, "OtelJavaCG", "OtelJavaTopic", received))
    try:
        msg = Message("OtelJavaTopic", b"from java")
        msg.put_user_property(prop, JAVA_TRACEPARENT)
        producer.send(msg)
        consumer.start()
        _wait_received(consumer, received, 1)
        (span,) = _wait_spans(telemetry, SpanKind.CONSUMER, 1)
    finally:
        consumer.shutdown()
        producer.shutdown()
    assert "%032x" % span.context.trace_id == TRACE_ID
    assert "%016x" % span.parent.span_id == "b7ad6b7169203331"


def test_lite_pull_consumer_polls_are_traced(embedded_cluster: EmbeddedCluster, telemetry: Telemetry) -> None:
    embedded_cluster.create_topic("OtelLiteTopic", 1)
    producer = telemetry.enable(_producer(embedded_cluster, "OtelLitePG"))
    producer.start()

    async def main() -> List[Any]:
        consumer = telemetry.enable(AsyncLitePullConsumer(
            "OtelLiteCG", namesrv_addr=embedded_cluster.namesrv_addr, instance_name="OtelLiteCG",
            consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET))
        consumer.subscribe("OtelLiteTopic", "*")
        polled: List[Any] = []
        async with consumer:
            while len(polled) < 2:
                polled.extend(await consumer.poll(2000))
        return polled

    try:
        producer.send(Message("OtelLiteTopic", b"one"))
        producer.send(Message("OtelLiteTopic", b"two"))
        polled = asyncio.run(main())
    finally:
        producer.shutdown()
    assert len(polled) == 2
    send_ids = {s.context.span_id for s in telemetry.spans(SpanKind.PRODUCER)}
    process_spans = telemetry.spans(SpanKind.CONSUMER)
    assert len(process_spans) == 2 and {s.parent.span_id for s in process_spans} == send_ids
    points = telemetry.points()
    assert sum(p.count for p in points["rocketmq_await_time"]) == 2
    assert {p.attributes["consumer_group"] for p in points["rocketmq_process_time"]} == {"OtelLiteCG"}


_WITHOUT_OTEL = r"""
import asyncio, sys
sys.modules["opentelemetry"] = None  # not installed
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.asyncio import AsyncProducer
from rocketmq_common.message.message import Message
import rocketmq_client.producer.default_mq_producer, rocketmq_client.consumer.default_mq_push_consumer

async def main(addr):
    async with AsyncProducer("NoOtelPG", namesrv_addr=addr) as producer:
        return await producer.send(Message("NoOtelTopic", b"plain"))

with EmbeddedCluster() as cluster:
    cluster.create_topic("NoOtelTopic", 1)
    print(asyncio.run(main(cluster.namesrv_addr)).get_send_status().name)
try:
    import rocketmq_client.opentelemetry
except ImportError as e:
    print("ImportError:", e)
print(sorted(m for m in sys.modules if m.startswith("opentelemetry") and sys.modules[m] is not None))
"""


def test_without_opentelemetry_the_client_imports_and_works() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    completed = subprocess.run([sys.executable, "-c", _WITHOUT_OTEL], cwd=str(ROOT), env=env, timeout=50,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    assert completed.returncode == 0, completed.stderr[-3000:]
    lines = completed.stdout.splitlines()
    assert lines[0] == "SEND_OK"
    assert lines[1].startswith("ImportError: rocketmq_client.opentelemetry needs the OpenTelemetry API: pip install "
                               "opentelemetry-api opentelemetry-sdk")
    assert lines[2] == "[]"
