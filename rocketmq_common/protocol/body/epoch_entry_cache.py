"""Java ``org.apache.rocketmq.remoting.protocol.body.EpochEntryCache`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.protocol.epoch_entry import EpochEntry
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["EpochEntryCache"]


class EpochEntryCache(RemotingSerializable):
    """A controller-mode broker's answer to GET_BROKER_EPOCH_CACHE (912): who it is, its epochs and its commit
    log's max offset."""

    cluster_name = Prop(str)
    broker_name = Prop(str)
    broker_id = Prop(int, 0)
    epoch_list = Prop(ListOf(EpochEntry), [])
    max_offset = Prop(int, 0)
