"""Java ``org.apache.rocketmq.common.stats.RTStatsItem``: a response-time item (``GROUP_GET_LATENCY``)."""
from __future__ import annotations

from rocketmq_common.stats.stats_item import StatsItem
from rocketmq_common.stats.stats_snapshot import StatsSnapshot

__all__ = ["RTStatsItem"]


class RTStatsItem(StatsItem):
    """Logs the number of calls and their average time (``AVGRT``): a sum or TPS of milliseconds means
    nothing."""

    def stat_print_detail(self, ss: StatsSnapshot) -> str:
        return "TIMES: %d AVGRT: %.2f" % (ss.times, ss.avgpt)
