"""Java ``org.apache.rocketmq.store.stats.BrokerStatsManager``: the broker's statistics item sets (puts per topic,
gets per ``topic@group``, send-backs, broker totals, pull latency, ...) that ``VIEW_BROKER_STATS_DATA`` answers
(mqadmin ``statsAll``, ``exportMetrics``) and consume TPS comes from.

The sets are sampled and logged on one scheduled thread, ``BrokerStatsThread``; the ``COMMERCIAL_*`` sets (counted
by send/consume hooks only, none here) on ``CommercialStatsThread``; both start with the manager, as in Java, and
end in :meth:`BrokerStatsManager.shutdown`. Keys are Java's: a topic, ``topic@group``, ``topic@queueId``,
``topic@queueId@group``, ``queueId@topic@group`` and the cluster name for the broker totals. The per-queue sets exist
with ``enable_queue_stat`` (BrokerConfig ``enableDetailStat``). Stats lines go to this module's logger (Java's
``RocketmqStats`` log), the commercial ones to its ``.commercial`` child.
"""
from __future__ import annotations

import logging
from typing import Dict, Optional

from rocketmq_common.stats.moment_stats_item_set import MomentStatsItemSet
from rocketmq_common.stats.stats import Stats
from rocketmq_common.stats.stats_item import StatsItem
from rocketmq_common.stats.stats_item_set import StatsItemSet
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor

__all__ = ["BrokerStatsManager", "StatsType"]

log = logging.getLogger(__name__)
COMMERCIAL_LOG = logging.getLogger(__name__ + ".commercial")

_BROKER_SETS = (Stats.TOPIC_PUT_NUMS, Stats.TOPIC_PUT_SIZE, Stats.GROUP_GET_NUMS, Stats.GROUP_GET_SIZE,
                Stats.GROUP_GET_LATENCY, Stats.SNDBCK_PUT_NUMS, Stats.BROKER_PUT_NUMS, Stats.BROKER_GET_NUMS,
                Stats.GROUP_GET_FROM_DISK_NUMS, Stats.GROUP_GET_FROM_DISK_SIZE, Stats.BROKER_GET_FROM_DISK_NUMS,
                Stats.BROKER_GET_FROM_DISK_SIZE)
_QUEUE_SETS = (Stats.QUEUE_PUT_NUMS, Stats.QUEUE_PUT_SIZE, Stats.QUEUE_GET_NUMS, Stats.QUEUE_GET_SIZE)
_COMMERCIAL_SETS = (Stats.COMMERCIAL_SEND_TIMES, Stats.COMMERCIAL_RCV_TIMES, Stats.COMMERCIAL_SEND_SIZE,
                    Stats.COMMERCIAL_RCV_SIZE, Stats.COMMERCIAL_RCV_EPOLLS, Stats.COMMERCIAL_SNDBCK_TIMES,
                    Stats.COMMERCIAL_PERM_FAILURES)


class StatsType:
    """Java ``BrokerStatsManager.StatsType``: what a commercial stats hook counts."""

    SEND_SUCCESS = "SEND_SUCCESS"
    SEND_FAILURE = "SEND_FAILURE"
    SEND_BACK = "SEND_BACK"
    SEND_TIMER = "SEND_TIMER"
    SEND_TRANSACTION = "SEND_TRANSACTION"
    RCV_SUCCESS = "RCV_SUCCESS"
    RCV_EPOLLS = "RCV_EPOLLS"
    PERM_FAILURE = "PERM_FAILURE"


class BrokerStatsManager(Bean):
    """See the module docstring. ``stats_table`` maps a :class:`Stats` name to its :class:`StatsItemSet`."""

    moment_stats_item_set_fall_size = Prop(MomentStatsItemSet, required=True)
    moment_stats_item_set_fall_time = Prop(MomentStatsItemSet, required=True)

    def get_moment_stats_item_set_fall_size(self) -> MomentStatsItemSet: return self.moment_stats_item_set_fall_size
    def set_moment_stats_item_set_fall_size(
            self, moment_stats_item_set_fall_size: Optional[MomentStatsItemSet]) -> None:
        self.moment_stats_item_set_fall_size = moment_stats_item_set_fall_size
    def get_moment_stats_item_set_fall_time(self) -> MomentStatsItemSet: return self.moment_stats_item_set_fall_time
    def set_moment_stats_item_set_fall_time(
            self, moment_stats_item_set_fall_time: Optional[MomentStatsItemSet]) -> None:
        self.moment_stats_item_set_fall_time = moment_stats_item_set_fall_time

    COMMERCIAL_OWNER = "Owner"
    #: message size of one commercial api call count
    SIZE_PER_COUNT = 64 * 1024

    def __init__(self, cluster_name: str, enable_queue_stat: bool) -> None:
        self.cluster_name = cluster_name
        self.enable_queue_stat = enable_queue_stat
        self.scheduled_executor_service = ScheduledExecutor("BrokerStatsThread")
        self.commercial_executor = ScheduledExecutor("CommercialStatsThread")
        self.stats_table: Dict[str, StatsItemSet] = {}
        names = (_QUEUE_SETS + _BROKER_SETS) if enable_queue_stat else _BROKER_SETS
        for name in names:
            self.stats_table[name] = StatsItemSet(name, self.scheduled_executor_service, log)
        for name in _COMMERCIAL_SETS:
            self.stats_table[name] = StatsItemSet(name, self.commercial_executor, COMMERCIAL_LOG)
        self.moment_stats_item_set_fall_size = MomentStatsItemSet(Stats.GROUP_GET_FALL_SIZE,
                                                                  self.scheduled_executor_service, log)
        self.moment_stats_item_set_fall_time = MomentStatsItemSet(Stats.GROUP_GET_FALL_TIME,
                                                                  self.scheduled_executor_service, log)
        # the sets of the hot path, looked up once
        self._topic_put_nums = self.stats_table[Stats.TOPIC_PUT_NUMS]
        self._topic_put_size = self.stats_table[Stats.TOPIC_PUT_SIZE]
        self._group_get_nums = self.stats_table[Stats.GROUP_GET_NUMS]
        self._group_get_size = self.stats_table[Stats.GROUP_GET_SIZE]
        self._broker_put_nums = self.stats_table[Stats.BROKER_PUT_NUMS]
        self._broker_get_nums = self.stats_table[Stats.BROKER_GET_NUMS]

    def start(self) -> None:
        """Java ``start`` (nothing: the sets scheduled their work when created)."""

    def shutdown(self) -> None:
        """Java ``shutdown``: stop both scheduled threads."""
        self.scheduled_executor_service.shutdown()
        self.commercial_executor.shutdown()

    def get_stats_item(self, stats_name: str, stats_key: str) -> Optional[StatsItem]:
        """Java ``getStatsItem``: None for an unknown set or key."""
        stats_item_set = self.stats_table.get(stats_name)
        return stats_item_set.get_stats_item(stats_key) if stats_item_set is not None else None

    # ------------------------------------------------------------------ deleted topics and groups

    def on_topic_deleted(self, topic: str) -> None:
        """Java ``onTopicDeleted`` (with BrokerConfig ``autoDeleteUnusedStats``)."""
        table = self.stats_table
        table[Stats.TOPIC_PUT_NUMS].del_value(topic)
        table[Stats.TOPIC_PUT_SIZE].del_value(topic)
        prefixed = [Stats.GROUP_GET_NUMS, Stats.GROUP_GET_SIZE, Stats.SNDBCK_PUT_NUMS]
        if self.enable_queue_stat:
            prefixed += _QUEUE_SETS
        for name in prefixed:
            table[name].del_value_by_prefix_key(topic, "@")
        table[Stats.GROUP_GET_LATENCY].del_value_by_infix_key(topic, "@")
        self.moment_stats_item_set_fall_size.del_value_by_infix_key(topic, "@")
        self.moment_stats_item_set_fall_time.del_value_by_infix_key(topic, "@")

    def on_group_deleted(self, group: str) -> None:
        """Java ``onGroupDeleted`` (with BrokerConfig ``autoDeleteUnusedStats``)."""
        table = self.stats_table
        suffixed = [Stats.GROUP_GET_NUMS, Stats.GROUP_GET_SIZE, Stats.SNDBCK_PUT_NUMS, Stats.GROUP_GET_LATENCY]
        if self.enable_queue_stat:
            suffixed += [Stats.QUEUE_GET_NUMS, Stats.QUEUE_GET_SIZE]
        for name in suffixed:
            table[name].del_value_by_suffix_key(group, "@")
        self.moment_stats_item_set_fall_size.del_value_by_suffix_key(group, "@")
        self.moment_stats_item_set_fall_time.del_value_by_suffix_key(group, "@")

    # ------------------------------------------------------------------ puts

    def inc_queue_put_nums(self, topic: str, queue_id: int, num: int = 1, times: int = 1) -> None:
        if self.enable_queue_stat:
            self.stats_table[Stats.QUEUE_PUT_NUMS].add_value("%s@%d" % (topic, queue_id), num, times)

    def inc_queue_put_size(self, topic: str, queue_id: int, size: int) -> None:
        if self.enable_queue_stat:
            self.stats_table[Stats.QUEUE_PUT_SIZE].add_value("%s@%d" % (topic, queue_id), size, 1)

    def inc_topic_put_nums(self, topic: str, num: int = 1, times: int = 1) -> None:
        self._topic_put_nums.add_value(topic, num, times)

    def inc_topic_put_size(self, topic: str, size: int) -> None:
        self._topic_put_size.add_value(topic, size, 1)

    def inc_broker_put_nums(self, inc_value: int = 1) -> None:
        """Java ``incBrokerPutNums``: the value only (``times`` stays 0)."""
        self._broker_put_nums.add_value(self.cluster_name, inc_value, 0)

    def inc_send_back_nums(self, group: str, topic: str) -> None:
        self.stats_table[Stats.SNDBCK_PUT_NUMS].add_value(self.build_stats_key(topic, group), 1, 1)

    # ------------------------------------------------------------------ gets

    def inc_queue_get_nums(self, group: str, topic: str, queue_id: int, inc_value: int) -> None:
        if self.enable_queue_stat:
            self.stats_table[Stats.QUEUE_GET_NUMS].add_value("%s@%d@%s" % (topic, queue_id, group), inc_value, 1)

    def inc_queue_get_size(self, group: str, topic: str, queue_id: int, inc_value: int) -> None:
        if self.enable_queue_stat:
            self.stats_table[Stats.QUEUE_GET_SIZE].add_value("%s@%d@%s" % (topic, queue_id, group), inc_value, 1)

    def inc_group_get_nums(self, group: str, topic: str, inc_value: int) -> None:
        self._group_get_nums.add_value(self.build_stats_key(topic, group), inc_value, 1)

    def inc_group_get_size(self, group: str, topic: str, inc_value: int) -> None:
        self._group_get_size.add_value(self.build_stats_key(topic, group), inc_value, 1)

    def inc_group_get_latency(self, group: str, topic: str, queue_id: int, inc_value: int) -> None:
        """Java ``incGroupGetLatency``: milliseconds of a pull, by ``queueId@topic@group`` (``topic@group``
        without queue stats)."""
        if self.enable_queue_stat:
            key = "%d@%s@%s" % (queue_id, topic, group)
        else:
            key = self.build_stats_key(topic, group)
        self.stats_table[Stats.GROUP_GET_LATENCY].add_rt_value(key, inc_value, 1)

    def inc_broker_get_nums(self, inc_value: int) -> None:
        """Java ``incBrokerGetNums``: the value only (``times`` stays 0)."""
        self._broker_get_nums.add_value(self.cluster_name, inc_value, 0)

    def tps_group_get_nums(self, group: str, topic: str) -> float:
        """Java ``tpsGroupGetNums``: the group's messages per second over the last minute (consume TPS)."""
        return self._group_get_nums.get_stats_data_in_minute(self.build_stats_key(topic, group)).tps

    def record_disk_fall_behind_time(self, group: str, topic: str, queue_id: int, fall_behind: int) -> None:
        self.moment_stats_item_set_fall_time.set_value("%d@%s@%s" % (queue_id, topic, group), fall_behind)

    def record_disk_fall_behind_size(self, group: str, topic: str, queue_id: int, fall_behind: int) -> None:
        self.moment_stats_item_set_fall_size.set_value("%d@%s@%s" % (queue_id, topic, group), fall_behind)

    # ------------------------------------------------------------------ commercial

    def inc_commercial_value(self, key: str, owner: str, group: str, topic: str, type: str,
                             inc_value: int) -> None:
        """Java ``incCommercialValue``: ``key`` is one of the ``COMMERCIAL_*`` set names."""
        self.stats_table[key].add_value(self.build_commercial_stats_key(owner, topic, group, type), inc_value, 1)

    @staticmethod
    def build_commercial_stats_key(owner: str, topic: str, group: str, type: str) -> str:
        return "%s@%s@%s@%s" % (owner, topic, group, type)

    @staticmethod
    def build_stats_key(topic: Optional[str], group: Optional[str]) -> str:
        """Java ``buildStatsKey(topic, group)``: ``topic@group`` (None as ``null``, like Java's StringBuilder)."""
        return "%s@%s" % ("null" if topic is None else topic, "null" if group is None else group)
