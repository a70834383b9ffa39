"""Java ``org.apache.rocketmq.common.protocol.header.ReplyMessageRequestHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["ReplyMessageRequestHeader"]


class ReplyMessageRequestHeader(TopicQueueRequestHeader):
    """Java ``ReplyMessageRequestHeader``."""

    producer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    default_topic = Prop(str, required=True)
    default_topic_queue_nums = Prop(int, required=True)
    queue_id = Prop(int, required=True)
    sys_flag = Prop(int, required=True)
    born_timestamp = Prop(int, required=True)
    flag = Prop(int, required=True)
    properties = Prop(str)
    reconsume_times = Prop(int)
    unit_mode = Prop(bool, False)
    born_host = Prop(str, required=True)
    store_host = Prop(str, required=True)
    store_timestamp = Prop(int, 0, required=True)
