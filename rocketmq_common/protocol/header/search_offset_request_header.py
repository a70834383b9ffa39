"""Java ``org.apache.rocketmq.common.protocol.header.SearchOffsetRequestHeader``,
with ``SearchOffsetResponseHeader``."""
from __future__ import annotations

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


class SearchOffsetResponseHeader(CommandCustomHeader):
    """Java ``SearchOffsetResponseHeader``."""

    offset = Prop(int, required=True)
