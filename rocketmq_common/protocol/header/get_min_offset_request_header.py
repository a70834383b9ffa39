"""Java ``org.apache.rocketmq.common.protocol.header.GetMinOffsetRequestHeader``,
with ``GetMinOffsetResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetMinOffsetRequestHeader", "GetMinOffsetResponseHeader"]


class GetMinOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``GetMinOffsetRequestHeader``."""

    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)


class GetMinOffsetResponseHeader(CommandCustomHeader):
    """Java ``GetMinOffsetResponseHeader``."""

    offset = Prop(int, required=True)
