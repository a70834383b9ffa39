"""Java ``org.apache.rocketmq.common.protocol.body.TopicList``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicList"]


class TopicList(RemotingSerializable):
    """A set of topic names; ``broker_addr`` is set by ``GET_SYSTEM_TOPIC_LIST_FROM_NS``."""

    topic_list = Prop(SetOf(str), set())
    broker_addr = Prop(str)
