"""Java ``org.apache.rocketmq.remoting.protocol.header.ChangeInvisibleTimeRequestHeader`` (5.3.3), with
``ChangeInvisibleTimeResponseHeader``: CHANGE_MESSAGE_INVISIBLETIME (200053)."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ChangeInvisibleTimeRequestHeader", "ChangeInvisibleTimeResponseHeader"]


class ChangeInvisibleTimeRequestHeader(TopicQueueRequestHeader):
    """Make a popped message invisible for ``invisible_time`` ms from now; ``extra_info`` is its receipt handle
    (startOffset popTime invisibleTime reviveQid ...)."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    extra_info = Prop(str, required=True)
    offset = Prop(int, required=True)
    invisible_time = Prop(int, required=True)

    _java_int_fields = ("queue_id",)


class ChangeInvisibleTimeResponseHeader(CommandCustomHeader):
    """The new pop time, invisible time and revive queue: the fields of the message's new receipt handle."""

    pop_time = Prop(int, required=True)
    invisible_time = Prop(int, required=True)
    revive_qid = Prop(int, required=True)

    _java_int_fields = ("revive_qid",)
