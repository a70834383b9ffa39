"""Java ``org.apache.rocketmq.common.protocol.header.GetMaxOffsetRequestHeader``,
with ``GetMaxOffsetResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetMaxOffsetRequestHeader", "GetMaxOffsetResponseHeader"]


class GetMaxOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``GetMaxOffsetRequestHeader``."""

    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)


class GetMaxOffsetResponseHeader(CommandCustomHeader):
    """Java ``GetMaxOffsetResponseHeader``."""

    offset = Prop(int, required=True)
