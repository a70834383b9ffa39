"""Java ``org.apache.rocketmq.remoting.protocol.header.UpdateGroupForbiddenRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["UpdateGroupForbiddenRequestHeader"]


class UpdateGroupForbiddenRequestHeader(TopicRequestHeader):
    """Header of UPDATE_AND_GET_GROUP_FORBIDDEN (353): the group and topic, and ``readable`` (None: only read the
    current state; False: forbid the group to read the topic; True: allow it again)."""

    group = Prop(str, required=True)
    topic = Prop(str, required=True)
    readable = Prop(bool)

    def is_readable(self) -> bool: return self.readable

    def get_group(self) -> str: return self.group
    def set_group(self, group: Optional[str]) -> None: self.group = group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_readable(self) -> bool: return self.readable
    def set_readable(self, readable: Optional[bool]) -> None: self.readable = readable
