"""Java ``org.apache.rocketmq.common.protocol.body.BrokerStatsData``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.protocol.body.broker_stats_item import BrokerStatsItem
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["BrokerStatsData"]


class BrokerStatsData(RemotingSerializable):
    """Body of the ``VIEW_BROKER_STATS_DATA`` response: minute, hour and day windows."""

    stats_minute = Prop(BrokerStatsItem)
    stats_hour = Prop(BrokerStatsItem)
    stats_day = Prop(BrokerStatsItem)

    def get_stats_minute(self) -> BrokerStatsItem: return self.stats_minute
    def set_stats_minute(self, stats_minute: Optional[BrokerStatsItem]) -> None: self.stats_minute = stats_minute
    def get_stats_hour(self) -> BrokerStatsItem: return self.stats_hour
    def set_stats_hour(self, stats_hour: Optional[BrokerStatsItem]) -> None: self.stats_hour = stats_hour
    def get_stats_day(self) -> BrokerStatsItem: return self.stats_day
    def set_stats_day(self, stats_day: Optional[BrokerStatsItem]) -> None: self.stats_day = stats_day
