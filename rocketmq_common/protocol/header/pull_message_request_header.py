"""Java ``org.apache.rocketmq.common.protocol.header.PullMessageRequestHeader``,
with ``PullMessageResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["PullMessageRequestHeader", "PullMessageResponseHeader"]


class PullMessageRequestHeader(TopicQueueRequestHeader):
    """Java ``PullMessageRequestHeader``; fields in Java's fast binary order (``bname`` last, from the base).
    ``max_msg_bytes`` (5.3.3; not sent while None) is the pull's size cap in bytes."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    queue_offset = Prop(int, required=True)
    max_msg_nums = Prop(int, required=True)
    sys_flag = Prop(int, required=True)
    commit_offset = Prop(int, required=True)
    suspend_timeout_millis = Prop(int, required=True)
    subscription = Prop(str)
    sub_version = Prop(int, required=True)
    expression_type = Prop(str)
    max_msg_bytes = Prop(int)

    #: Java's Integer fields (the others are Long)
    _java_int_fields = ("queue_id", "max_msg_nums", "sys_flag", "max_msg_bytes")


class PullMessageResponseHeader(CommandCustomHeader):
    """Java ``PullMessageResponseHeader`` (5.3.3); fields in Java's fast binary order."""

    suggest_which_broker_id = Prop(int, required=True)
    next_begin_offset = Prop(int, required=True)
    min_offset = Prop(int, required=True)
    max_offset = Prop(int, required=True)
    #: 5.3.3: for a static topic, logical minus physical offset of the queue read (the client adds it to the
    #: offsets of the messages); the sys flags and the forbidden type are the broker's (not sent while None)
    offset_delta = Prop(int)
    topic_sys_flag = Prop(int)
    group_sys_flag = Prop(int)
    forbidden_type = Prop(int)

    _java_int_fields = ("topic_sys_flag", "group_sys_flag", "forbidden_type")
