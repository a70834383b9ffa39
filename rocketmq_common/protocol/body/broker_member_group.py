"""Java ``org.apache.rocketmq.remoting.protocol.body.BrokerMemberGroup`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["BrokerMemberGroup"]


class BrokerMemberGroup(RemotingSerializable):
    """The brokers of one replica group: broker id to address (the body of the controller's election answer)."""

    cluster = Prop(str)
    broker_name = Prop(str)
    broker_addrs = Prop(MapOf(int, str), {})

    def minimum_broker_id(self) -> int:
        """Java ``minimumBrokerId``: the smallest broker id, 0 without brokers."""
        return min(self.broker_addrs) if self.broker_addrs else 0
