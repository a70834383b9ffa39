"""Java ``org.apache.rocketmq.common.protocol.header.SearchOffsetRequestHeader``,
with ``SearchOffsetResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.boundary_type import BoundaryType
from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["SearchOffsetRequestHeader", "SearchOffsetResponseHeader"]


class SearchOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``SearchOffsetRequestHeader`` (5.3.3)."""

    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    timestamp = Prop(int, required=True)
    #: 5.3.3: which of the messages stored at ``timestamp`` (LOWER when not sent; a 4.9.7 broker ignores it)
    boundary_type = Prop(BoundaryType)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id
    def get_timestamp(self) -> int: return self.timestamp
    def set_timestamp(self, timestamp: Optional[int]) -> None: self.timestamp = timestamp
    def get_boundary_type(self) -> BoundaryType: return self.boundary_type
    def set_boundary_type(self, boundary_type: Optional[BoundaryType]) -> None: self.boundary_type = boundary_type


class SearchOffsetResponseHeader(CommandCustomHeader):
    """Java ``SearchOffsetResponseHeader``."""

    offset = Prop(int, required=True)

    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: Optional[int]) -> None: self.offset = offset
