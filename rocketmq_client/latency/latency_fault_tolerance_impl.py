"""Java ``org.apache.rocketmq.client.latency.LatencyFaultToleranceImpl`` (with its inner class ``FaultItem``)."""
from __future__ import annotations

import functools
import time
from typing import TYPE_CHECKING, Callable, Dict, List, Optional

from rocketmq_client.common.thread_local_index import ThreadLocalIndex
from rocketmq_client.latency.latency_fault_tolerance import LatencyFaultTolerance
from rocketmq_remoting.common.bean import MapOf, Prop, TypedBean

__all__ = ["LatencyFaultToleranceImpl", "FaultItem"]


def _current_time_millis() -> int:
    return int(time.time() * 1000)


class FaultItem(TypedBean):
    """Java ``LatencyFaultToleranceImpl.FaultItem``: a broker's last latency and the time it is available again
    (``start_timestamp``)."""

    current_latency = Prop(int, 0)
    start_timestamp = Prop(int, 0)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_current_latency(self) -> int: ...
        def set_current_latency(self, current_latency: int) -> None: ...
        def get_start_timestamp(self) -> int: ...
        def set_start_timestamp(self, start_timestamp: int) -> None: ...
    # end of generated accessors

    def __init__(self, name: str, clock: Callable[[], int] = _current_time_millis) -> None:
        self._name = name
        self.current_latency = 0
        self.start_timestamp = 0
        self._clock = clock

    def is_available(self) -> bool:
        """Java ``isAvailable``: the isolation period is over."""
        return self._clock() - self.start_timestamp >= 0

    def compare_to(self, other: "FaultItem") -> int:
        """Java ``compareTo``: available first, then lower latency, then earlier availability."""
        if self.is_available() != other.is_available():
            return -1 if self.is_available() else 1
        if self.current_latency != other.current_latency:
            return -1 if self.current_latency < other.current_latency else 1
        if self.start_timestamp != other.start_timestamp:
            return -1 if self.start_timestamp < other.start_timestamp else 1
        return 0

    def get_name(self) -> str:
        return self._name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FaultItem):
            return NotImplemented
        return (self._name, self.current_latency, self.start_timestamp) == (
            other._name, other.current_latency, other.start_timestamp)

    def __hash__(self) -> int:
        return hash((self._name, self.current_latency, self.start_timestamp))

    def __repr__(self) -> str:
        return "FaultItem{name='%s', currentLatency=%s, startTimestamp=%s}" % (
            self._name, self.current_latency, self.start_timestamp)


class LatencyFaultToleranceImpl(LatencyFaultTolerance[str], TypedBean):
    """Fault items by broker name. ``clock`` (milliseconds) is ``time.time()``-based; tests pass a fake one."""

    # (a MapOf Prop is a Prop[Any]: the annotation gives its reads their type)
    fault_item_table: Prop[Dict[str, FaultItem]] = Prop(MapOf(str, FaultItem), {})

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_fault_item_table(self) -> Dict[str, FaultItem]: ...
        def set_fault_item_table(self, fault_item_table: Dict[str, FaultItem]) -> None: ...
    # end of generated accessors

    def __init__(self, clock: Callable[[], int] = _current_time_millis) -> None:
        self.fault_item_table = {}
        self._which_item_worst = ThreadLocalIndex()
        self._clock = clock

    def update_fault_item(self, name: str, current_latency: int, not_available_duration: int) -> None:
        item = self.fault_item_table.get(name)
        if item is None:
            item = self.fault_item_table.setdefault(name, FaultItem(name, self._clock))
        item.current_latency = current_latency
        item.start_timestamp = self._clock() + not_available_duration

    def is_available(self, name: str) -> bool:
        item = self.fault_item_table.get(name)
        return item is None or item.is_available()

    def remove(self, name: str) -> None:
        self.fault_item_table.pop(name, None)

    def pick_one_at_least(self) -> Optional[str]:
        items: List[FaultItem] = list(self.fault_item_table.values())
        if not items:
            return None
        items.sort(key=functools.cmp_to_key(FaultItem.compare_to))
        half = len(items) // 2
        if half <= 0:
            return items[0].get_name()
        return items[self._which_item_worst.increment_and_get() % half].get_name()

    def __repr__(self) -> str:
        return "LatencyFaultToleranceImpl{faultItemTable=%s, whichItemWorst=%s}" % (
            self.fault_item_table, self._which_item_worst)
