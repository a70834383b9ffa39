"""Java 5.3.3 ``org.apache.rocketmq.client.latency.LatencyFaultToleranceImpl`` (with its inner class ``FaultItem``):
fault items by broker name, and the detector that probes unreachable brokers."""
from __future__ import annotations

import logging
import random
import time
from typing import Callable, Dict, List, Optional

from rocketmq_client.common.thread_local_index import ThreadLocalIndex
from rocketmq_client.latency.latency_fault_tolerance import LatencyFaultTolerance
from rocketmq_client.latency.resolver import Resolver
from rocketmq_client.latency.service_detector import ServiceDetector
from rocketmq_remoting.common.bean import Bean, MapOf, Prop
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor

__all__ = ["LatencyFaultToleranceImpl", "FaultItem"]

log = logging.getLogger(__name__)

#: Java's fixed rate of the detector task (ms)
DETECTOR_PERIOD_MILLIS = 3000


def _current_time_millis() -> int:
    return int(time.time() * 1000)


class FaultItem(Bean):
    """Java 5.3.3 ``LatencyFaultToleranceImpl.FaultItem``: a broker's last latency, the time it is available again
    (``start_timestamp``), whether it is reachable and when the detector may probe it next (``check_stamp``)."""

    current_latency = Prop(int, 0)
    start_timestamp = Prop(int, 0)
    check_stamp = Prop(int, 0)
    reachable_flag = Prop(bool, False)

    def get_current_latency(self) -> int: return self.current_latency
    def set_current_latency(self, current_latency: int) -> None: self.current_latency = current_latency
    def get_start_timestamp(self) -> int: return self.start_timestamp
    def set_start_timestamp(self, start_timestamp: int) -> None: self.start_timestamp = start_timestamp
    def get_check_stamp(self) -> int: return self.check_stamp
    def set_check_stamp(self, check_stamp: int) -> None: self.check_stamp = check_stamp
    def get_reachable_flag(self) -> bool: return self.reachable_flag
    def is_reachable_flag(self) -> bool: return self.reachable_flag
    def set_reachable_flag(self, reachable_flag: bool) -> None: self.reachable_flag = reachable_flag

    def __init__(self, name: str, clock: Callable[[], int] = _current_time_millis) -> None:
        self._name = name
        self.current_latency = 0
        self.start_timestamp = 0
        self.check_stamp = 0
        self.reachable_flag = False
        self._clock = clock

    def update_not_available_duration(self, not_available_duration: int) -> None:
        """Java ``updateNotAvailableDuration``: isolate for ``not_available_duration`` ms unless already isolated
        longer (a zero duration leaves the isolation as it is)."""
        now = self._clock()
        if not_available_duration > 0 and now + not_available_duration > self.start_timestamp:
            self.start_timestamp = now + not_available_duration
            log.info("%s will be isolated for %d ms.", self._name, not_available_duration)

    def set_reachable(self, reachable_flag: bool) -> None:
        """Java ``setReachable``."""
        self.reachable_flag = reachable_flag

    def is_available(self) -> bool:
        """Java ``isAvailable``: the isolation period is over."""
        return self._clock() >= self.start_timestamp

    def is_reachable(self) -> bool:
        """Java ``isReachable``."""
        return self.reachable_flag

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
        return "FaultItem{name='%s', currentLatency=%s, startTimestamp=%s, reachableFlag=%s}" % (
            self._name, self.current_latency, self.start_timestamp, "true" if self.reachable_flag else "false")


class LatencyFaultToleranceImpl(LatencyFaultTolerance[str], Bean):
    """Java 5.3.3 ``LatencyFaultToleranceImpl``: fault items by broker name. :meth:`start_detector` starts the
    ``LatencyFaultToleranceScheduledThread`` which every 3 s, while ``start_detector_enable``, probes each
    recorded broker at most once per ``detect_interval`` ms (``resolver`` gives its address, ``service_detector``
    probes it within ``detect_timeout`` ms) and makes it reachable again once it answers; a broker the resolver no
    longer knows is forgotten. ``clock`` (milliseconds) is ``time.time()``-based; tests pass a fake one."""

    # (a MapOf Prop is a Prop[Any]: the annotation gives its reads their type)
    fault_item_table: Prop[Dict[str, FaultItem]] = Prop(MapOf(str, FaultItem), {})
    detect_timeout = Prop(int, 200)
    detect_interval = Prop(int, 2000)
    start_detector_enable = Prop(bool, False)

    def get_fault_item_table(self) -> Dict[str, FaultItem]: return self.fault_item_table
    def set_fault_item_table(self, fault_item_table: Dict[str, FaultItem]) -> None:
        self.fault_item_table = fault_item_table
    def get_detect_timeout(self) -> int: return self.detect_timeout
    def set_detect_timeout(self, detect_timeout: int) -> None: self.detect_timeout = detect_timeout
    def get_detect_interval(self) -> int: return self.detect_interval
    def set_detect_interval(self, detect_interval: int) -> None: self.detect_interval = detect_interval
    def get_start_detector_enable(self) -> bool: return self.start_detector_enable
    def is_start_detector_enable(self) -> bool: return self.start_detector_enable
    def set_start_detector_enable(self, start_detector_enable: bool) -> None:
        self.start_detector_enable = start_detector_enable

    def __init__(self, resolver: Optional[Resolver], service_detector: Optional[ServiceDetector],
                 clock: Callable[[], int] = _current_time_millis) -> None:
        super().__init__()
        self._which_item_worst = ThreadLocalIndex()
        self._resolver = resolver
        self._service_detector = service_detector
        self._clock = clock
        self._scheduled_executor_service = ScheduledExecutor("LatencyFaultToleranceScheduledThread")

    def detect_by_one_round(self) -> None:
        """Java ``detectByOneRound``."""
        for name, item in list(self.fault_item_table.items()):
            if self._clock() - item.check_stamp < 0:
                continue
            item.check_stamp = self._clock() + self.detect_interval
            broker_addr = self._resolver.resolve(item.get_name()) if self._resolver is not None else None
            if broker_addr is None:
                self.fault_item_table.pop(name, None)
                continue
            if self._service_detector is None:
                continue
            service_ok = self._service_detector.detect(broker_addr, self.detect_timeout)
            if service_ok and not item.reachable_flag:
                log.info("%s is reachable now, then it can be used.", item.get_name())
                item.reachable_flag = True

    def start_detector(self) -> None:
        """Java ``startDetector``: the detector task at a fixed rate of 3 s (it probes only while enabled)."""
        self._scheduled_executor_service.schedule_at_fixed_rate(self._detect_task, DETECTOR_PERIOD_MILLIS,
                                                                DETECTOR_PERIOD_MILLIS)

    def _detect_task(self) -> None:
        try:
            if self.start_detector_enable:
                self.detect_by_one_round()
        except Exception:
            log.warning("Unexpected exception raised while detecting service reachability", exc_info=True)

    def shutdown(self) -> None:
        """Java ``shutdown``: ends the detector thread."""
        self._scheduled_executor_service.shutdown()

    def update_fault_item(self, name: str, current_latency: int, not_available_duration: int,
                          reachable: bool) -> None:
        """Java ``updateFaultItem``."""
        item = self.fault_item_table.get(name)
        if item is None:
            item = self.fault_item_table.setdefault(name, FaultItem(name, self._clock))
        item.current_latency = current_latency
        item.update_not_available_duration(not_available_duration)
        item.set_reachable(reachable)
        if not reachable:
            log.info("%s is unreachable, it will not be used until it's reachable", name)

    def is_available(self, name: str) -> bool:
        item = self.fault_item_table.get(name)
        return item is None or item.is_available()

    def is_reachable(self, name: str) -> bool:
        item = self.fault_item_table.get(name)
        return item is None or item.is_reachable()

    def remove(self, name: str) -> None:
        self.fault_item_table.pop(name, None)

    def pick_one_at_least(self) -> Optional[str]:
        """Java 5.3.3 ``pickOneAtLeast``: a random reachable broker, None if there is none."""
        items: List[FaultItem] = list(self.fault_item_table.values())
        random.shuffle(items)
        for item in items:
            if item.reachable_flag:
                return item.get_name()
        return None

    def __repr__(self) -> str:
        return "LatencyFaultToleranceImpl{faultItemTable=%s, whichItemWorst=%s}" % (
            self.fault_item_table, self._which_item_worst)
