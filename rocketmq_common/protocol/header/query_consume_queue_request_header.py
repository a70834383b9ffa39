"""Java ``org.apache.rocketmq.common.protocol.header.QueryConsumeQueueRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["QueryConsumeQueueRequestHeader"]


class QueryConsumeQueueRequestHeader(TopicQueueRequestHeader):
    """Java ``QueryConsumeQueueRequestHeader``."""

    topic = Prop(str)
    queue_id = Prop(int, 0)
    index = Prop(int, 0)
    count = Prop(int, 0)
    consumer_group = Prop(str)
