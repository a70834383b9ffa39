"""Java ``org.apache.rocketmq.common.stats.StatsItemSet``: the items of one statistic (``TOPIC_PUT_NUMS``, ...)
by key (a topic, ``topic@group``, ...), sampled and logged together on the given scheduled executor."""
from __future__ import annotations

import logging
from typing import Callable, Dict, Optional

from rocketmq_common.stats.rt_stats_item import RTStatsItem
from rocketmq_common.stats.stats_item import StatsItem, schedule_logging
from rocketmq_common.stats.stats_snapshot import StatsSnapshot

__all__ = ["StatsItemSet"]


class StatsItemSet:
    """See the module docstring. The constructor schedules the sampling (every 10 s, 10 min and hour, the first
    at once) and the logging (each minute, hour and day), as Java's does."""

    def __init__(self, stats_name: str, scheduled_executor_service, log: logging.Logger) -> None:
        self.stats_name = stats_name
        self.scheduled_executor_service = scheduled_executor_service
        self.log = log
        self.stats_item_table: Dict[str, StatsItem] = {}
        self.init()

    def init(self) -> None:
        """Java ``init``."""
        executor = self.scheduled_executor_service
        executor.schedule_at_fixed_rate(self.sampling_in_seconds, 0, 10 * 1000)
        executor.schedule_at_fixed_rate(self.sampling_in_minutes, 0, 10 * 60 * 1000)
        executor.schedule_at_fixed_rate(self.sampling_in_hour, 0, 60 * 60 * 1000)
        schedule_logging(executor, self.print_at_minutes, self.print_at_hour, self.print_at_day)

    def _each(self, method: Callable[[StatsItem], None]) -> None:
        for item in tuple(self.stats_item_table.values()):
            method(item)

    def sampling_in_seconds(self) -> None:
        self._each(StatsItem.sampling_in_seconds)

    def sampling_in_minutes(self) -> None:
        self._each(StatsItem.sampling_in_minutes)

    def sampling_in_hour(self) -> None:
        self._each(StatsItem.sampling_in_hour)

    def print_at_minutes(self) -> None:
        self._each(StatsItem.print_at_minutes)

    def print_at_hour(self) -> None:
        self._each(StatsItem.print_at_hour)

    def print_at_day(self) -> None:
        self._each(StatsItem.print_at_day)

    # ------------------------------------------------------------------ counting

    def add_value(self, stats_key: str, inc_value: int, inc_times: int) -> None:
        """Java ``addValue``."""
        item = self.stats_item_table.get(stats_key)
        if item is None:
            item = self.get_and_create_item(stats_key, False)
        item.add(inc_value, inc_times)

    def add_rt_value(self, stats_key: str, inc_value: int, inc_times: int) -> None:
        """Java ``addRTValue``: as :meth:`add_value`, the item an :class:`RTStatsItem`."""
        self.get_and_create_item(stats_key, True).add(inc_value, inc_times)

    def get_and_create_stats_item(self, stats_key: str) -> StatsItem:
        return self.get_and_create_item(stats_key, False)

    def get_and_create_rt_stats_item(self, stats_key: str) -> StatsItem:
        return self.get_and_create_item(stats_key, True)

    def get_and_create_item(self, stats_key: str, rt_item: bool) -> StatsItem:
        """Java ``getAndCreateItem``: the item of ``stats_key``, created on first use (one wins a race, as
        ``putIfAbsent``)."""
        item = self.stats_item_table.get(stats_key)
        if item is None:
            item_class = RTStatsItem if rt_item else StatsItem
            item = self.stats_item_table.setdefault(
                stats_key, item_class(self.stats_name, stats_key, self.scheduled_executor_service, self.log))
        return item

    # ------------------------------------------------------------------ removal

    def del_value(self, stats_key: str) -> None:
        self.stats_item_table.pop(stats_key, None)

    def _del_where(self, matches) -> None:
        for key in [key for key in tuple(self.stats_item_table) if matches(key)]:
            self.stats_item_table.pop(key, None)

    def del_value_by_prefix_key(self, stats_key: str, separator: str) -> None:
        """Java ``delValueByPrefixKey``: the items whose key starts with ``stats_key + separator``."""
        prefix = stats_key + separator
        self._del_where(lambda key: key.startswith(prefix))

    def del_value_by_infix_key(self, stats_key: str, separator: str) -> None:
        """Java ``delValueByInfixKey``: the items whose key contains ``separator + stats_key + separator``."""
        infix = separator + stats_key + separator
        self._del_where(lambda key: infix in key)

    def del_value_by_suffix_key(self, stats_key: str, separator: str) -> None:
        """Java ``delValueBySuffixKey``: the items whose key ends with ``separator + stats_key``."""
        suffix = separator + stats_key
        self._del_where(lambda key: key.endswith(suffix))

    # ------------------------------------------------------------------ figures

    def get_stats_data_in_minute(self, stats_key: str) -> StatsSnapshot:
        item = self.stats_item_table.get(stats_key)
        return item.get_stats_data_in_minute() if item is not None else StatsSnapshot()

    def get_stats_data_in_hour(self, stats_key: str) -> StatsSnapshot:
        item = self.stats_item_table.get(stats_key)
        return item.get_stats_data_in_hour() if item is not None else StatsSnapshot()

    def get_stats_data_in_day(self, stats_key: str) -> StatsSnapshot:
        item = self.stats_item_table.get(stats_key)
        return item.get_stats_data_in_day() if item is not None else StatsSnapshot()

    def get_stats_item(self, stats_key: str) -> Optional[StatsItem]:
        return self.stats_item_table.get(stats_key)
