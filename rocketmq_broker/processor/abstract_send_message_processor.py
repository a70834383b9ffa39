"""Java ``org.apache.rocketmq.broker.processor.AbstractSendMessageProcessor``: what the send processors share.

Header parsing (``SEND_MESSAGE_V2`` / ``SEND_BATCH_MESSAGE`` headers are decoded as
``SendMessageRequestHeaderV2`` and converted to the long-name header, as Java does) and ``msgCheck``: broker
permission, topic name rules, forbidden system topics, topic auto-creation and the queue id range, each with
Java's response code and remark. Send hooks (``mqtrace``) are not supported.
"""
from __future__ import annotations

import io
import logging
import zlib
from typing import TYPE_CHECKING, Any, Optional, Set, Tuple

from rocketmq_common.compression.compression_type import CompressionType
from rocketmq_common.compression.compressor import Lz4Compressor, UnsupportedCompressionException, ZstdCompressor
from rocketmq_common.compression.compressor_factory import CompressorFactory
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeader, SendMessageRequestHeaderV2)
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.sysflag.topic_sys_flag import TopicSysFlag
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["AbstractSendMessageProcessor"]

log = logging.getLogger(__name__)

_RETRY_PREFIX = MixAll.RETRY_GROUP_TOPIC_PREFIX
_PERM_WRITE = PermName.PERM_WRITE
_NOT_ALLOWED_SEND_TOPICS = TopicValidator.NOT_ALLOWED_SEND_TOPIC_SET

#: sysFlag bits the broker sets itself: a client's are cleared
_BROKER_SYS_FLAGS = (MessageSysFlag.BORNHOST_V6_FLAG | MessageSysFlag.STOREHOSTADDRESS_V6_FLAG
                     | MessageSysFlag.NEED_UNWRAP_FLAG)
#: sysFlag bits a client may set (4.9: compressed, multi tags, transaction type; 5.x: the compression type)
_CLIENT_SYS_FLAGS = (MessageSysFlag.COMPRESSED_FLAG | MessageSysFlag.MULTI_TAGS_FLAG
                     | MessageSysFlag.TRANSACTION_ROLLBACK_TYPE | MessageSysFlag.COMPRESSION_TYPE_COMPARATOR)
_COMPRESSED_FLAG = MessageSysFlag.COMPRESSED_FLAG
#: output per step of the inflate check (what it holds at once)
_INFLATE_STEP = 1024 * 1024


def _compressed_body_problem(sys_flag: int, body: bytes, limit: int) -> Optional[str]:
    """Why a body flagged compressed cannot be stored (None when it decompresses, with the algorithm of sysFlag
    bits 8..10, to at most ``limit`` bytes). zlib is inflated step by step, the output dropped, so neither memory
    nor time grows with what the body claims."""
    try:
        compression_type = MessageSysFlag.get_compression_type(sys_flag)
    except ValueError:
        return "the message sysFlag %d names an unknown compression type %d" % (sys_flag, (sys_flag >> 8) & 7)
    if compression_type is not CompressionType.ZLIB:
        compressor = CompressorFactory.get_compressor(compression_type)
        try:
            assert isinstance(compressor, (Lz4Compressor, ZstdCompressor))
            if _decompresses_over(compression_type, compressor.codec(), body, limit):
                return "the message body decompresses to more than %d bytes" % limit
            compressor.decompress(body)  # now bounded by ``limit``: truncated or corrupt frames raise
        except UnsupportedCompressionException:
            return "the message body is compressed with %s, which this broker cannot read" % compression_type.name
        except Exception:  # a third-party decompressor's error: the body is not what the flag says
            return "the message body flagged %s-compressed does not decompress" % compression_type.name
        return None
    inflater = zlib.decompressobj()
    data = body
    size = 0
    try:
        while not inflater.eof:
            out = inflater.decompress(data, _INFLATE_STEP)
            size += len(out)
            if size > limit:
                return "the message body decompresses to more than %d bytes" % limit
            data = inflater.unconsumed_tail
            if not out and not data:
                break
    except zlib.error:
        return "the message body flagged compressed (sysFlag %d) is not a zlib stream" % sys_flag
    if not inflater.eof:
        return "the message body flagged compressed (sysFlag %d) is a truncated zlib stream" % sys_flag
    return None


def _decompresses_over(compression_type: CompressionType, codec: Any, body: bytes, limit: int) -> bool:
    """Whether an LZ4 or ZSTD body (every frame of it) decompresses to more than ``limit`` bytes, read a step at
    a time with the output dropped, as the zlib check does."""
    size = 0
    if compression_type is CompressionType.LZ4:
        data: Optional[bytes] = body
        while data:
            decompressor = codec.LZ4FrameDecompressor()
            out = decompressor.decompress(data, max_length=_INFLATE_STEP)
            while True:
                size += len(out)
                if size > limit:
                    return True
                if decompressor.eof or decompressor.needs_input:
                    break
                out = decompressor.decompress(b"", max_length=_INFLATE_STEP)
            data = decompressor.unused_data if decompressor.eof else None
        return False
    reader = codec.ZstdDecompressor().stream_reader(io.BytesIO(body), read_across_frames=True)
    while True:
        out = reader.read(_INFLATE_STEP)
        if not out:
            return False
        size += len(out)
        if size > limit:
            return True


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
            request_header_v2 = request.decode_command_custom_header(SendMessageRequestHeaderV2)
            return SendMessageRequestHeaderV2.create_send_message_request_header_v1(request_header_v2)
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
            log.info("the topic %s not exist, producer: %s", topic, remote_addr)  # Java: warn; auto-creation follows
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

    def check_sys_flag(self, ctx: "ChannelHandlerContext", sys_flag: int, body: Optional[bytes], batch: bool,
                       response: RemotingCommand) -> Optional[int]:
        """The sysFlag to store for a sent message (or batch): the bits the broker owns (the born / store host
        IPv6 bits, which the store sets from the actual addresses, and 5.x's need-unwrap) are cleared; a flag with
        bits no client sets (negative, inner batch, unknown), or a compressed flag on a batch or on a body that
        does not decompress with its algorithm, is refused (None, the response set to MESSAGE_ILLEGAL with the
        reason). Java 4.9 stores any sysFlag as sent; a compressed flag on a plain body then makes every
        consumer's decoding of the pull batch fail, so this broker refuses it where it enters. (Our addition to
        Java's ``msgCheck``.)"""
        unknown = sys_flag & ~(_BROKER_SYS_FLAGS | _CLIENT_SYS_FLAGS)
        remark: Optional[str]
        if unknown:
            remark = "the message sysFlag %d has bits this broker does not accept: 0x%x" % (
                sys_flag, unknown & 0xFFFFFFFF)
        elif not sys_flag & _COMPRESSED_FLAG:
            return sys_flag & ~_BROKER_SYS_FLAGS
        elif batch:
            remark = "the message sysFlag %d marks a batch body compressed, which batches never are" % sys_flag
        else:
            limit = 16 * self.broker_controller.get_message_store_config().max_message_size
            remark = _compressed_body_problem(sys_flag, body or b"", limit)
            if remark is None:
                return sys_flag & ~_BROKER_SYS_FLAGS
        log.warning("refused a message from %s: %s", ctx.channel().get_remote_addr(), remark)
        response.code = ResponseCode.MESSAGE_ILLEGAL
        response.remark = remark
        return None

    def reject_request(self) -> bool:
        return False
