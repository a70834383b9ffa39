"""Java ``org.apache.rocketmq.common.protocol.body.GroupList``."""
from __future__ import annotations

from typing import Set

from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["GroupList"]


class GroupList(RemotingSerializable):
    """A set of consumer group names (``QUERY_TOPIC_CONSUME_BY_WHO`` response)."""

    group_list = Prop(SetOf(str), set())

    def get_group_list(self) -> Set[str]: return self.group_list
    def set_group_list(self, group_list: Set[str]) -> None: self.group_list = group_list
