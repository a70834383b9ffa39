"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeStatsList``."""
from __future__ import annotations

from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_remoting.common.bean import ListOf, MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ConsumeStatsList"]


class ConsumeStatsList(RemotingSerializable):
    """Body of the ``GET_BROKER_CONSUME_STATS`` response: per subscription group, its ConsumeStats list."""

    consume_stats_list = Prop(ListOf(MapOf(str, ListOf(ConsumeStats))), [])
    broker_addr = Prop(str)
    total_diff = Prop(int, 0)
