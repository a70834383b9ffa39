"""Java ``org.apache.rocketmq.client.stat.ConsumerStatsManager``: pull and consume statistics per topic@group.

Java samples ``StatsItemSet`` counters on the scheduled executor; here each item keeps one-second buckets for
an hour and computes the minute/hour snapshots on demand (no background task)."""
from __future__ import annotations

import collections
import threading
import time
from typing import Any, Deque, Dict, List, Optional

from rocketmq_common.protocol.body.consume_status import ConsumeStatus

__all__ = ["ConsumerStatsManager", "StatsItemSet", "StatsSnapshot"]

_HOUR_SECONDS = 3600
_MINUTE_SECONDS = 60


class StatsSnapshot:
    """Java ``StatsSnapshot``: value sum, call count, per-second rate and average value per call."""

    __slots__ = ("sum", "times", "tps", "avgpt")

    def __init__(self, sum_: int = 0, times: int = 0, tps: float = 0.0, avgpt: float = 0.0) -> None:
        self.sum = sum_
        self.times = times
        self.tps = tps
        self.avgpt = avgpt

    def get_sum(self) -> int:
        return self.sum

    def get_times(self) -> int:
        return self.times

    def get_tps(self) -> float:
        return self.tps

    def get_avgpt(self) -> float:
        return self.avgpt

    def __repr__(self) -> str:
        return "StatsSnapshot [sum=%d, times=%d, tps=%.2f, avgpt=%.2f]" % (self.sum, self.times, self.tps,
                                                                          self.avgpt)


class _StatsItem:
    """One counter: ``[second, value, times]`` buckets of the last hour."""

    __slots__ = ("buckets", "created")

    def __init__(self, now: float) -> None:
        self.buckets: Deque[List[int]] = collections.deque()
        self.created = now

    def add(self, second: int, value: int, times: int) -> None:
        buckets = self.buckets
        if buckets and buckets[-1][0] == second:
            last = buckets[-1]
            last[1] += value
            last[2] += times
        else:
            buckets.append([second, value, times])
            limit = second - _HOUR_SECONDS
            while buckets and buckets[0][0] <= limit:
                buckets.popleft()

    def snapshot(self, now: float, window_seconds: int) -> StatsSnapshot:
        limit = int(now) - window_seconds
        total = times = 0
        for second, value, count in reversed(self.buckets):
            if second <= limit:
                break
            total += value
            times += count
        elapsed = max(1.0, min(float(window_seconds), now - self.created))
        return StatsSnapshot(total, times, total / elapsed, (total / times) if times else 0.0)


class StatsItemSet:
    """Java ``StatsItemSet``: counters by key (``topic@group``)."""

    def __init__(self, stats_name: str) -> None:
        self.stats_name = stats_name
        self._items: Dict[str, _StatsItem] = {}
        self._lock = threading.Lock()

    def add_value(self, stats_key: str, inc_value: int, inc_times: int) -> None:
        """Java ``addValue`` / ``addRTValue``."""
        now = time.time()
        with self._lock:
            item = self._items.get(stats_key)
            if item is None:
                item = self._items[stats_key] = _StatsItem(now)
            item.add(int(now), inc_value, inc_times)

    def _snapshot(self, stats_key: str, window_seconds: int) -> Optional[StatsSnapshot]:
        with self._lock:
            item = self._items.get(stats_key)
            if item is None:
                return None
            return item.snapshot(time.time(), window_seconds)

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
        self.topic_and_group_pull_rt.add_value(topic + "@" + group, int(rt), 1)

    def inc_pull_tps(self, group: str, topic: str, msgs: int) -> None:
        """Java ``incPullTPS``."""
        self.topic_and_group_pull_tps.add_value(topic + "@" + group, int(msgs), 1)

    def inc_consume_rt(self, group: str, topic: str, rt: int) -> None:
        """Java ``incConsumeRT``."""
        self.topic_and_group_consume_rt.add_value(topic + "@" + group, int(rt), 1)

    def inc_consume_ok_tps(self, group: str, topic: str, msgs: int) -> None:
        """Java ``incConsumeOKTPS``."""
        self.topic_and_group_consume_ok_tps.add_value(topic + "@" + group, int(msgs), 1)

    def inc_consume_failed_tps(self, group: str, topic: str, msgs: int) -> None:
        """Java ``incConsumeFailedTPS``."""
        self.topic_and_group_consume_failed_tps.add_value(topic + "@" + group, int(msgs), 1)

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
