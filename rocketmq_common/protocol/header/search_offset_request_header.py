"""Java ``org.apache.rocketmq.common.protocol.header.SearchOffsetRequestHeader``,
with ``SearchOffsetResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["SearchOffsetRequestHeader", "SearchOffsetResponseHeader"]


class SearchOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``SearchOffsetRequestHeader``."""

    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    timestamp = Prop(int, required=True)


class SearchOffsetResponseHeader(CommandCustomHeader):
    """Java ``SearchOffsetResponseHeader``."""

    offset = Prop(int, required=True)
