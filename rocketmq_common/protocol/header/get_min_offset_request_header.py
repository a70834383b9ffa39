"""Java ``org.apache.rocketmq.common.protocol.header.GetMinOffsetRequestHeader``,
with ``GetMinOffsetResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetMinOffsetRequestHeader", "GetMinOffsetResponseHeader"]


class GetMinOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``GetMinOffsetRequestHeader``."""

    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id


class GetMinOffsetResponseHeader(CommandCustomHeader):
    """Java ``GetMinOffsetResponseHeader``."""

    offset = Prop(int, required=True)

    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: Optional[int]) -> None: self.offset = offset
