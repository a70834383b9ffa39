"""Java ``org.apache.rocketmq.remoting.protocol.body.EpochEntryCache`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional

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

    def get_cluster_name(self) -> str: return self.cluster_name
    def set_cluster_name(self, cluster_name: Optional[str]) -> None: self.cluster_name = cluster_name
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_id(self) -> int: return self.broker_id
    def set_broker_id(self, broker_id: int) -> None: self.broker_id = broker_id
    def get_epoch_list(self) -> List[EpochEntry]: return self.epoch_list
    def set_epoch_list(self, epoch_list: List[EpochEntry]) -> None: self.epoch_list = epoch_list
    def get_max_offset(self) -> int: return self.max_offset
    def set_max_offset(self, max_offset: int) -> None: self.max_offset = max_offset
