"""Java ``org.apache.rocketmq.store.stats.BrokerStats``: the store's put and get totals as of this and the
previous midnight (the broker controller calls :meth:`BrokerStats.record` every day at local midnight), for the
runtime info's ``msgPutTotalYesterdayMorning`` / ``msgPutTotalTodayMorning`` / ``msgPutTotalTodayNow`` (and
``msgGet...``)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from rocketmq_remoting.common.bean import Bean, Prop

if TYPE_CHECKING:
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["BrokerStats"]

log = logging.getLogger(__name__)


class BrokerStats(Bean):
    """See the module docstring. Until the first midnight the morning totals are 0, as in Java."""

    msg_put_total_yesterday_morning = Prop(int, 0)
    msg_put_total_today_morning = Prop(int, 0)
    msg_get_total_yesterday_morning = Prop(int, 0)
    msg_get_total_today_morning = Prop(int, 0)

    def get_msg_put_total_yesterday_morning(self) -> int: return self.msg_put_total_yesterday_morning
    def set_msg_put_total_yesterday_morning(self, msg_put_total_yesterday_morning: int) -> None:
        self.msg_put_total_yesterday_morning = msg_put_total_yesterday_morning
    def get_msg_put_total_today_morning(self) -> int: return self.msg_put_total_today_morning
    def set_msg_put_total_today_morning(self, msg_put_total_today_morning: int) -> None:
        self.msg_put_total_today_morning = msg_put_total_today_morning
    def get_msg_get_total_yesterday_morning(self) -> int: return self.msg_get_total_yesterday_morning
    def set_msg_get_total_yesterday_morning(self, msg_get_total_yesterday_morning: int) -> None:
        self.msg_get_total_yesterday_morning = msg_get_total_yesterday_morning
    def get_msg_get_total_today_morning(self) -> int: return self.msg_get_total_today_morning
    def set_msg_get_total_today_morning(self, msg_get_total_today_morning: int) -> None:
        self.msg_get_total_today_morning = msg_get_total_today_morning

    def __init__(self, default_message_store: "DefaultMessageStore") -> None:
        self.default_message_store = default_message_store
        self.msg_put_total_yesterday_morning = 0
        self.msg_put_total_today_morning = 0
        self.msg_get_total_yesterday_morning = 0
        self.msg_get_total_today_morning = 0

    def record(self) -> None:
        """Java ``record``: today's morning totals become yesterday's, the store's totals now today's."""
        self.msg_put_total_yesterday_morning = self.msg_put_total_today_morning
        self.msg_get_total_yesterday_morning = self.msg_get_total_today_morning
        self.msg_put_total_today_morning = self.get_msg_put_total_today_now()
        self.msg_get_total_today_morning = self.get_msg_get_total_today_now()
        log.info("yesterday put message total: %d",
                 self.msg_put_total_today_morning - self.msg_put_total_yesterday_morning)
        log.info("yesterday get message total: %d",
                 self.msg_get_total_today_morning - self.msg_get_total_yesterday_morning)

    def get_msg_put_total_today_now(self) -> int:
        """The store's put total now (``StoreStatsService.putMessageTimesTotal``)."""
        return self.default_message_store.store_stats_service.get_put_message_times_total()

    def get_msg_get_total_today_now(self) -> int:
        """The store's transferred message total now (``StoreStatsService.getMessageTransferedMsgCount``)."""
        return self.default_message_store.store_stats_service.get_get_message_transfered_msg_count().sum()
