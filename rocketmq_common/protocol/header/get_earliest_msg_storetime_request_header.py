"""Java ``org.apache.rocketmq.common.protocol.header.GetEarliestMsgStoretimeRequestHeader``,
with ``GetEarliestMsgStoretimeResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetEarliestMsgStoretimeRequestHeader", "GetEarliestMsgStoretimeResponseHeader"]


class GetEarliestMsgStoretimeRequestHeader(TopicQueueRequestHeader):
    """Java ``GetEarliestMsgStoretimeRequestHeader``."""

    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)


class GetEarliestMsgStoretimeResponseHeader(CommandCustomHeader):
    """Java ``GetEarliestMsgStoretimeResponseHeader``."""

    timestamp = Prop(int, required=True)
