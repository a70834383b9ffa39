"""Java ``org.apache.rocketmq.common.stats.StatsItem``: a counter pair sampled every 10 seconds, 10 minutes and
hour, whose last samples give the figures of the last minute, hour and day.

``value`` (what was added: messages, bytes, milliseconds) and ``times`` (how many additions) are Java's two
``LongAdder``s, and kept the same way: one cell per thread (by thread ident), which only that thread writes, so an
addition (:meth:`StatsItem.add`, the broker's hot path: a few calls per counted request) takes no lock and loses
nothing, and a read sums the cells (as ``LongAdder.sum``, not an atomic snapshot). The cells are bounded by the
idents of the threads that ever counted (an ident is reused after its thread ends). The sample lists are
Java's: 7 samples 10 s apart (a minute), 7 samples 10 min apart (an hour), 25 samples an hour apart (a day), the
first one a zero sample one period before the first sampling.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import deque
from typing import Callable, Deque, Dict, List, Optional, Tuple

from rocketmq_common.stats.call_snapshot import CallSnapshot
from rocketmq_common.stats.stats_snapshot import StatsSnapshot
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["StatsItem"]

_get_ident = threading.get_ident

_MINUTE_SAMPLES, _HOUR_SAMPLES, _DAY_SAMPLES = 7, 7, 25


def _now_millis() -> int:
    return int(time.time() * 1000)


class StatsItem(Bean):
    """See the module docstring. ``scheduled_executor_service`` is a
    :class:`~rocketmq_remoting.common.scheduled_executor.ScheduledExecutor` (used by :meth:`init` only: the
    item sets sample their items themselves)."""

    stats_name = Prop(str, required=True)
    stats_key = Prop(str, required=True)

    def get_stats_name(self) -> str: return self.stats_name
    def set_stats_name(self, stats_name: Optional[str]) -> None: self.stats_name = stats_name
    def get_stats_key(self) -> str: return self.stats_key
    def set_stats_key(self, stats_key: Optional[str]) -> None: self.stats_key = stats_key

    def __init__(self, stats_name: str, stats_key: str, scheduled_executor_service, log: logging.Logger) -> None:
        self.stats_name = stats_name
        self.stats_key = stats_key
        self.scheduled_executor_service = scheduled_executor_service
        self.log = log
        self._cells: Dict[int, List[int]] = {}  # thread ident -> [value, times]
        self._cs_lock = threading.Lock()
        self.cs_list_minute: Deque[CallSnapshot] = deque()
        self.cs_list_hour: Deque[CallSnapshot] = deque()
        self.cs_list_day: Deque[CallSnapshot] = deque()

    # ------------------------------------------------------------------ counting (the hot path)

    def add(self, inc_value: int, inc_times: int = 1) -> None:
        """Java ``getValue().add(incValue); getTimes().add(incTimes)``: into the calling thread's cell."""
        cell = self._cells.get(_get_ident())
        if cell is None:
            cell = self._cells.setdefault(_get_ident(), [0, 0])
        cell[0] += inc_value
        cell[1] += inc_times

    def _sums(self) -> Tuple[int, int]:
        value = times = 0
        for cell in tuple(self._cells.values()):
            value += cell[0]
            times += cell[1]
        return value, times

    def get_value(self) -> int:
        """Java ``getValue().sum()``."""
        return self._sums()[0]

    def get_times(self) -> int:
        """Java ``getTimes().sum()``."""
        return self._sums()[1]

    # ------------------------------------------------------------------ figures

    def _compute_stats_data(self, cs_list: Deque[CallSnapshot]) -> StatsSnapshot:
        """Java ``computeStatsData``: the difference between the first and last samples (no TPS while both are
        taken in the same millisecond, where Java divides by zero)."""
        snapshot = StatsSnapshot()
        with self._cs_lock:
            if cs_list:
                first, last = cs_list[0], cs_list[-1]
                snapshot.sum = last.value - first.value
                elapsed = last.timestamp - first.timestamp
                snapshot.tps = snapshot.sum * 1000.0 / elapsed if elapsed > 0 else 0.0
                snapshot.times = last.times - first.times
                if snapshot.times > 0:
                    snapshot.avgpt = snapshot.sum * 1.0 / snapshot.times
        return snapshot

    def get_stats_data_in_minute(self) -> StatsSnapshot:
        return self._compute_stats_data(self.cs_list_minute)

    def get_stats_data_in_hour(self) -> StatsSnapshot:
        return self._compute_stats_data(self.cs_list_hour)

    def get_stats_data_in_day(self) -> StatsSnapshot:
        return self._compute_stats_data(self.cs_list_day)

    # ------------------------------------------------------------------ sampling

    def _sample(self, cs_list: Deque[CallSnapshot], period_millis: int, max_samples: int) -> None:
        value, times = self._sums()
        now = _now_millis()
        with self._cs_lock:
            if not cs_list:
                cs_list.append(CallSnapshot(now - period_millis, 0, 0))
            cs_list.append(CallSnapshot(now, times, value))
            if len(cs_list) > max_samples:
                cs_list.popleft()

    def sampling_in_seconds(self) -> None:
        """Java ``samplingInSeconds`` (every 10 s)."""
        self._sample(self.cs_list_minute, 10 * 1000, _MINUTE_SAMPLES)

    def sampling_in_minutes(self) -> None:
        """Java ``samplingInMinutes`` (every 10 min)."""
        self._sample(self.cs_list_hour, 10 * 60 * 1000, _HOUR_SAMPLES)

    def sampling_in_hour(self) -> None:
        """Java ``samplingInHour`` (every hour)."""
        self._sample(self.cs_list_day, 60 * 60 * 1000, _DAY_SAMPLES)

    def init(self) -> None:
        """Java ``init``: schedule this item's own sampling and logging (an item of a
        :class:`~rocketmq_common.stats.stats_item_set.StatsItemSet` is sampled by its set instead)."""
        executor = self.scheduled_executor_service
        executor.schedule_at_fixed_rate(self.sampling_in_seconds, 0, 10 * 1000)
        executor.schedule_at_fixed_rate(self.sampling_in_minutes, 0, 10 * 60 * 1000)
        executor.schedule_at_fixed_rate(self.sampling_in_hour, 0, 60 * 60 * 1000)
        schedule_logging(executor, self.print_at_minutes, self.print_at_hour, self.print_at_day, 2000)

    # ------------------------------------------------------------------ logging

    def print_at_minutes(self) -> None:
        self.log.info("[%s] [%s] Stats In One Minute, %s", self.stats_name, self.stats_key,
                      self.stat_print_detail(self.get_stats_data_in_minute()))

    def print_at_hour(self) -> None:
        self.log.info("[%s] [%s] Stats In One Hour, %s", self.stats_name, self.stats_key,
                      self.stat_print_detail(self.get_stats_data_in_hour()))

    def print_at_day(self) -> None:
        self.log.info("[%s] [%s] Stats In One Day, %s", self.stats_name, self.stats_key,
                      self.stat_print_detail(self.get_stats_data_in_day()))

    def stat_print_detail(self, ss: StatsSnapshot) -> str:
        """Java ``statPrintDetail``."""
        return "SUM: %d TPS: %.2f AVGPT: %.2f" % (ss.sum, ss.tps, ss.avgpt)

    def __repr__(self) -> str:
        return "StatsItem(%s, %s, value=%d, times=%d)" % ((self.stats_name, self.stats_key) + self._sums())


def schedule_logging(executor, at_minutes: Callable[[], None], at_hour: Callable[[], None],
                     at_day: Callable[[], None], day_advance_millis: int = 0) -> None:
    """The logging schedule Java's ``init`` methods share: at the start of every minute, hour and (less
    ``day_advance_millis``) day."""
    now = _now_millis()
    executor.schedule_at_fixed_rate(at_minutes, abs(UtilAll.compute_next_minutes_time_millis() - now), 1000 * 60)
    executor.schedule_at_fixed_rate(at_hour, abs(UtilAll.compute_next_hour_time_millis() - now), 1000 * 60 * 60)
    executor.schedule_at_fixed_rate(at_day, max(0, abs(UtilAll.compute_next_morning_time_millis() - now)
                                                - day_advance_millis), 1000 * 60 * 60 * 24)
