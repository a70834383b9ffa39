"""Java ``org.apache.rocketmq.remoting.protocol.body.BrokerMemberGroup`` (5.3.3)."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["BrokerMemberGroup"]


class BrokerMemberGroup(RemotingSerializable):
    """The brokers of one replica group: broker id to address (the body of the controller's election answer)."""

    cluster = Prop(str)
    broker_name = Prop(str)
    broker_addrs = Prop(MapOf(int, str), {})

    def get_cluster(self) -> str: return self.cluster
    def set_cluster(self, cluster: Optional[str]) -> None: self.cluster = cluster
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_addrs(self) -> Dict[int, str]: return self.broker_addrs
    def set_broker_addrs(self, broker_addrs: Dict[int, str]) -> None: self.broker_addrs = broker_addrs

    def minimum_broker_id(self) -> int:
        """Java ``minimumBrokerId``: the smallest broker id, 0 without brokers."""
        return min(self.broker_addrs) if self.broker_addrs else 0
