"""Java ``org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil`` (5.3.3): the POP receipt handle
(``POP_CK`` property, ``extraInfo`` of ACK_MESSAGE / CHANGE_MESSAGE_INVISIBLETIME) and the offset-info strings of
the POP_MESSAGE response header.

An extra info is ``ckQueueOffset popTime invisibleTime reviveQid retry brokerName queueId [queueOffset]`` joined
by spaces (``retry``: ``0`` normal topic, ``1`` V1 retry topic, ``2`` V2 retry topic). The offset infos are
``retry queueId value`` items joined by ``;``. Java builds them into a ``StringBuilder``; here the ``build_*``
methods take the text built so far and return it extended (``sb = build_start_offset_info(sb, ...)``). Malformed
input raises ValueError (Java ``IllegalArgumentException`` / ``NumberFormatException``).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rocketmq_common.key_builder import KeyBuilder
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.mix_all import MixAll
from rocketmq_common.util_all import UtilAll

__all__ = ["ExtraInfoUtil"]

_NORMAL_TOPIC = "0"
_RETRY_TOPIC = "1"
_RETRY_TOPIC_V2 = "2"
_QUEUE_OFFSET = "qo"
_SEP = MessageConst.KEY_SEPARATOR


def _field(extra_info_strs: Optional[List[str]], index: int, what: str) -> str:
    if extra_info_strs is None or len(extra_info_strs) <= index:
        length = 0 if extra_info_strs is None else len(extra_info_strs)
        raise ValueError("%s fail, extraInfoStrs length %d" % (what, length))
    return extra_info_strs[index]


def _retry_of(topic: str, pop_ck: Optional[str] = None) -> str:
    """Java's private ``getRetry(topic)`` / ``getRetry(topic, popCk)``."""
    if pop_ck is not None:
        return ExtraInfoUtil.get_retry(ExtraInfoUtil.split(pop_ck))
    if KeyBuilder.is_pop_retry_topic_v2(topic):
        return _RETRY_TOPIC_V2
    if topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
        return _RETRY_TOPIC
    return _NORMAL_TOPIC


def _append(string_builder: Optional[str], item: str) -> str:
    return item if not string_builder else string_builder + ";" + item


def _parse_info(info: Optional[str], what: str, value: Any) -> Optional[Dict[str, Any]]:
    if not info:
        return None
    result: Dict[str, Any] = {}
    for one in UtilAll.split(info, ";"):
        split = UtilAll.split(one, _SEP)
        if len(split) != 3:
            raise ValueError("parse %s error, %s" % (what, info))
        key = split[0] + "@" + split[1]
        if key in result:
            raise ValueError("parse %s error, duplicate, %s" % (what, info))
        result[key] = value(split[2])
    return result


class ExtraInfoUtil:
    """Builds and reads POP receipt handles and offset infos; every method is static, as in Java."""

    @staticmethod
    def split(extra_info: Optional[str]) -> List[str]:
        """Java ``split``: the space-separated fields of an extra info."""
        if extra_info is None:
            raise ValueError("split extraInfo is null")
        return UtilAll.split(extra_info, _SEP)

    @staticmethod
    def get_ck_queue_offset(extra_info_strs: List[str]) -> int:
        """Java ``getCkQueueOffset``: the offset of the first message of the checkpoint."""
        return int(_field(extra_info_strs, 0, "getCkQueueOffset"))

    @staticmethod
    def get_pop_time(extra_info_strs: List[str]) -> int:
        """Java ``getPopTime``."""
        return int(_field(extra_info_strs, 1, "getPopTime"))

    @staticmethod
    def get_invisible_time(extra_info_strs: List[str]) -> int:
        """Java ``getInvisibleTime``."""
        return int(_field(extra_info_strs, 2, "getInvisibleTime"))

    @staticmethod
    def get_revive_qid(extra_info_strs: List[str]) -> int:
        """Java ``getReviveQid``."""
        return int(_field(extra_info_strs, 3, "getReviveQid"))

    @staticmethod
    def get_real_topic(*args: Any) -> str:
        """Java ``getRealTopic``, both overloads: ``(extra_info_strs, topic, cid)`` (the topic the handle's
        message was popped from, extra info of at least 5 fields) and ``(topic, cid, retry)``."""
        if len(args) != 3:
            raise TypeError("get_real_topic takes (extra_info_strs, topic, cid) or (topic, cid, retry)")
        if isinstance(args[0], str):
            topic, cid, retry = args
            if retry == _NORMAL_TOPIC:
                return topic
            if retry == _RETRY_TOPIC:
                return KeyBuilder.build_pop_retry_topic_v1(topic, cid)
            if retry == _RETRY_TOPIC_V2:
                return KeyBuilder.build_pop_retry_topic_v2(topic, cid)
            raise ValueError("getRetry fail, format is wrong")
        extra_info_strs, topic, cid = args
        retry = _field(extra_info_strs, 4, "getRealTopic")
        if retry == _RETRY_TOPIC:
            return KeyBuilder.build_pop_retry_topic_v1(topic, cid)
        if retry == _RETRY_TOPIC_V2:
            return KeyBuilder.build_pop_retry_topic_v2(topic, cid)
        return topic

    @staticmethod
    def get_retry(extra_info_strs: List[str]) -> str:
        """Java ``getRetry``: ``0``, ``1`` or ``2``."""
        return _field(extra_info_strs, 4, "getRetry")

    @staticmethod
    def get_broker_name(extra_info_strs: List[str]) -> str:
        """Java ``getBrokerName``."""
        return _field(extra_info_strs, 5, "getBrokerName")

    @staticmethod
    def get_queue_id(extra_info_strs: List[str]) -> int:
        """Java ``getQueueId``."""
        return int(_field(extra_info_strs, 6, "getQueueId"))

    @staticmethod
    def get_queue_offset(extra_info_strs: List[str]) -> int:
        """Java ``getQueueOffset``: the offset of the message itself (8th field, set on each popped message)."""
        return int(_field(extra_info_strs, 7, "getQueueOffset"))

    @staticmethod
    def build_extra_info(ck_queue_offset: int, pop_time: int, invisible_time: int, revive_qid: int, topic: str,
                         broker_name: str, queue_id: int, msg_queue_offset: Optional[int] = None) -> str:
        """Java ``buildExtraInfo``, both overloads (7 fields, or 8 with ``msg_queue_offset``)."""
        text = "%d %d %d %d %s %s %d" % (ck_queue_offset, pop_time, invisible_time, revive_qid, _retry_of(topic),
                                         broker_name, queue_id)
        if msg_queue_offset is None:
            return text
        return "%s %d" % (text, msg_queue_offset)

    @staticmethod
    def build_start_offset_info(string_builder: Optional[str], topic: str, queue_id: int, start_offset: int) -> str:
        """Java ``buildStartOffsetInfo``: appends ``retry queueId startOffset``."""
        return _append(string_builder, "%s %d %d" % (_retry_of(topic), queue_id, start_offset))

    @staticmethod
    def build_queue_id_order_count_info(string_builder: Optional[str], topic: str, queue_id: int,
                                        order_count: int) -> str:
        """Java ``buildQueueIdOrderCountInfo``: appends ``retry queueId orderCount``."""
        return _append(string_builder, "%s %d %d" % (_retry_of(topic), queue_id, order_count))

    @staticmethod
    def build_queue_offset_order_count_info(string_builder: Optional[str], topic: str, queue_id: int,
                                            queue_offset: int, order_count: int) -> str:
        """Java ``buildQueueOffsetOrderCountInfo``: appends ``retry qo<queueId>%<queueOffset> orderCount``."""
        return _append(string_builder, "%s %s %d" % (
            _retry_of(topic), ExtraInfoUtil.get_queue_offset_key_value_key(queue_id, queue_offset), order_count))

    @staticmethod
    def build_msg_offset_info(string_builder: Optional[str], topic: str, queue_id: int, msg_offsets: List[int]) -> str:
        """Java ``buildMsgOffsetInfo``: appends ``retry queueId o1,o2,...``."""
        return _append(string_builder, "%s %d %s" % (_retry_of(topic), queue_id, ",".join(map(str, msg_offsets))))

    @staticmethod
    def parse_msg_offset_info(msg_offset_info: Optional[str]) -> Optional[Dict[str, List[int]]]:
        """Java ``parseMsgOffsetInfo``: ``retry@queueId`` -> the popped offsets; None for an empty info."""
        return _parse_info(msg_offset_info, "msgOffsetMap",
                           lambda offsets: [int(o) for o in UtilAll.split(offsets, ",")])

    @staticmethod
    def parse_start_offset_info(start_offset_info: Optional[str]) -> Optional[Dict[str, int]]:
        """Java ``parseStartOffsetInfo``: ``retry@queueId`` -> the checkpoint's start offset."""
        return _parse_info(start_offset_info, "startOffsetInfo", int)

    @staticmethod
    def parse_order_count_info(order_count_info: Optional[str]) -> Optional[Dict[str, int]]:
        """Java ``parseOrderCountInfo``: ``retry@queueId`` (or ``retry@qo<qid>%<offset>``) -> the count."""
        return _parse_info(order_count_info, "orderCountInfo", int)

    @staticmethod
    def get_start_offset_info_map_key(topic: str, *args: Any) -> str:
        """Java ``getStartOffsetInfoMapKey``, both overloads: ``(topic, key)`` and ``(topic, pop_ck, key)`` (the
        retry flag of the ``POP_CK`` handle when there is one): ``retry@key``."""
        if len(args) == 1:
            return "%s@%d" % (_retry_of(topic), args[0])
        pop_ck, key = args
        return "%s@%d" % (_retry_of(topic, pop_ck), key)

    @staticmethod
    def get_queue_offset_key_value_key(queue_id: int, queue_offset: int) -> str:
        """Java ``getQueueOffsetKeyValueKey``: ``qo<queueId>%<queueOffset>``."""
        return "%s%d%%%d" % (_QUEUE_OFFSET, queue_id, queue_offset)

    @staticmethod
    def get_queue_offset_map_key(topic: str, queue_id: int, queue_offset: int) -> str:
        """Java ``getQueueOffsetMapKey``: ``retry@qo<queueId>%<queueOffset>``."""
        return "%s@%s" % (_retry_of(topic), ExtraInfoUtil.get_queue_offset_key_value_key(queue_id, queue_offset))

    @staticmethod
    def is_order(extra_info: List[str]) -> bool:
        """Java ``isOrder``: the handle of an orderly pop (revive queue 999)."""
        return ExtraInfoUtil.get_revive_qid(extra_info) == KeyBuilder.POP_ORDER_REVIVE_QUEUE
