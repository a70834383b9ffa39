"""Java ``org.apache.rocketmq.remoting.protocol.body.BrokerReplicasInfo`` (5.3.3) and its nested
``ReplicasInfo`` / ``ReplicaIdentity``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import ListOf, MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["BrokerReplicasInfo", "ReplicasInfo", "ReplicaIdentity"]


class ReplicaIdentity(RemotingSerializable):
    """Java ``BrokerReplicasInfo.ReplicaIdentity``: one replica of a broker group."""

    broker_name = Prop(str)
    broker_id = Prop(int)
    broker_address = Prop(str)
    alive = Prop(bool, False)

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


class BrokerReplicasInfo(RemotingSerializable):
    """The controller's answer to CONTROLLER_GET_SYNC_STATE_DATA (1006): each broker name's replicas."""

    replicas_info_table = Prop(MapOf(str, ReplicasInfo), {})

    def add_replica_info(self, broker_name: str, replicas_info: ReplicasInfo) -> None:
        """Java ``addReplicaInfo``."""
        self.replicas_info_table[broker_name] = replicas_info
