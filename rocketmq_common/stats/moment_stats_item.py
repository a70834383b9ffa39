"""Java ``org.apache.rocketmq.common.stats.MomentStatsItem``: a value set from time to time (how far a consumer
reads behind), logged every 5 minutes."""
from __future__ import annotations

import logging
import time
from typing import Optional

from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MomentStatsItem"]


class MomentStatsItem(Bean):
    """See the module docstring. ``value`` is Java's ``AtomicLong`` (set, never incremented: a plain
    attribute)."""

    value = Prop(int, 0)
    stats_name = Prop(str, required=True)
    stats_key = Prop(str, required=True)

    def get_value(self) -> int: return self.value
    def set_value(self, value: int) -> None: self.value = value
    def get_stats_name(self) -> str: return self.stats_name
    def set_stats_name(self, stats_name: Optional[str]) -> None: self.stats_name = stats_name
    def get_stats_key(self) -> str: return self.stats_key
    def set_stats_key(self, stats_key: Optional[str]) -> None: self.stats_key = stats_key

    def __init__(self, stats_name: str, stats_key: str, scheduled_executor_service, log: logging.Logger) -> None:
        self.stats_name = stats_name
        self.stats_key = stats_key
        self.scheduled_executor_service = scheduled_executor_service
        self.log = log
        self.value = 0

    def init(self) -> None:
        """Java ``init``: log and reset the value every 5 minutes from the next minute."""
        def print_and_reset() -> None:
            self.print_at_minutes()
            self.value = 0

        self.scheduled_executor_service.schedule_at_fixed_rate(
            print_and_reset, abs(UtilAll.compute_next_minutes_time_millis() - int(time.time() * 1000)),
            1000 * 60 * 5)

    def print_at_minutes(self) -> None:
        self.log.info("[%s] [%s] Stats Every 5 Minutes, Value: %d", self.stats_name, self.stats_key, self.value)
