"""Java ``org.apache.rocketmq.common.protocol.header.QueryConsumerOffsetRequestHeader``,
with ``QueryConsumerOffsetResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["QueryConsumerOffsetRequestHeader", "QueryConsumerOffsetResponseHeader"]


class QueryConsumerOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``QueryConsumerOffsetRequestHeader`` (5.3.3)."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    #: 5.3.3: False asks a 5.x broker for QUERY_NOT_FOUND instead of offset 0 when the group has no offset
    set_zero_if_not_found = Prop(bool)


class QueryConsumerOffsetResponseHeader(CommandCustomHeader):
    """Java ``QueryConsumerOffsetResponseHeader``."""

    offset = Prop(int, required=True)
