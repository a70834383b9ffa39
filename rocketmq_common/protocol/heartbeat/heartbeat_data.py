"""Java ``org.apache.rocketmq.common.protocol.heartbeat.HeartbeatData``."""
from __future__ import annotations

from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.producer_data import ProducerData
from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["HeartbeatData"]


class HeartbeatData(RemotingSerializable):
    """Body of ``HEART_BEAT``: the client id (wire name ``clientID``) and its producer and consumer groups."""

    client_id = Prop(str, wire="clientID")
    producer_data_set = Prop(SetOf(ProducerData), set())
    consumer_data_set = Prop(SetOf(ConsumerData), set())
