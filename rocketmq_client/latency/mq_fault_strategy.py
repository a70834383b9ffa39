"""Java 5.3.3 ``org.apache.rocketmq.client.latency.MQFaultStrategy``: queue selection for sends (PROTOCOL.md §6.6)."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, List, Optional

from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
from rocketmq_client.latency.latency_fault_tolerance import LatencyFaultTolerance
from rocketmq_client.latency.latency_fault_tolerance_impl import LatencyFaultToleranceImpl
from rocketmq_client.latency.resolver import Resolver
from rocketmq_client.latency.service_detector import ServiceDetector
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

if TYPE_CHECKING:
    from rocketmq_client.client_config import ClientConfig

__all__ = ["MQFaultStrategy"]


class MQFaultStrategy(Bean):
    """Java 5.3.3 ``MQFaultStrategy``: round-robin queue selection avoiding the broker of the previous attempt;
    with ``send_latency_fault_enable`` (``ClientConfig.send_latency_enable``) brokers are isolated after slow or
    failed sends (latency >= ``latency_max[i]`` bans the broker for ``not_available_duration[i]`` ms; a failure
    counts as 10 000 ms) and, with the detector (``start_detector_enable``), brokers that failed to answer are left
    out until a probe finds them answering. Selection tries an available broker, then a reachable one, then any
    queue. Never for ordered messages (it overrides the queue selection)."""

    class BrokerFilter(TopicPublishInfo.QueueFilter):
        """Java ``MQFaultStrategy.BrokerFilter``: not the broker of the previous attempt."""

        def __init__(self) -> None:
            self.last_broker_name: Optional[str] = None

        def set_last_broker_name(self, last_broker_name: Optional[str]) -> None:
            self.last_broker_name = last_broker_name

        def filter(self, mq: MessageQueue) -> bool:
            return self.last_broker_name is None or mq.get_broker_name() != self.last_broker_name

    class _ToleranceFilter(TopicPublishInfo.QueueFilter):
        """Java's ``availableFilter`` / ``reachableFilter``: the tolerance's ``is_available`` or ``is_reachable``
        of the queue's broker."""

        def __init__(self, strategy: "MQFaultStrategy", reachable: bool) -> None:
            self.strategy = strategy
            self.reachable = reachable

        def filter(self, mq: MessageQueue) -> bool:
            tolerance = self.strategy.latency_fault_tolerance
            if self.reachable:
                return tolerance.is_reachable(mq.get_broker_name())
            return tolerance.is_available(mq.get_broker_name())

    latency_fault_tolerance: Prop[LatencyFaultTolerance[str]] = Prop(LatencyFaultTolerance, required=True)
    # (a ListOf Prop is a Prop[Any]: the annotations give their reads their type)
    latency_max: Prop[List[int]] = Prop(ListOf(int), [50, 100, 550, 1800, 3000, 5000, 15000])
    not_available_duration: Prop[List[int]] = Prop(ListOf(int), [0, 0, 2000, 5000, 6000, 10000, 30000])
    send_latency_fault_enable = Prop(bool, False)
    start_detector_enable = Prop(bool, False)

    def get_latency_fault_tolerance(self) -> LatencyFaultTolerance[str]: return self.latency_fault_tolerance
    def set_latency_fault_tolerance(self, latency_fault_tolerance: Optional[LatencyFaultTolerance[str]]) -> None:
        self.latency_fault_tolerance = latency_fault_tolerance
    def get_latency_max(self) -> List[int]: return self.latency_max
    def get_not_available_duration(self) -> List[int]: return self.not_available_duration
    def get_send_latency_fault_enable(self) -> bool: return self.send_latency_fault_enable
    def is_send_latency_fault_enable(self) -> bool: return self.send_latency_fault_enable
    def set_send_latency_fault_enable(self, send_latency_fault_enable: bool) -> None:
        self.send_latency_fault_enable = send_latency_fault_enable
    def get_start_detector_enable(self) -> bool: return self.start_detector_enable
    def is_start_detector_enable(self) -> bool: return self.start_detector_enable

    def __init__(self, cc: "ClientConfig", fetcher: Optional[Resolver] = None,
                 service_detector: Optional[ServiceDetector] = None,
                 tolerance: Optional[LatencyFaultTolerance[str]] = None) -> None:
        """Java's two constructors: ``(cc, fetcher, service_detector)`` builds a LatencyFaultToleranceImpl;
        ``(cc, tolerance=...)`` (Java's for unit tests) uses the given one. Both take the detect settings,
        ``start_detector_enable`` and ``send_latency_enable`` of ``cc``."""
        super().__init__()
        self.latency_fault_tolerance = (tolerance if tolerance is not None
                                        else LatencyFaultToleranceImpl(fetcher, service_detector))
        self.latency_fault_tolerance.set_detect_interval(cc.get_detect_interval())
        self.latency_fault_tolerance.set_detect_timeout(cc.get_detect_timeout())
        self.set_start_detector_enable(cc.is_start_detector_enable())
        self.set_send_latency_fault_enable(cc.is_send_latency_enable())
        self._thread_broker_filter = threading.local()
        self._available_filter = MQFaultStrategy._ToleranceFilter(self, False)
        self._reachable_filter = MQFaultStrategy._ToleranceFilter(self, True)

    def get_available_filter(self) -> TopicPublishInfo.QueueFilter:
        return self._available_filter

    def get_reachable_filter(self) -> TopicPublishInfo.QueueFilter:
        return self._reachable_filter

    def get_thread_broker_filter(self) -> "MQFaultStrategy.BrokerFilter":
        """Java ``getThreadBrokerFilter().get()``: the calling thread's BrokerFilter."""
        broker_filter = getattr(self._thread_broker_filter, "value", None)
        if broker_filter is None:
            broker_filter = self._thread_broker_filter.value = MQFaultStrategy.BrokerFilter()
        return broker_filter

    def set_not_available_duration(self, not_available_duration: List[int]) -> None:
        self.not_available_duration = list(not_available_duration)

    def set_latency_max(self, latency_max: List[int]) -> None:
        self.latency_max = list(latency_max)

    def set_start_detector_enable(self, start_detector_enable: bool) -> None:
        """Java ``setStartDetectorEnable``: also switches the tolerance's detector."""
        self.start_detector_enable = start_detector_enable
        self.latency_fault_tolerance.set_start_detector_enable(start_detector_enable)

    def start_detector(self) -> None:
        """Java ``startDetector``."""
        self.latency_fault_tolerance.start_detector()

    def shutdown(self) -> None:
        """Java ``shutdown``: ends the detector thread."""
        self.latency_fault_tolerance.shutdown()

    def select_one_message_queue(self, tp_info: TopicPublishInfo, last_broker_name: Optional[str],
                                 reset_index: bool = False) -> Optional[MessageQueue]:
        """Java 5.3.3 ``selectOneMessageQueue``: with the fault strategy on (``reset_index`` on a retry restarts
        the round robin), a queue of an available broker other than the last one, else of a reachable one,
        else the next queue; off, a queue of another broker than the last one, else the next queue."""
        broker_filter = self.get_thread_broker_filter()
        broker_filter.set_last_broker_name(last_broker_name)
        if self.send_latency_fault_enable:
            if reset_index:
                tp_info.reset_index()
            mq = tp_info.select_one_message_queue(self._available_filter, broker_filter)
            if mq is not None:
                return mq
            mq = tp_info.select_one_message_queue(self._reachable_filter, broker_filter)
            if mq is not None:
                return mq
            return tp_info.select_one_message_queue()
        mq = tp_info.select_one_message_queue(broker_filter)
        if mq is not None:
            return mq
        return tp_info.select_one_message_queue()

    def update_fault_item(self, broker_name: str, current_latency: int, isolation: bool, reachable: bool) -> None:
        """Java 5.3.3 ``updateFaultItem``: no-op unless ``send_latency_fault_enable``."""
        if self.send_latency_fault_enable:
            duration = self.compute_not_available_duration(10000 if isolation else current_latency)
            self.latency_fault_tolerance.update_fault_item(broker_name, current_latency, duration, reachable)

    def compute_not_available_duration(self, current_latency: int) -> int:
        """Java ``computeNotAvailableDuration`` (private there): scanning from the largest threshold down, the
        duration of the first ``latency_max[i] <= current_latency``; 0 if none."""
        latency_max = self.latency_max
        for i in range(len(latency_max) - 1, -1, -1):
            if current_latency >= latency_max[i]:
                return self.not_available_duration[i]
        return 0
