"""Java ``org.apache.rocketmq.remoting.protocol.header.AckMessageRequestHeader`` (5.3.3): ACK_MESSAGE (200051)."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["AckMessageRequestHeader"]


class AckMessageRequestHeader(TopicQueueRequestHeader):
    """Acknowledge one popped message: its queue, ``offset`` and receipt handle ``extra_info`` (``ExtraInfoUtil``)."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    extra_info = Prop(str, required=True)
    offset = Prop(int, required=True)

    _java_int_fields = ("queue_id",)
