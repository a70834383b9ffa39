"""The OpenTelemetry instruments of a RocketMQ client, named, measured and labelled as the RocketMQ 5.x clients do
(``org.apache.rocketmq.client.java.metrics.HistogramEnum`` / ``GaugeEnum`` / ``MetricLabels`` of
apache/rocketmq-clients; the table of rocketmq-site ``12-observability/01metrics.md``):

=================================  =========  ==========  ==================================================
name                               kind       unit        attributes
=================================  =========  ==========  ==================================================
rocketmq_send_cost_time            histogram  ms          topic, client_id, invocation_status
rocketmq_delivery_latency          histogram  ms          topic, consumer_group, client_id
rocketmq_await_time                histogram  ms          topic, consumer_group, client_id
rocketmq_process_time              histogram  ms          topic, consumer_group, client_id, invocation_status
rocketmq_consumer_cached_messages  gauge      {message}   topic, consumer_group, client_id
rocketmq_consumer_cached_bytes     gauge      By          topic, consumer_group, client_id
=================================  =========  ==========  ==================================================

``invocation_status`` is ``success`` or ``failure``. The histograms advise the 5.x clients' bucket boundaries.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional

from opentelemetry import metrics
from opentelemetry.metrics import CallbackOptions, Histogram, Observation

__all__ = ["ClientMetrics", "TOPIC", "CLIENT_ID", "CONSUMER_GROUP", "INVOCATION_STATUS", "SUCCESS", "FAILURE"]

#: attribute names (Java ``MetricLabels``)
TOPIC = "topic"
CLIENT_ID = "client_id"
CONSUMER_GROUP = "consumer_group"
INVOCATION_STATUS = "invocation_status"
#: values of INVOCATION_STATUS (Java ``InvocationStatus``)
SUCCESS = "success"
FAILURE = "failure"

_INSTRUMENTATION_NAME = "rocketmq_client"

#: name, description and bucket boundaries (ms) of each histogram (Java ``HistogramEnum``)
_HISTOGRAMS = {
    "send_cost_time": ("rocketmq_send_cost_time", "the cost time of message publishing",
                       [1.0, 5.0, 10.0, 20.0, 50.0, 200.0, 500.0]),
    "delivery_latency": ("rocketmq_delivery_latency", "the latency of message delivery from the broker",
                         [1.0, 5.0, 10.0, 20.0, 50.0, 200.0, 500.0]),
    "await_time": ("rocketmq_await_time", "the time a message waited in the consumer's cache",
                   [1.0, 5.0, 20.0, 100.0, 1000.0, 5 * 1000.0, 10 * 1000.0]),
    "process_time": ("rocketmq_process_time", "the process time of message consumption",
                     [1.0, 5.0, 10.0, 100.0, 1000.0, 10 * 1000.0, 60 * 1000.0]),
}

#: ``callback()`` -> {attributes (as a sorted tuple of pairs): (cached messages, cached bytes)}
CacheObserver = Callable[[], Dict[tuple, tuple]]


class ClientMetrics:
    """The instruments of one MeterProvider (the global one when None is given); consumers add what their
    process queues cache with :meth:`observe_cache`."""

    def __init__(self, meter_provider: Optional[Any] = None) -> None:
        meter = metrics.get_meter(_INSTRUMENTATION_NAME, meter_provider=meter_provider)

        def histogram(key: str) -> Histogram:
            name, description, buckets = _HISTOGRAMS[key]
            return meter.create_histogram(name, unit="ms", description=description,
                                          explicit_bucket_boundaries_advisory=buckets)

        self.send_cost_time = histogram("send_cost_time")
        self.delivery_latency = histogram("delivery_latency")
        self.await_time = histogram("await_time")
        self.process_time = histogram("process_time")
        self._cache_observers: List[CacheObserver] = []
        meter.create_observable_gauge("rocketmq_consumer_cached_messages", callbacks=[self._cached_messages],
                                      unit="{message}", description="messages cached by push consumers")
        meter.create_observable_gauge("rocketmq_consumer_cached_bytes", callbacks=[self._cached_bytes],
                                      unit="By", description="bytes of the messages cached by push consumers")

    def observe_cache(self, observer: CacheObserver) -> None:
        """Add a consumer's cache to the two gauges (an observer returning nothing once it is shut down)."""
        self._cache_observers.append(observer)

    def _observations(self, index: int) -> Iterable[Observation]:
        for observer in list(self._cache_observers):
            for attributes, values in observer().items():
                yield Observation(values[index], dict(attributes))

    def _cached_messages(self, options: CallbackOptions) -> Iterable[Observation]:
        return list(self._observations(0))

    def _cached_bytes(self, options: CallbackOptions) -> Iterable[Observation]:
        return list(self._observations(1))
