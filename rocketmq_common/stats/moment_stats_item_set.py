"""Java ``org.apache.rocketmq.common.stats.MomentStatsItemSet``: the :class:`MomentStatsItem` s of one statistic
(``GROUP_GET_FALL_SIZE``, ``GROUP_GET_FALL_TIME``) by key, logged every 5 minutes."""
from __future__ import annotations

import logging
import time
from typing import Dict, Optional

from rocketmq_common.stats.moment_stats_item import MomentStatsItem
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

__all__ = ["MomentStatsItemSet"]


class MomentStatsItemSet(Bean):
    """See the module docstring."""

    # (a MapOf Prop is a Prop[Any]: the annotation gives its reads their type)
    stats_item_table: Prop[Dict[str, MomentStatsItem]] = Prop(MapOf(str, MomentStatsItem), {})
    stats_name = Prop(str, required=True)

    def get_stats_item_table(self) -> Dict[str, MomentStatsItem]: return self.stats_item_table
    def set_stats_item_table(self, stats_item_table: Dict[str, MomentStatsItem]) -> None:
        self.stats_item_table = stats_item_table
    def get_stats_name(self) -> str: return self.stats_name
    def set_stats_name(self, stats_name: Optional[str]) -> None: self.stats_name = stats_name

    def __init__(self, stats_name: str, scheduled_executor_service, log: logging.Logger) -> None:
        super().__init__()  # the declared defaults
        self.stats_name = stats_name
        self.scheduled_executor_service = scheduled_executor_service
        self.log = log
        self.init()

    def init(self) -> None:
        """Java ``init``: log every item every 5 minutes from the next minute."""
        self.scheduled_executor_service.schedule_at_fixed_rate(
            self.print_at_minutes, abs(UtilAll.compute_next_minutes_time_millis() - int(time.time() * 1000)),
            1000 * 60 * 5)

    def print_at_minutes(self) -> None:
        for item in tuple(self.stats_item_table.values()):
            item.print_at_minutes()

    def set_value(self, stats_key: str, value: int) -> None:
        """Java ``setValue``."""
        self.get_and_create_stats_item(stats_key).value = value

    def del_value_by_infix_key(self, stats_key: str, separator: str) -> None:
        infix = separator + stats_key + separator
        for key in [key for key in tuple(self.stats_item_table) if infix in key]:
            self.stats_item_table.pop(key, None)

    def del_value_by_suffix_key(self, stats_key: str, separator: str) -> None:
        suffix = separator + stats_key
        for key in [key for key in tuple(self.stats_item_table) if key.endswith(suffix)]:
            self.stats_item_table.pop(key, None)

    def get_and_create_stats_item(self, stats_key: str) -> MomentStatsItem:
        item = self.stats_item_table.get(stats_key)
        if item is None:
            item = self.stats_item_table.setdefault(
                stats_key, MomentStatsItem(self.stats_name, stats_key, self.scheduled_executor_service, self.log))
        return item
