"""Java ``org.apache.rocketmq.common.protocol.header.UpdateConsumerOffsetRequestHeader``,
with ``UpdateConsumerOffsetResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["UpdateConsumerOffsetRequestHeader", "UpdateConsumerOffsetResponseHeader"]


class UpdateConsumerOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``UpdateConsumerOffsetRequestHeader``."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    commit_offset = Prop(int, required=True)


class UpdateConsumerOffsetResponseHeader(CommandCustomHeader):
    """Java ``UpdateConsumerOffsetResponseHeader``."""
