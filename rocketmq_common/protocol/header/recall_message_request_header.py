"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.header.RecallMessageRequestHeader``, with
``RecallMessageResponseHeader``: the headers of RECALL_MESSAGE (370)."""
from __future__ import annotations

from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RecallMessageRequestHeader", "RecallMessageResponseHeader"]


class RecallMessageRequestHeader(TopicRequestHeader):
    """Java ``RecallMessageRequestHeader``: the topic and the recall handle of a ``SendResult``; ``bname`` is the
    handle's broker. (Java's base ``TopicRequestHeader`` adds the logical-queue flag ``lo``, which no client call
    sets; it is left out here.)"""

    producer_group = Prop(str)
    topic = Prop(str, required=True)
    recall_handle = Prop(str, required=True)


class RecallMessageResponseHeader(CommandCustomHeader):
    """Java ``RecallMessageResponseHeader``: the recalled message's unique key."""

    msg_id = Prop(str, required=True)
