"""Java ``org.apache.rocketmq.common.protocol.body.BrokerStatsData``."""
from __future__ import annotations

from rocketmq_common.protocol.body.broker_stats_item import BrokerStatsItem
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["BrokerStatsData"]


class BrokerStatsData(RemotingSerializable):
    """Body of the ``VIEW_BROKER_STATS_DATA`` response: minute, hour and day windows."""

    stats_minute = Prop(BrokerStatsItem)
    stats_hour = Prop(BrokerStatsItem)
    stats_day = Prop(BrokerStatsItem)
