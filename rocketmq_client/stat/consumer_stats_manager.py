"""Java ``org.apache.rocketmq.client.stat.ConsumerStatsManager``: pull and consume statistics per topic@group.

Java samples ``StatsItemSet`` counters on the scheduled executor; here each item keeps one-second buckets for
an hour (each thread counting its current second in its own cell, like Java's ``LongAdder``, so the consume
threads do not wait on each other) and computes the minute/hour snapshots on demand (no background task)."""
from __future__ import annotations

import collections
import threading
import time
from typing import Any, Deque, Dict, List, Optional

from rocketmq_common.protocol.body.consume_status import ConsumeStatus
from rocketmq_common.stats.stats_snapshot import StatsSnapshot

__all__ = ["ConsumerStatsManager", "StatsItemSet", "StatsSnapshot"]

_HOUR_SECONDS = 3600
_MINUTE_SECONDS = 60
_get_ident = threading.get_ident
_time = time.time


class _StatsItem:
    """One counter: ``[second, value, times]`` buckets of the last hour.

    Java's ``StatsItem`` counts with ``LongAdder`` cells so that writers never contend. Here each writing thread
    owns a cell, the ``[second, value, times]`` bucket of its current second (keyed by ``threading.get_ident()``;
    an id is reused only after its thread ended, so a cell has one writer): adding within that second is two
    ``+=`` on the thread's own list, without a lock. When the thread's second changes, the finished cell is merged
    into the shared, time-ordered bucket deque under the item's lock (once per second per thread). A snapshot
    takes that lock and sums the shared buckets and the current cells, so no bucket is counted twice; like
    ``LongAdder.sum()`` it may miss an addition in progress."""

    __slots__ = ("cells", "buckets", "created", "lock")

    def __init__(self, now: float) -> None:
        self.cells: Dict[int, List[int]] = {}
        self.buckets: Deque[List[int]] = collections.deque()
        self.created = now
        self.lock = threading.Lock()

    def add(self, second: int, value: int, times: int) -> None:
        ident = _get_ident()
        cell = self.cells.get(ident)
        if cell is not None and cell[0] == second:
            cell[1] += value
            cell[2] += times
            return
        with self.lock:
            if cell is not None:
                self._merge(cell)
            self.cells[ident] = [second, value, times]
            buckets = self.buckets
            limit = second - _HOUR_SECONDS
            while buckets and buckets[0][0] <= limit:
                buckets.popleft()

    def _merge(self, cell: List[int]) -> None:
        # caller holds self.lock; the buckets stay ordered by second (a cell may be older than the last bucket)
        buckets = self.buckets
        second = cell[0]
        for i in range(len(buckets) - 1, -1, -1):
            bucket = buckets[i]
            if bucket[0] == second:
                bucket[1] += cell[1]
                bucket[2] += cell[2]
                return
            if bucket[0] < second:
                buckets.insert(i + 1, list(cell))
                return
        buckets.appendleft(list(cell))

    def snapshot(self, now: float, window_seconds: int) -> StatsSnapshot:
        limit = int(now) - window_seconds
        total = times = 0
        with self.lock:
            for second, value, count in reversed(self.buckets):
                if second <= limit:
                    break
                total += value
                times += count
            for second, value, count in list(self.cells.values()):
                if second > limit:
                    total += value
                    times += count
        elapsed = max(1.0, min(float(window_seconds), now - self.created))
        return StatsSnapshot(sum=total, tps=total / elapsed, times=times, avgpt=(total / times) if times else 0.0)


class StatsItemSet:
    """Java ``StatsItemSet``: counters by key (``topic@group``). Adding takes no lock within a second (see
    :class:`_StatsItem`); a new key is created under the set's lock (Java ``getAndCreateStatsItem``)."""

    def __init__(self, stats_name: str) -> None:
        self.stats_name = stats_name
        self._items: Dict[str, _StatsItem] = {}
        self._lock = threading.Lock()

    def add_value(self, stats_key: str, inc_value: int, inc_times: int) -> None:
        """Java ``addValue`` / ``addRTValue``."""
        now = _time()
        item = self._items.get(stats_key)
        if item is None:
            with self._lock:
                item = self._items.get(stats_key)
                if item is None:
                    item = self._items[stats_key] = _StatsItem(now)
        item.add(int(now), inc_value, inc_times)

    def _snapshot(self, stats_key: str, window_seconds: int) -> Optional[StatsSnapshot]:
        item = self._items.get(stats_key)
        if item is None:
            return None
        return item.snapshot(_time(), window_seconds)

    def get_stats_data_in_minute(self, stats_key: str) -> Optional[StatsSnapshot]:
        """Java ``getStatsDataInMinute``."""
        return self._snapshot(stats_key, _MINUTE_SECONDS)

    def get_stats_data_in_hour(self, stats_key: str) -> Optional[StatsSnapshot]:
        """Java ``getStatsDataInHour``."""
        return self._snapshot(stats_key, _HOUR_SECONDS)


class ConsumerStatsManager:
    """Java ``ConsumerStatsManager``: pull RT/TPS and consume RT/OK TPS/failed TPS by topic and group."""

    TOPIC_AND_GROUP_CONSUME_OK_TPS = "CONSUME_OK_TPS"
    TOPIC_AND_GROUP_CONSUME_FAILED_TPS = "CONSUME_FAILED_TPS"
    TOPIC_AND_GROUP_CONSUME_RT = "CONSUME_RT"
    TOPIC_AND_GROUP_PULL_TPS = "PULL_TPS"
    TOPIC_AND_GROUP_PULL_RT = "PULL_RT"

    def __init__(self, scheduled_executor_service: Any = None) -> None:
        # Java samples on ``scheduled_executor_service``; the on-demand windows here need no task
        self.topic_and_group_consume_ok_tps = StatsItemSet(self.TOPIC_AND_GROUP_CONSUME_OK_TPS)
        self.topic_and_group_consume_rt = StatsItemSet(self.TOPIC_AND_GROUP_CONSUME_RT)
        self.topic_and_group_consume_failed_tps = StatsItemSet(self.TOPIC_AND_GROUP_CONSUME_FAILED_TPS)
        self.topic_and_group_pull_tps = StatsItemSet(self.TOPIC_AND_GROUP_PULL_TPS)
        self.topic_and_group_pull_rt = StatsItemSet(self.TOPIC_AND_GROUP_PULL_RT)

    def start(self) -> None:
        """Java ``start`` (nothing to do)."""

    def shutdown(self) -> None:
        """Java ``shutdown`` (nothing to do)."""

    def inc_pull_rt(self, group: str, topic: str, rt: int) -> None:
        """Java ``incPullRT``."""
        self.topic_and_group_pull_rt.add_value(topic + "@" + group, rt, 1)

    def inc_pull_tps(self, group: str, topic: str, msgs: int) -> None:
        """Java ``incPullTPS``."""
        self.topic_and_group_pull_tps.add_value(topic + "@" + group, msgs, 1)

    def inc_consume_rt(self, group: str, topic: str, rt: int) -> None:
        """Java ``incConsumeRT``."""
        self.topic_and_group_consume_rt.add_value(topic + "@" + group, rt, 1)

    def inc_consume_ok_tps(self, group: str, topic: str, msgs: int) -> None:
        """Java ``incConsumeOKTPS``."""
        self.topic_and_group_consume_ok_tps.add_value(topic + "@" + group, msgs, 1)

    def inc_consume_failed_tps(self, group: str, topic: str, msgs: int) -> None:
        """Java ``incConsumeFailedTPS``."""
        self.topic_and_group_consume_failed_tps.add_value(topic + "@" + group, msgs, 1)

    def consume_status(self, group: str, topic: str) -> ConsumeStatus:
        """Java ``consumeStatus``: the minute figures (consume RT falls back to the hour when the minute is
        empty) and the failed messages of the hour."""
        key = topic + "@" + group
        cs = ConsumeStatus()
        ss = self.topic_and_group_pull_rt.get_stats_data_in_minute(key)
        if ss is not None:
            cs.set_pull_rt(ss.get_avgpt())
        ss = self.topic_and_group_pull_tps.get_stats_data_in_minute(key)
        if ss is not None:
            cs.set_pull_tps(ss.get_tps())
        ss = self.topic_and_group_consume_rt.get_stats_data_in_minute(key)
        if ss is not None and ss.get_sum() == 0:
            ss = self.topic_and_group_consume_rt.get_stats_data_in_hour(key)
        if ss is not None:
            cs.set_consume_rt(ss.get_avgpt())
        ss = self.topic_and_group_consume_ok_tps.get_stats_data_in_minute(key)
        if ss is not None:
            cs.set_consume_ok_tps(ss.get_tps())
        ss = self.topic_and_group_consume_failed_tps.get_stats_data_in_minute(key)
        if ss is not None:
            cs.set_consume_failed_tps(ss.get_tps())
        ss = self.topic_and_group_consume_failed_tps.get_stats_data_in_hour(key)
        if ss is not None:
            cs.set_consume_failed_msgs(ss.get_sum())
        return cs
