"""Java ``org.apache.rocketmq.common.protocol.header.SendMessageRequestHeader``,
with ``SendMessageRequestHeaderV2`` and ``SendMessageResponseHeader``."""
from __future__ import annotations

from typing import Dict, Mapping, Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader, java_int, java_long
from rocketmq_remoting.protocol.fast_codes_header import FastCodesHeader

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

    def get_producer_group(self) -> str: return self.producer_group
    def set_producer_group(self, producer_group: Optional[str]) -> None: self.producer_group = producer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_default_topic(self) -> str: return self.default_topic
    def set_default_topic(self, default_topic: Optional[str]) -> None: self.default_topic = default_topic
    def get_default_topic_queue_nums(self) -> int: return self.default_topic_queue_nums
    def set_default_topic_queue_nums(self, default_topic_queue_nums: Optional[int]) -> None:
        self.default_topic_queue_nums = default_topic_queue_nums
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id
    def get_sys_flag(self) -> int: return self.sys_flag
    def set_sys_flag(self, sys_flag: Optional[int]) -> None: self.sys_flag = sys_flag
    def get_born_timestamp(self) -> int: return self.born_timestamp
    def set_born_timestamp(self, born_timestamp: Optional[int]) -> None: self.born_timestamp = born_timestamp
    def get_flag(self) -> int: return self.flag
    def set_flag(self, flag: Optional[int]) -> None: self.flag = flag
    def get_properties(self) -> str: return self.properties
    def set_properties(self, properties: Optional[str]) -> None: self.properties = properties
    def get_reconsume_times(self) -> int: return self.reconsume_times
    def set_reconsume_times(self, reconsume_times: Optional[int]) -> None: self.reconsume_times = reconsume_times
    def get_unit_mode(self) -> bool: return self.unit_mode
    def is_unit_mode(self) -> bool: return self.unit_mode
    def set_unit_mode(self, unit_mode: bool) -> None: self.unit_mode = unit_mode
    def get_batch(self) -> bool: return self.batch
    def is_batch(self) -> bool: return self.batch
    def set_batch(self, batch: bool) -> None: self.batch = batch
    def get_max_reconsume_times(self) -> int: return self.max_reconsume_times
    def set_max_reconsume_times(self, max_reconsume_times: Optional[int]) -> None:
        self.max_reconsume_times = max_reconsume_times

    _java_int_fields = ("default_topic_queue_nums", "queue_id", "sys_flag", "flag", "reconsume_times",
                        "max_reconsume_times")  # Java's Integer fields (bornTimestamp is a Long)


class SendMessageRequestHeaderV2(TopicQueueRequestHeader, FastCodesHeader):
    """Java ``SendMessageRequestHeaderV2``: the fields of :class:`SendMessageRequestHeader` under one-letter wire
    names (codes ``SEND_MESSAGE_V2``, ``SEND_BATCH_MESSAGE``, ``SEND_REPLY_MESSAGE_V2``). The broker name travels
    in ``n``; the inherited ``bname`` stays None. A FastCodesHeader, with Java's written-out codec.
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

    def get_a(self) -> str: return self.a
    def set_a(self, a: Optional[str]) -> None: self.a = a
    def get_b(self) -> str: return self.b
    def set_b(self, b: Optional[str]) -> None: self.b = b
    def get_c(self) -> str: return self.c
    def set_c(self, c: Optional[str]) -> None: self.c = c
    def get_d(self) -> int: return self.d
    def set_d(self, d: Optional[int]) -> None: self.d = d
    def get_e(self) -> int: return self.e
    def set_e(self, e: Optional[int]) -> None: self.e = e
    def get_f(self) -> int: return self.f
    def set_f(self, f: Optional[int]) -> None: self.f = f
    def get_g(self) -> int: return self.g
    def set_g(self, g: Optional[int]) -> None: self.g = g
    def get_h(self) -> int: return self.h
    def set_h(self, h: Optional[int]) -> None: self.h = h
    def get_i(self) -> str: return self.i
    def set_i(self, i: Optional[str]) -> None: self.i = i
    def get_j(self) -> int: return self.j
    def set_j(self, j: Optional[int]) -> None: self.j = j
    def get_k(self) -> bool: return self.k
    def is_k(self) -> bool: return self.k
    def set_k(self, k: bool) -> None: self.k = k
    def get_l(self) -> int: return self.l
    def set_l(self, l: Optional[int]) -> None: self.l = l
    def get_m(self) -> bool: return self.m
    def is_m(self) -> bool: return self.m
    def set_m(self, m: bool) -> None: self.m = m
    def get_n(self) -> str: return self.n
    def set_n(self, n: Optional[str]) -> None: self.n = n

    _java_int_fields = ("d", "e", "f", "h", "j", "l")  # Java's Integer fields (g, bornTimestamp, is a Long)

    def encode(self, out: Dict[str, str]) -> None:
        """Java ``encode``: ``a`` .. ``n`` in this order; then the inherited ``lo ns nsd bname oway``, which Java's
        fast codec leaves out (a Python caller that sets them has them sent, as in JSON)."""
        if self.a is not None:
            out["a"] = self.a
        if self.b is not None:
            out["b"] = self.b
        if self.c is not None:
            out["c"] = self.c
        if self.d is not None:
            out["d"] = str(self.d)
        if self.e is not None:
            out["e"] = str(self.e)
        if self.f is not None:
            out["f"] = str(self.f)
        if self.g is not None:
            out["g"] = str(self.g)
        if self.h is not None:
            out["h"] = str(self.h)
        if self.i is not None:
            out["i"] = self.i
        if self.j is not None:
            out["j"] = str(self.j)
        if self.k is not None:
            out["k"] = "true" if self.k else "false"
        if self.l is not None:
            out["l"] = str(self.l)
        if self.m is not None:
            out["m"] = "true" if self.m else "false"
        if self.n is not None:
            out["n"] = self.n
        self._encode_base_fields(out)

    def decode(self, fields: Mapping[str, str]) -> None:
        """Java ``decode``: the fields :meth:`encode` writes."""
        cls = type(self)
        self.a = fields["a"]
        self.b = fields["b"]
        self.c = fields["c"]
        self.d = java_int(fields["d"], "d", cls)
        self.e = java_int(fields["e"], "e", cls)
        self.f = java_int(fields["f"], "f", cls)
        self.g = java_long(fields["g"], "g", cls)
        self.h = java_int(fields["h"], "h", cls)
        get = fields.get
        s = get("i")
        if s is not None:
            self.i = s
        s = get("j")
        if s is not None:
            self.j = java_int(s, "j", cls)
        s = get("k")
        if s is not None:
            self.k = s.lower() == "true"
        s = get("l")
        if s is not None:
            self.l = java_int(s, "l", cls)
        s = get("m")
        if s is not None:
            self.m = s.lower() == "true"
        s = get("n")
        if s is not None:
            self.n = s
        self._decode_base_fields(fields)

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


class SendMessageResponseHeader(CommandCustomHeader, FastCodesHeader):
    """Java ``SendMessageResponseHeader`` (5.3.3's fields); ``msg_id`` is the offset message id (comma-joined for a
    batch), ``batch_uniq_id`` is set by a 5.x broker for a batch stored as one inner-batch entry, ``recall_handle``
    for a delayed (timer) message. A FastCodesHeader, with Java's written-out codec."""

    msg_id = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    queue_offset = Prop(int, required=True)
    transaction_id = Prop(str)
    batch_uniq_id = Prop(str)
    recall_handle = Prop(str)

    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id
    def get_queue_offset(self) -> int: return self.queue_offset
    def set_queue_offset(self, queue_offset: Optional[int]) -> None: self.queue_offset = queue_offset
    def get_transaction_id(self) -> str: return self.transaction_id
    def set_transaction_id(self, transaction_id: Optional[str]) -> None: self.transaction_id = transaction_id
    def get_batch_uniq_id(self) -> str: return self.batch_uniq_id
    def set_batch_uniq_id(self, batch_uniq_id: Optional[str]) -> None: self.batch_uniq_id = batch_uniq_id
    def get_recall_handle(self) -> str: return self.recall_handle
    def set_recall_handle(self, recall_handle: Optional[str]) -> None: self.recall_handle = recall_handle

    def encode(self, out: Dict[str, str]) -> None:
        """Java ``encode``."""
        if self.msg_id is not None:
            out["msgId"] = self.msg_id
        if self.queue_id is not None:
            out["queueId"] = str(self.queue_id)
        if self.queue_offset is not None:
            out["queueOffset"] = str(self.queue_offset)
        if self.transaction_id is not None:
            out["transactionId"] = self.transaction_id
        if self.batch_uniq_id is not None:
            out["batchUniqId"] = self.batch_uniq_id
        if self.recall_handle is not None:
            out["recallHandle"] = self.recall_handle

    def decode(self, fields: Mapping[str, str]) -> None:
        """Java ``decode``."""
        cls = type(self)
        self.msg_id = fields["msgId"]
        self.queue_id = java_long(fields["queueId"], "queueId", cls)
        self.queue_offset = java_long(fields["queueOffset"], "queueOffset", cls)
        get = fields.get
        s = get("transactionId")
        if s is not None:
            self.transaction_id = s
        s = get("batchUniqId")
        if s is not None:
            self.batch_uniq_id = s
        s = get("recallHandle")
        if s is not None:
            self.recall_handle = s
