"""Java ``org.apache.rocketmq.client.latency.MQFaultStrategy``: queue selection for sends (PROTOCOL.md §6.6)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, List, Optional

from rocketmq_client.latency.latency_fault_tolerance import LatencyFaultTolerance
from rocketmq_client.latency.latency_fault_tolerance_impl import LatencyFaultToleranceImpl
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import ListOf, Prop, TypedBean

if TYPE_CHECKING:
    from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo

__all__ = ["MQFaultStrategy"]

log = logging.getLogger(__name__)

_INT_MIN = -(1 << 31)


def _next_int(index: int) -> int:
    """Java ``index++`` on an int (wraps at 2^31)."""
    index += 1
    return _INT_MIN if index > 0x7FFFFFFF else index


class MQFaultStrategy(TypedBean):
    """Round-robin queue selection; with ``send_latency_fault_enable`` brokers are isolated after slow or failed
    sends (latency >= ``latency_max[i]`` bans the broker for ``not_available_duration[i]`` ms; a failure counts as
    30 000 ms).

    One deliberate difference with 4.9.7: when every broker is isolated, the "least bad" broker's queue is
    returned as a new MessageQueue instead of being written into the cached route's queue object (the 4.9.8 fix:
    4.9.7 corrupts the cached publish info until the next route refresh).
    """

    latency_fault_tolerance: Prop[LatencyFaultTolerance[str]] = Prop(LatencyFaultTolerance,
                                                                     factory=LatencyFaultToleranceImpl)
    # (a ListOf Prop is a Prop[Any]: the annotations give their reads their type)
    latency_max: Prop[List[int]] = Prop(ListOf(int), [50, 100, 550, 1000, 2000, 3000, 15000])
    not_available_duration: Prop[List[int]] = Prop(ListOf(int), [0, 0, 30000, 60000, 120000, 180000, 600000])
    send_latency_fault_enable = Prop(bool, False)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_latency_fault_tolerance(self) -> LatencyFaultTolerance: ...
        def set_latency_fault_tolerance(self, latency_fault_tolerance: LatencyFaultTolerance) -> None: ...
        def get_latency_max(self) -> List[int]: ...
        def get_not_available_duration(self) -> List[int]: ...
        def get_send_latency_fault_enable(self) -> bool: ...
        def is_send_latency_fault_enable(self) -> bool: ...
        def set_send_latency_fault_enable(self, send_latency_fault_enable: bool) -> None: ...
    # end of generated accessors

    def __init__(self, latency_fault_tolerance: Optional[LatencyFaultTolerance[str]] = None) -> None:
        super().__init__()
        if latency_fault_tolerance is not None:
            self.latency_fault_tolerance = latency_fault_tolerance

    def set_not_available_duration(self, not_available_duration: List[int]) -> None:
        self.not_available_duration = list(not_available_duration)

    def set_latency_max(self, latency_max: List[int]) -> None:
        self.latency_max = list(latency_max)

    def select_one_message_queue(self, tp_info: "TopicPublishInfo",
                                 last_broker_name: Optional[str]) -> Optional[MessageQueue]:
        """Java ``selectOneMessageQueue``."""
        if not self.send_latency_fault_enable:
            return tp_info.select_one_message_queue(last_broker_name)
        fault_tolerance = self.latency_fault_tolerance
        try:
            queues = tp_info.get_message_queue_list()
            size = len(queues)
            index = tp_info.get_send_which_queue().increment_and_get()
            for _ in range(size):
                # Java: Math.abs(index++) % size, and 0 when that is negative (index == Integer.MIN_VALUE)
                pos = 0 if index == _INT_MIN else abs(index) % size
                index = _next_int(index)
                mq = queues[pos]
                if fault_tolerance.is_available(mq.get_broker_name()):
                    return mq
            not_best_broker = fault_tolerance.pick_one_at_least()
            write_queue_nums = tp_info.get_queue_id_by_broker(not_best_broker) if not_best_broker is not None else -1
            if write_queue_nums > 0:
                mq = tp_info.select_one_message_queue()
                if not_best_broker is not None:
                    mq = MessageQueue(mq.get_topic(), not_best_broker,
                                      tp_info.get_send_which_queue().increment_and_get() % write_queue_nums)
                return mq
            if not_best_broker is not None:
                fault_tolerance.remove(not_best_broker)
        except Exception:
            log.error("Error occurred when selecting message queue", exc_info=True)
        return tp_info.select_one_message_queue()

    def update_fault_item(self, broker_name: str, current_latency: int, isolation: bool) -> None:
        """Java ``updateFaultItem``: no-op unless ``send_latency_fault_enable``."""
        if self.send_latency_fault_enable:
            duration = self.compute_not_available_duration(30000 if isolation else current_latency)
            self.latency_fault_tolerance.update_fault_item(broker_name, current_latency, duration)

    def compute_not_available_duration(self, current_latency: int) -> int:
        """Java ``computeNotAvailableDuration`` (private there): scanning from the largest threshold down, the
        duration of the first ``latency_max[i] <= current_latency``; 0 if none."""
        latency_max = self.latency_max
        for i in range(len(latency_max) - 1, -1, -1):
            if current_latency >= latency_max[i]:
                return self.not_available_duration[i]
        return 0
