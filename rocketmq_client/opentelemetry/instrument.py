"""``enable_opentelemetry(client, ...)``: install the OpenTelemetry hooks on a producer or consumer (core or asyncio).

::

    enable_opentelemetry(producer, meter_provider=provider, tracer_provider=tracer_provider)

Nothing is exported by this package: the providers given (else the global ones,
``opentelemetry.metrics.set_meter_provider`` / ``opentelemetry.trace.set_tracer_provider``) carry the exporters.
"""
from __future__ import annotations

import importlib.util
import logging
import weakref
from typing import Any, Dict, List, Optional

import opentelemetry.metrics
import opentelemetry.trace

from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.opentelemetry import client_metrics as labels
from rocketmq_client.opentelemetry.client_metrics import ClientMetrics
from rocketmq_client.opentelemetry.consume_message_open_telemetry_hook_impl import \
    ConsumeMessageOpenTelemetryHookImpl
from rocketmq_client.opentelemetry.send_message_open_telemetry_hook_impl import SendMessageOpenTelemetryHookImpl
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer

__all__ = ["enable_opentelemetry"]

log = logging.getLogger(__name__)

#: the ClientMetrics of each MeterProvider (one set of instruments per provider) and of the global one
_metrics_by_provider: "weakref.WeakKeyDictionary[Any, ClientMetrics]" = weakref.WeakKeyDictionary()
_global_metrics: Dict[str, ClientMetrics] = {}
#: the no-op warning is given once per process
_no_op_warned = False


def _is_api_provider(provider: Any) -> bool:
    """The API's own providers (``NoOp*`` and the global proxies before a real one is set) record nothing."""
    return type(provider).__module__.startswith(("opentelemetry.metrics", "opentelemetry.trace"))


def _warn_if_no_op(meter_provider: Optional[Any], tracer_provider: Optional[Any], metrics: bool,
                   tracing: bool) -> None:
    """Warn once when only the API's no-op providers would receive the data: ``pip install .[otel]`` brings the API
    only, and without the SDK (``opentelemetry-sdk``) and providers with exporters nothing is recorded."""
    global _no_op_warned
    no_op: List[str] = []
    if metrics and _is_api_provider(meter_provider or opentelemetry.metrics.get_meter_provider()):
        no_op.append("MeterProvider")
    if tracing and _is_api_provider(tracer_provider or opentelemetry.trace.get_tracer_provider()):
        no_op.append("TracerProvider")
    if not no_op or _no_op_warned:
        return
    _no_op_warned = True
    sdk = importlib.util.find_spec("opentelemetry.sdk") is not None
    log.warning("enable_opentelemetry: only the OpenTelemetry API's no-op %s is active, so nothing is recorded "
                "until a real one is set; %sset providers with exporters (opentelemetry.metrics.set_meter_provider, "
                "opentelemetry.trace.set_tracer_provider) or pass meter_provider= / tracer_provider= "
                "(docs/opentelemetry.md)", " and ".join(no_op),
                "" if sdk else "install the SDK (pip install opentelemetry-sdk), then ")


def _client_metrics(meter_provider: Optional[Any]) -> ClientMetrics:
    table: Any = _global_metrics if meter_provider is None else _metrics_by_provider
    key = "global" if meter_provider is None else meter_provider
    found = table.get(key)
    if found is None:
        found = table[key] = ClientMetrics(meter_provider)
    return found


def _core(client: Any) -> Any:
    """The core client of an asyncio one (``.producer`` / ``.consumer``), or the client itself."""
    for attr in ("producer", "consumer"):
        inner = getattr(client, attr, None)
        if isinstance(inner, (DefaultMQProducer, DefaultMQPushConsumer, DefaultLitePullConsumer)):
            return inner
    return client


def _client_id(impl: Any, config: Any) -> Any:
    """A function naming the client: its instance's id once started, before that the id it will have."""
    def client_id() -> str:
        factory = impl.mq_client_factory
        return factory.get_client_id() if factory is not None else config.build_mq_client_id()
    return client_id


def enable_opentelemetry(client: Any, meter_provider: Optional[Any] = None, tracer_provider: Optional[Any] = None,
                         metrics: bool = True, tracing: bool = True) -> None:
    """Register the OpenTelemetry hooks on ``client`` (a DefaultMQProducer / TransactionMQProducer,
    DefaultMQPushConsumer or DefaultLitePullConsumer, or their asyncio forms), before or after ``start``:

    - a producer gets a :class:`SendMessageOpenTelemetryHookImpl` (send span, trace context injected,
      ``rocketmq_send_cost_time``);
    - a push consumer gets a :class:`ConsumeMessageOpenTelemetryHookImpl` as consume and filter hook (process
      spans, ``rocketmq_delivery_latency``, ``rocketmq_await_time``, ``rocketmq_process_time``) and feeds the
      ``rocketmq_consumer_cached_*`` gauges; a lite pull consumer gets the same hook (its "process" is the poll).

    When only the API's no-op providers would get the data (no SDK, or no provider set), it logs one WARNING per
    process saying so: the API alone records nothing.
    """
    core = _core(client)
    impl: Any
    _warn_if_no_op(meter_provider, tracer_provider, metrics, tracing)
    client_metrics = _client_metrics(meter_provider) if metrics else None
    if isinstance(core, DefaultMQProducer):
        impl = core.get_default_mq_producer_impl()
        impl.register_send_message_hook(SendMessageOpenTelemetryHookImpl(
            _client_id(impl, core), tracer_provider, client_metrics, tracing))
        return
    if isinstance(core, DefaultMQPushConsumer):
        impl = core.get_default_mq_push_consumer_impl()
    elif isinstance(core, DefaultLitePullConsumer):
        impl = core.get_default_lite_pull_consumer_impl()
    else:
        raise TypeError("client must be a RocketMQ producer or consumer, got %r" % (client,))
    client_id = _client_id(impl, core)
    hook = ConsumeMessageOpenTelemetryHookImpl(client_id, core.get_consumer_group, tracer_provider, client_metrics,
                                               tracing)
    impl.register_consume_message_hook(hook)
    impl.register_filter_message_hook(hook)
    if client_metrics is not None and isinstance(core, DefaultMQPushConsumer):
        client_metrics.observe_cache(_cache_observer(weakref.ref(impl), client_id))


def _cache_observer(impl_ref: "weakref.ref[Any]", client_id: Any) -> Any:
    """What a push consumer's process queues cache, by topic (nothing once the consumer is gone or shut down)."""
    def observe() -> Dict[tuple, tuple]:
        impl = impl_ref()
        if impl is None:
            return {}
        group = impl.default_mq_push_consumer.get_consumer_group()
        by_topic: Dict[str, list] = {}
        for mq, process_queue in list(impl.rebalance_impl.process_queue_table.items()):
            if process_queue.dropped:
                continue
            totals = by_topic.setdefault(mq.get_topic(), [0, 0])
            totals[0] += process_queue.get_msg_count().get()
            totals[1] += process_queue.get_msg_size().get()
        ident = client_id()
        return {tuple(sorted({labels.TOPIC: topic, labels.CONSUMER_GROUP: group,
                              labels.CLIENT_ID: ident}.items())): tuple(values)
                for topic, values in by_topic.items()}
    return observe
