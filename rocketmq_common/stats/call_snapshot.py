"""Java ``org.apache.rocketmq.common.stats.CallSnapshot`` (package-private in ``StatsItem.java``)."""
from __future__ import annotations

from typing import NamedTuple

__all__ = ["CallSnapshot"]


class CallSnapshot(NamedTuple):
    """A sample of a :class:`~rocketmq_common.stats.stats_item.StatsItem`: when (epoch millis), and its
    ``times`` and ``value`` counters then."""

    timestamp: int
    times: int
    value: int

    def get_timestamp(self) -> int:
        return self.timestamp

    def get_times(self) -> int:
        return self.times

    def get_value(self) -> int:
        return self.value
