"""Java ``org.apache.rocketmq.common.protocol.header.ReplyMessageRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ReplyMessageRequestHeader"]


class ReplyMessageRequestHeader(CommandCustomHeader):
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
