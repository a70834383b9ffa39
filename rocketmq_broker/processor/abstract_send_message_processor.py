"""Java ``org.apache.rocketmq.broker.processor.AbstractSendMessageProcessor``: what the send processors share.

Header parsing (``SEND_MESSAGE_V2`` / ``SEND_BATCH_MESSAGE`` headers are decoded as
``SendMessageRequestHeaderV2`` and converted to the long-name header, as Java does) and ``msgCheck``: broker
permission, topic name rules, forbidden system topics, topic auto-creation and the queue id range, each with
Java's response code and remark. Send hooks (``mqtrace``) are not supported.
"""
from __future__ import annotations

import logging
import operator
from typing import TYPE_CHECKING, Any, Dict, Optional, Set, Tuple

from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeader, SendMessageRequestHeaderV2)
from rocketmq_common.sysflag.topic_sys_flag import TopicSysFlag
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["AbstractSendMessageProcessor", "decode_v2_as_v1"]

log = logging.getLogger(__name__)

_RETRY_PREFIX = MixAll.RETRY_GROUP_TOPIC_PREFIX
_PERM_WRITE = PermName.PERM_WRITE
_NOT_ALLOWED_SEND_TOPICS = TopicValidator.NOT_ALLOWED_SEND_TOPIC_SET

_V2_NAME = "SendMessageRequestHeaderV2"
#: the required fields of SendMessageRequestHeaderV2, in declaration order
_V2_REQUIRED = tuple(p.wire for p in SendMessageRequestHeaderV2._props if p.required)
_required_v2_fields = operator.itemgetter(*_V2_REQUIRED)
_new_header = SendMessageRequestHeader.__new__


def _v2_int(wire: str, raw: str) -> int:
    """A header integer as Java's ``Integer.parseInt`` / ``Long.parseLong`` reads it (optional sign, digits)."""
    digits = raw[1:] if raw[:1] in ("-", "+") else raw
    if not (digits.isdigit() and digits.isascii()):
        raise RemotingCommandException("the custom field <%s> of %s has a bad value: %r" % (wire, _V2_NAME, raw))
    return int(raw)


#: the optional and integer wire fields of SendMessageRequestHeaderV2 (d, e, f, h, j, k, l, m, n) -> the values of
#: the long-name header's default_topic_queue_nums, queue_id, sys_flag, flag, reconsume_times, max_reconsume_times,
#: unit_mode, batch and bname: a producer sends the same few again and again, and ``int(str)`` and ``lower()`` are
#: slow (bounded cache of a pure function)
_header_fields_cache: Dict[Tuple[Optional[str], ...], Tuple[Any, ...]] = {}


def _decode_header_fields(key: Tuple[Optional[str], ...], g: str) -> Tuple[Any, ...]:
    """The header values of a :data:`_header_fields_cache` key, checked in Java's field order (so that the first
    bad field is the one reported; ``g``, the born timestamp, is checked in its place)."""
    d, e, f, h, j, k, l, m, n = key  # noqa: E741 - Java's wire names
    ints = (_v2_int("d", d), _v2_int("e", e), _v2_int("f", f))
    _v2_int("g", g)
    fields = ints + (_v2_int("h", h), None if j is None else _v2_int("j", j),
                     None if l is None else _v2_int("l", l), k is not None and k.lower() == "true",
                     m is not None and m.lower() == "true", n)
    if len(_header_fields_cache) > 4096:
        _header_fields_cache.clear()
    _header_fields_cache[key] = fields
    return fields


def decode_v2_as_v1(ext_fields: Optional[Dict[str, str]]) -> SendMessageRequestHeader:
    """``SendMessageRequestHeaderV2`` decoding (required fields, Java integer syntax, the same errors in field
    order) followed by ``createSendMessageRequestHeaderV1`` (``n`` -> ``bname``), in one pass: this runs for
    every message sent."""
    ext = ext_fields or {}
    try:  # the required fields (_V2_REQUIRED)
        a, b, c, d, e, f, g, h = _required_v2_fields(ext)
    except KeyError:
        missing = next(wire for wire in _V2_REQUIRED if wire not in ext)
        raise RemotingCommandException("the custom field <%s> is null in %s" % (missing, _V2_NAME)) from None
    get = ext.get
    key = (d, e, f, h, get("j"), get("k"), get("l"), get("m"), get("n"))
    fields = _header_fields_cache.get(key)
    if fields is None or not (g.isdigit() and g.isascii()):
        fields = _decode_header_fields(key, g)
    header = _new_header(SendMessageRequestHeader)
    header.producer_group = a
    header.topic = b
    header.default_topic = c
    (header.default_topic_queue_nums, header.queue_id, header.sys_flag, header.flag, header.reconsume_times,
     header.max_reconsume_times, header.unit_mode, header.batch, header.bname) = fields
    header.born_timestamp = int(g)
    header.properties = get("i")
    return header


#: topic names that passed ``TopicValidator.validate_topic`` (a pure function of the name; bounded cache)
_valid_topics: Set[str] = set()


class AbstractSendMessageProcessor(AsyncNettyRequestProcessor):
    """Base of :class:`~rocketmq_broker.processor.send_message_processor.SendMessageProcessor`."""

    #: Java ``DLQ_NUMS_PER_GROUP``
    DLQ_NUMS_PER_GROUP = 1

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller
        self._store_host: Optional[Tuple[str, int]] = None

    def get_store_host(self) -> Tuple[str, int]:
        """Java ``getStoreHost``: ``(brokerIP1, listen port)``, the store host of every message written.

        Read from the controller on first use, once the listen port is known (an ephemeral port is only known
        after the remoting server started)."""
        store_host = self._store_host
        if store_host is None:
            store_host = self.broker_controller.get_store_host()
            if store_host[1]:
                self._store_host = store_host
        return store_host

    @staticmethod
    def _peer(ctx: "ChannelHandlerContext") -> Tuple[str, int]:
        """The request's TCP peer as an ``(ip, port)`` tuple (Java ``ctx.channel().remoteAddress()``)."""
        address = ctx.channel().remote_address()
        return address if len(address) == 2 else (address[0], address[1])

    @staticmethod
    def parse_request_header(request: RemotingCommand) -> Optional[SendMessageRequestHeader]:
        """Java ``parseRequestHeader``: the long-name header of a send request (None for other codes).
        Raises ``RemotingCommandException`` for a missing or malformed required field."""
        code = request.code
        if code == RequestCode.SEND_MESSAGE_V2 or code == RequestCode.SEND_BATCH_MESSAGE:
            return decode_v2_as_v1(request.ext_fields)
        if code == RequestCode.SEND_MESSAGE:
            return request.decode_command_custom_header(SendMessageRequestHeader)
        return None

    def msg_check(self, ctx: "ChannelHandlerContext", request_header: SendMessageRequestHeader,
                  response: RemotingCommand) -> Optional[TopicConfig]:
        """Java ``msgCheck``: on failure set the response's code and remark (the code stays -1 otherwise).
        Returns the topic config (auto-created if needed) when the checks pass."""
        broker_controller = self.broker_controller
        broker_config = broker_controller.broker_config
        topic = request_header.topic
        topic_config_manager = broker_controller.topic_config_manager
        if not broker_config.broker_permission & _PERM_WRITE and topic_config_manager.is_order_topic(topic):
            response.code = ResponseCode.NO_PERMISSION
            response.remark = "the broker[%s] sending message is forbidden" % broker_config.broker_ip1
            return None
        if topic not in _valid_topics:
            if not TopicValidator.validate_topic(topic, response):
                return None
            if len(_valid_topics) > 65536:
                _valid_topics.clear()
            _valid_topics.add(topic)
        if topic in _NOT_ALLOWED_SEND_TOPICS:
            TopicValidator.is_not_allowed_send_topic(topic, response)
            return None
        topic_config = topic_config_manager.topic_config_table.get(topic)  # Java selectTopicConfig
        if topic_config is None:
            topic_sys_flag = 0
            if request_header.unit_mode:
                if topic.startswith(_RETRY_PREFIX):
                    topic_sys_flag = TopicSysFlag.build_sys_flag(False, True)
                else:
                    topic_sys_flag = TopicSysFlag.build_sys_flag(True, False)
            remote_addr = ctx.channel().get_remote_addr()
            log.warning("the topic %s not exist, producer: %s", topic, remote_addr)
            topic_config = topic_config_manager.create_topic_in_send_message_method(
                topic, request_header.default_topic, remote_addr, request_header.default_topic_queue_nums,
                topic_sys_flag)
            if topic_config is None and topic.startswith(_RETRY_PREFIX):
                topic_config = topic_config_manager.create_topic_in_send_message_back_method(
                    topic, 1, PermName.PERM_WRITE | PermName.PERM_READ, topic_sys_flag)
            if topic_config is None:
                response.code = ResponseCode.TOPIC_NOT_EXIST
                response.remark = "topic[%s] not exist, apply first please!%s" % (
                    topic, FAQUrl.suggest_todo(FAQUrl.APPLY_TOPIC_URL))
                return None
        queue_id = request_header.queue_id
        if queue_id >= topic_config.write_queue_nums and queue_id >= topic_config.read_queue_nums:
            error_info = "request queueId[%d] is illegal, %r Producer: %s" % (
                queue_id, topic_config, ctx.channel().get_remote_addr())
            log.warning(error_info)
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = error_info
            return None
        return topic_config

    def reject_request(self) -> bool:
        return False
