"""``ConsumeMessageOpenTelemetryHookImpl``: a ConsumeMessageHook (as Java 4.9's
``ConsumeMessageOpenTracingHookImpl``) opening a CONSUMER span per message of each consume call, linked to (and a
child of) the producer's span whose W3C trace context the message carries, and recording
``rocketmq_await_time`` and ``rocketmq_process_time``; and a FilterMessageHook, run on each pull's messages as
they arrive, recording ``rocketmq_delivery_latency`` and stamping the arrival time the await time is measured from.

The trace context is read from the ``traceparent`` / ``tracestate`` properties (the OpenTelemetry Java
instrumentation of the 4.x client, and this package's send hook), else from ``TRACE_CONTEXT`` (where a 5.x proxy
puts the ``traceparent`` of a gRPC client's message).

The remoting protocol has no delivery timestamp (the 5.x clients' ``transport_delivery_timestamp``): delivery
latency here is the time from the broker storing the message (``store_timestamp``, the broker's clock) to its
arrival in the consumer, which includes the time it waited on the broker when the consumer lags.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional

from opentelemetry import propagate, trace
from opentelemetry.trace import Link, SpanKind, Status, StatusCode

from rocketmq_client.hook.consume_message_hook import ConsumeMessageHook
from rocketmq_client.hook.filter_message_hook import FilterMessageHook
from rocketmq_client.opentelemetry import client_metrics as labels
from rocketmq_client.opentelemetry.send_message_open_telemetry_hook_impl import INSTRUMENTATION_NAME, span_attributes
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.mix_all import MixAll

if TYPE_CHECKING:
    from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
    from rocketmq_client.hook.filter_message_context import FilterMessageContext
    from rocketmq_client.opentelemetry.client_metrics import ClientMetrics
    from rocketmq_common.message.message_ext import MessageExt

__all__ = ["ConsumeMessageOpenTelemetryHookImpl", "TRACE_CONTEXT_PROPERTIES", "PROPERTY_TRACE_CONTEXT"]

#: the W3C trace context properties of a message
TRACE_CONTEXT_PROPERTIES = ("traceparent", "tracestate")
#: Java 5.x ``MessageConst.PROPERTY_TRACE_CONTEXT``: the ``traceparent`` of a message sent by a gRPC client
PROPERTY_TRACE_CONTEXT = "TRACE_CONTEXT"
#: the attribute of a MessageExt holding when it arrived (monotonic seconds; never sent anywhere)
_ARRIVAL = "_otel_arrival_monotonic"


def _carrier(msg: "MessageExt") -> Dict[str, str]:
    props = msg.get_properties() or {}
    carrier = {key: props[key] for key in TRACE_CONTEXT_PROPERTIES if key in props}
    if "traceparent" not in carrier and props.get(PROPERTY_TRACE_CONTEXT):
        carrier = {"traceparent": props[PROPERTY_TRACE_CONTEXT]}
    return carrier


def _topic(msg: "MessageExt") -> str:
    """The topic a message was sent to (a retried message arrives from the group's retry topic)."""
    return (msg.get_properties() or {}).get(MessageConst.PROPERTY_RETRY_TOPIC) or msg.get_topic()


class _ConsumeTrace:
    __slots__ = ("spans", "begin")

    def __init__(self, spans: List[Any], begin: float) -> None:
        self.spans = spans
        self.begin = begin


class ConsumeMessageOpenTelemetryHookImpl(ConsumeMessageHook, FilterMessageHook):
    """A ConsumeMessageHook opening a CONSUMER span per consumed message, the child of the producer's span whose
    W3C trace context the message carries, and recording ``rocketmq_await_time`` and ``rocketmq_process_time``;
    as a FilterMessageHook it records ``rocketmq_delivery_latency`` (from the broker's store time). Needs the
    OpenTelemetry SDK (``pip install opentelemetry-sdk``) and configured providers to record anything.
    ``client_id()`` names the consumer's client; register the hook as the consumer's
    consume hook and (for delivery latency and await time) its filter hook: :func:`enable_opentelemetry` does."""

    def __init__(self, client_id: Callable[[], str], consumer_group: Callable[[], str],
                 tracer_provider: Optional[Any] = None, metrics: Optional["ClientMetrics"] = None,
                 tracing: bool = True) -> None:
        self.client_id = client_id
        self.consumer_group = consumer_group
        self.tracer = trace.get_tracer(INSTRUMENTATION_NAME, tracer_provider=tracer_provider) if tracing else None
        self.metrics = metrics

    def hook_name(self) -> str:
        return "ConsumeMessageOpenTelemetryHook"

    def _labels(self, topic: str) -> Dict[str, str]:
        return {labels.TOPIC: topic, labels.CONSUMER_GROUP: self.consumer_group(),
                labels.CLIENT_ID: self.client_id()}

    # ------------------------------------------------------------------ FilterMessageHook: arrival

    def filter_message(self, context: "FilterMessageContext") -> None:
        """Filters nothing: stamps each pulled message's arrival and records its delivery latency."""
        now = time.monotonic()
        now_millis = time.time() * 1000.0
        for msg in context.get_msg_list() or ():
            setattr(msg, _ARRIVAL, now)
            if self.metrics is not None and msg.store_timestamp:
                latency = now_millis - msg.store_timestamp
                if latency >= 0:  # the broker's clock may be ahead
                    self.metrics.delivery_latency.record(latency, self._labels(_topic(msg)))

    # ------------------------------------------------------------------ ConsumeMessageHook: process

    def consume_message_before(self, context: "ConsumeMessageContext") -> None:
        msgs = context.get_msg_list() or []
        begin = time.monotonic()
        if self.metrics is not None:
            for msg in msgs:
                arrival = getattr(msg, _ARRIVAL, None)
                if arrival is not None:
                    self.metrics.await_time.record((begin - arrival) * 1000.0, self._labels(_topic(msg)))
        spans: List[Any] = []
        if self.tracer is not None:
            for msg in msgs:
                spans.append(self._start_process_span(msg, context))
        context.set_mq_trace_context(_ConsumeTrace(spans, begin))

    def _start_process_span(self, msg: "MessageExt", context: "ConsumeMessageContext") -> Any:
        topic = _topic(msg)
        group = context.get_consumer_group()
        attributes = span_attributes("process", topic, group, self.client_id(), context.get_namespace(), msg,
                                     MessageClientIDSetter.get_uniq_id(msg) or msg.get_msg_id())
        attributes["messaging.consumer.group.name"] = group
        attributes["messaging.rocketmq.message.delivery_attempt"] = msg.get_reconsume_times() + 1
        parent = propagate.extract(_carrier(msg))
        producer_span = trace.get_current_span(parent).get_span_context()
        links = [Link(producer_span)] if producer_span.is_valid else []
        return self.tracer.start_span("process " + topic, context=parent, kind=SpanKind.CONSUMER,  # type: ignore
                                      attributes=attributes, links=links)

    def consume_message_after(self, context: "ConsumeMessageContext") -> None:
        consume_trace = context.get_mq_trace_context()
        if not isinstance(consume_trace, _ConsumeTrace):
            return
        success = bool(context.is_success())
        if self.metrics is not None:
            elapsed = (time.monotonic() - consume_trace.begin) * 1000.0
            status = labels.SUCCESS if success else labels.FAILURE
            for msg in context.get_msg_list() or []:
                attributes = self._labels(_topic(msg))
                attributes[labels.INVOCATION_STATUS] = status
                self.metrics.process_time.record(elapsed, attributes)
        return_type = (context.get_props() or {}).get(MixAll.CONSUME_CONTEXT_TYPE)
        for span in consume_trace.spans:
            span.set_attribute("messaging.rocketmq.consume_status", context.get_status() or "")
            if return_type:
                span.set_attribute("messaging.rocketmq.consume_return_type", return_type)
            if not success:
                span.set_status(Status(StatusCode.ERROR, context.get_status() or "consume failed"))
            span.end()
