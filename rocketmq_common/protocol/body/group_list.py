"""Java ``org.apache.rocketmq.common.protocol.body.GroupList``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["GroupList"]


class GroupList(RemotingSerializable):
    """A set of consumer group names (``QUERY_TOPIC_CONSUME_BY_WHO`` response)."""

    group_list = Prop(SetOf(str), set())
