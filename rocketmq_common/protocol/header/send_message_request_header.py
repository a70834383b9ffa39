"""Java ``org.apache.rocketmq.common.protocol.header.SendMessageRequestHeader``,
with ``SendMessageRequestHeaderV2`` and ``SendMessageResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["SendMessageRequestHeader", "SendMessageRequestHeaderV2", "SendMessageResponseHeader"]


class SendMessageRequestHeader(TopicQueueRequestHeader):
    """Java ``SendMessageRequestHeader``: the long-name send header (codes ``SEND_MESSAGE``, ``SEND_REPLY_MESSAGE``)."""

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
    batch = Prop(bool, False)
    max_reconsume_times = Prop(int)

    _java_int_fields = ("default_topic_queue_nums", "queue_id", "sys_flag", "flag", "reconsume_times",
                        "max_reconsume_times")  # Java's Integer fields (bornTimestamp is a Long)


class SendMessageRequestHeaderV2(TopicQueueRequestHeader):
    """Java ``SendMessageRequestHeaderV2``: the fields of :class:`SendMessageRequestHeader` under one-letter wire
    names (codes ``SEND_MESSAGE_V2``, ``SEND_BATCH_MESSAGE``, ``SEND_REPLY_MESSAGE_V2``). The broker name travels
    in ``n``; the inherited ``bname`` stays None. Fields are declared in Java's fast binary order ``a`` .. ``n``.
    """

    a = Prop(str, required=True)  # producerGroup
    b = Prop(str, required=True)  # topic
    c = Prop(str, required=True)  # defaultTopic
    d = Prop(int, required=True)  # defaultTopicQueueNums
    e = Prop(int, required=True)  # queueId
    f = Prop(int, required=True)  # sysFlag
    g = Prop(int, required=True)  # bornTimestamp
    h = Prop(int, required=True)  # flag
    i = Prop(str)  # properties
    j = Prop(int)  # reconsumeTimes
    k = Prop(bool, False)  # unitMode
    l = Prop(int)  # maxReconsumeTimes (Java comment: consumeRetryTimes)
    m = Prop(bool, False)  # batch
    n = Prop(str)  # brokerName

    _java_int_fields = ("d", "e", "f", "h", "j", "l")  # Java's Integer fields (g, bornTimestamp, is a Long)

    @staticmethod
    def create_send_message_request_header_v1(v2: "SendMessageRequestHeaderV2") -> SendMessageRequestHeader:
        """Java ``createSendMessageRequestHeaderV1``: the long-name header with the same values (n -> bname)."""
        v1 = SendMessageRequestHeader()
        v1.producer_group = v2.a
        v1.topic = v2.b
        v1.default_topic = v2.c
        v1.default_topic_queue_nums = v2.d
        v1.queue_id = v2.e
        v1.sys_flag = v2.f
        v1.born_timestamp = v2.g
        v1.flag = v2.h
        v1.properties = v2.i
        v1.reconsume_times = v2.j
        v1.unit_mode = v2.k
        v1.max_reconsume_times = v2.l
        v1.batch = v2.m
        v1.bname = v2.n
        return v1

    @staticmethod
    def create_send_message_request_header_v2(v1: SendMessageRequestHeader) -> "SendMessageRequestHeaderV2":
        """Java ``createSendMessageRequestHeaderV2``: the one-letter header with the same values (bname -> n)."""
        v2 = SendMessageRequestHeaderV2()
        v2.a = v1.producer_group
        v2.b = v1.topic
        v2.c = v1.default_topic
        v2.d = v1.default_topic_queue_nums
        v2.e = v1.queue_id
        v2.f = v1.sys_flag
        v2.g = v1.born_timestamp
        v2.h = v1.flag
        v2.i = v1.properties
        v2.j = v1.reconsume_times
        v2.k = v1.unit_mode
        v2.l = v1.max_reconsume_times
        v2.m = v1.batch
        v2.n = v1.bname
        return v2


class SendMessageResponseHeader(CommandCustomHeader):
    """Java ``SendMessageResponseHeader`` (5.3.3's fields); ``msg_id`` is the offset message id (comma-joined for a
    batch), ``batch_uniq_id`` is set by a 5.x broker for a batch stored as one inner-batch entry, ``recall_handle``
    for a delayed (timer) message. Fields are declared in Java's fast binary order."""

    msg_id = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    queue_offset = Prop(int, required=True)
    transaction_id = Prop(str)
    batch_uniq_id = Prop(str)
    recall_handle = Prop(str)
