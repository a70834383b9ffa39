"""Java ``org.apache.rocketmq.remoting.protocol.body.BrokerReplicasInfo`` (5.3.3) and its nested
``ReplicasInfo`` / ``ReplicaIdentity``."""
from __future__ import annotations

from typing import Dict, List, Optional

from rocketmq_remoting.common.bean import ListOf, MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["BrokerReplicasInfo", "ReplicasInfo", "ReplicaIdentity"]


class ReplicaIdentity(RemotingSerializable):
    """Java ``BrokerReplicasInfo.ReplicaIdentity``: one replica of a broker group."""

    broker_name = Prop(str)
    broker_id = Prop(int)
    broker_address = Prop(str)
    alive = Prop(bool, False)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_id(self) -> int: return self.broker_id
    def set_broker_id(self, broker_id: Optional[int]) -> None: self.broker_id = broker_id
    def get_broker_address(self) -> str: return self.broker_address
    def set_broker_address(self, broker_address: Optional[str]) -> None: self.broker_address = broker_address
    def get_alive(self) -> bool: return self.alive
    def is_alive(self) -> bool: return self.alive
    def set_alive(self, alive: bool) -> None: self.alive = alive

    def __str__(self) -> str:
        """Java ``toString``."""
        return "ReplicaIdentity{brokerName='%s', brokerId=%s, brokerAddress='%s', alive=%s}" % (
            self.broker_name, self.broker_id, self.broker_address, "true" if self.alive else "false")


class ReplicasInfo(RemotingSerializable):
    """Java ``BrokerReplicasInfo.ReplicasInfo``: a group's master, its epochs and its in-sync and other
    replicas."""

    master_broker_id = Prop(int)
    master_address = Prop(str)
    master_epoch = Prop(int)
    sync_state_set_epoch = Prop(int)
    in_sync_replicas = Prop(ListOf(ReplicaIdentity), [])
    not_in_sync_replicas = Prop(ListOf(ReplicaIdentity), [])

    def get_master_broker_id(self) -> int: return self.master_broker_id
    def set_master_broker_id(self, master_broker_id: Optional[int]) -> None: self.master_broker_id = master_broker_id
    def get_master_address(self) -> str: return self.master_address
    def set_master_address(self, master_address: Optional[str]) -> None: self.master_address = master_address
    def get_master_epoch(self) -> int: return self.master_epoch
    def set_master_epoch(self, master_epoch: Optional[int]) -> None: self.master_epoch = master_epoch
    def get_sync_state_set_epoch(self) -> int: return self.sync_state_set_epoch
    def set_sync_state_set_epoch(self, sync_state_set_epoch: Optional[int]) -> None:
        self.sync_state_set_epoch = sync_state_set_epoch
    def get_in_sync_replicas(self) -> List[ReplicaIdentity]: return self.in_sync_replicas
    def set_in_sync_replicas(self, in_sync_replicas: List[ReplicaIdentity]) -> None:
        self.in_sync_replicas = in_sync_replicas
    def get_not_in_sync_replicas(self) -> List[ReplicaIdentity]: return self.not_in_sync_replicas
    def set_not_in_sync_replicas(self, not_in_sync_replicas: List[ReplicaIdentity]) -> None:
        self.not_in_sync_replicas = not_in_sync_replicas


class BrokerReplicasInfo(RemotingSerializable):
    """The controller's answer to CONTROLLER_GET_SYNC_STATE_DATA (1006): each broker name's replicas."""

    replicas_info_table = Prop(MapOf(str, ReplicasInfo), {})

    def get_replicas_info_table(self) -> Dict[str, ReplicasInfo]: return self.replicas_info_table
    def set_replicas_info_table(self, replicas_info_table: Dict[str, ReplicasInfo]) -> None:
        self.replicas_info_table = replicas_info_table

    def add_replica_info(self, broker_name: str, replicas_info: ReplicasInfo) -> None:
        """Java ``addReplicaInfo``."""
        self.replicas_info_table[broker_name] = replicas_info
