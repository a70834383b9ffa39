"""Java ``org.apache.rocketmq.remoting.protocol.subscription.GroupForbidden`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["GroupForbidden"]


class GroupForbidden(RemotingSerializable):
    """The answer of UPDATE_AND_GET_GROUP_FORBIDDEN: whether ``group`` may read ``topic`` on the broker."""

    topic = Prop(str)
    group = Prop(str)
    readable = Prop(bool)

    def is_readable(self) -> bool: return self.readable

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_group(self) -> str: return self.group
    def set_group(self, group: Optional[str]) -> None: self.group = group
    def get_readable(self) -> bool: return self.readable
    def set_readable(self, readable: Optional[bool]) -> None: self.readable = readable

    def __repr__(self) -> str:
        return "GroupForbidden [topic=%s, group=%s, readable=%s]" % (
            self.topic, self.group, "null" if self.readable is None else str(self.readable).lower())
