"""``SendMessageOpenTelemetryHookImpl``: a SendMessageHook (as Java 4.9's ``SendMessageOpenTracingHookImpl`` of
``org.apache.rocketmq.client.trace.hook``) that opens a PRODUCER span per send attempt, injects its W3C trace
context into the message's properties (``traceparent``, ``tracestate``: what the OpenTelemetry Java
instrumentation of the 4.x client writes and reads), and records ``rocketmq_send_cost_time``.

A batch gets its span, but its messages are encoded into the batch body before the hook runs: they carry no
trace context.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional

from opentelemetry import propagate, trace
from opentelemetry.trace import SpanKind, Status, StatusCode

from rocketmq_client.hook.send_message_hook import SendMessageHook
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.opentelemetry import client_metrics as labels
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter

if TYPE_CHECKING:
    from rocketmq_client.hook.send_message_context import SendMessageContext
    from rocketmq_client.opentelemetry.client_metrics import ClientMetrics

__all__ = ["SendMessageOpenTelemetryHookImpl", "INSTRUMENTATION_NAME", "span_attributes"]

INSTRUMENTATION_NAME = "rocketmq_client"

_MESSAGE_TYPES = {"Normal_Msg": "normal", "Trans_Msg_Half": "transaction", "Trans_msg_Commit": "transaction",
                  "Delay_Msg": "delay", "Order_Msg": "fifo"}


class _SendTrace:
    """What the before hook leaves in ``mq_trace_context`` for the after hook."""

    __slots__ = ("span", "begin")

    def __init__(self, span: Any, begin: float) -> None:
        self.span = span
        self.begin = begin


def span_attributes(operation: str, topic: str, group: str, client_id: str, namespace: Optional[str], msg: Any,
                    message_id: Optional[str]) -> Dict[str, Any]:
    """The messaging semantic-convention attributes of a send or process span (``operation``) of ``msg``."""
    attributes: Dict[str, Any] = {
        "messaging.system": "rocketmq", "messaging.destination.name": topic,
        "messaging.operation.type": operation, "messaging.operation.name": operation,
        "messaging.rocketmq.client_group": group, "messaging.client.id": client_id}
    if namespace:
        attributes["messaging.rocketmq.namespace"] = namespace
    if message_id:
        attributes["messaging.message.id"] = message_id
    tags, keys, body = msg.get_tags(), msg.get_keys(), msg.get_body()
    if tags:
        attributes["messaging.rocketmq.message.tag"] = tags
    if keys:
        attributes["messaging.rocketmq.message.keys"] = keys.split(" ")
    if body is not None:
        attributes["messaging.message.body.size"] = len(body)
    return attributes


def message_type(context_msg_type: Any) -> str:
    """The semantic-convention message type (normal, fifo, delay, transaction) of a MessageType."""
    return _MESSAGE_TYPES.get(getattr(context_msg_type, "name", ""), "normal")


class SendMessageOpenTelemetryHookImpl(SendMessageHook):
    """A SendMessageHook opening a PRODUCER span per send attempt, writing its W3C trace context into the
    message's ``traceparent`` / ``tracestate`` properties and recording ``rocketmq_send_cost_time``; a batch's
    messages carry no trace context. Needs the OpenTelemetry SDK (``pip install opentelemetry-sdk``) and configured
    providers to record anything; :func:`enable_opentelemetry` registers it.
    ``client_id()`` names the producer's client (attribute ``client_id``);
    ``tracer_provider`` None is the global one; ``metrics`` None records no metric."""

    def __init__(self, client_id: Callable[[], str], tracer_provider: Optional[Any] = None,
                 metrics: Optional["ClientMetrics"] = None, tracing: bool = True) -> None:
        self.client_id = client_id
        self.tracer = trace.get_tracer(INSTRUMENTATION_NAME, tracer_provider=tracer_provider) if tracing else None
        self.metrics = metrics

    def hook_name(self) -> str:
        return "SendMessageOpenTelemetryHook"

    def send_message_before(self, context: "SendMessageContext") -> None:
        msg = context.get_message()
        span = None
        if self.tracer is not None:
            topic = msg.get_topic()
            is_batch = isinstance(msg, MessageBatch)
            attributes = span_attributes("send", topic, context.get_producer_group(), self.client_id(),
                                         context.get_namespace(), msg,
                                         None if is_batch else MessageClientIDSetter.get_uniq_id(msg))
            attributes["messaging.rocketmq.message.type"] = message_type(context.get_msg_type())
            span = self.tracer.start_span("send " + topic, kind=SpanKind.PRODUCER, attributes=attributes)
            if not is_batch:
                carrier: dict = {}
                propagate.inject(carrier, context=trace.set_span_in_context(span))
                for key, value in carrier.items():
                    MessageAccessor.put_property(msg, key, value)
        context.set_mq_trace_context(_SendTrace(span, time.monotonic()))

    def send_message_after(self, context: "SendMessageContext") -> None:
        send_trace = context.get_mq_trace_context()
        if not isinstance(send_trace, _SendTrace):
            return
        send_result = context.get_send_result()
        exception = context.get_exception()
        if (send_result is None and exception is None
                and context.get_communication_mode() is CommunicationMode.ASYNC):
            return  # the dispatch of an async send: its outcome comes later (Java calls the hook twice)
        context.set_mq_trace_context(None)  # ended once
        failed = exception is not None
        if self.metrics is not None:
            self.metrics.send_cost_time.record(
                (time.monotonic() - send_trace.begin) * 1000.0,
                {labels.TOPIC: context.get_message().get_topic(), labels.CLIENT_ID: self.client_id(),
                 labels.INVOCATION_STATUS: labels.FAILURE if failed else labels.SUCCESS})
        span = send_trace.span
        if span is None:
            return
        if send_result is not None:
            span.set_attribute("messaging.rocketmq.send_status", send_result.get_send_status().name)
            if send_result.get_msg_id():
                span.set_attribute("messaging.message.id", send_result.get_msg_id())
        if failed:
            span.record_exception(exception)
            span.set_attribute("error.type", type(exception).__name__)
            span.set_status(Status(StatusCode.ERROR, str(exception)))
        span.end()
