"""Java ``org.apache.rocketmq.common.protocol.header.ResetOffsetRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["ResetOffsetRequestHeader"]


class ResetOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``ResetOffsetRequestHeader``; the ``force`` flag is ``isForce`` on the wire (``is_force``/``set_force``)."""

    topic = Prop(str, required=True)
    group = Prop(str, required=True)
    timestamp = Prop(int, 0, required=True)
    force = Prop(bool, False, wire="isForce", required=True)
