"""Java ``org.apache.rocketmq.common.message.MessageDecoder``: stored-message and batch encodings.

Stored record (pull/query/view bodies, PROTOCOL.md §5.1): ``totalSize, magic, bodyCRC, queueId, flag,
queueOffset, physicalOffset, sysFlag, bornTimestamp, bornHost(4|16 + port), storeTimestamp,
storeHost(4|16 + port), reconsumeTimes, preparedTransactionOffset, int bodyLen + body, byte topicLen + topic,
short propsLen + properties``, all big-endian; the host sizes follow sysFlag bits 0x10 / 0x20.
Batch record (SEND_BATCH_MESSAGE body, §5.2): ``totalSize, magic 0, bodyCRC 0, flag, int bodyLen + body,
short propsLen + properties``.

Like Java, :meth:`MessageDecoder.decode` returns ``None`` for a record it cannot read (logged);
:meth:`MessageDecoder.decodes` / ``decodes_batch`` skip it when its ``totalSize`` frames it (else stop there).
Compressed bodies are inflated with the algorithm of sysFlag bits 8..10 (1 LZ4, 2 ZSTD, 0 or 3 zlib) and the
COMPRESSED flag cleared, as 5.3.3 does. A body that does not decompress (corrupt, or its codec package missing)
makes the record undecodable, as in Java (``decode`` returns ``None``): one warning names its topic, queue, offset,
msgId and codec, and :meth:`MessageDecoder.decodes` goes on with the next record, so the message is never handed on
still compressed and the rest of a pull is delivered.
"""
from __future__ import annotations

import logging
import socket
import struct
from typing import Dict, List, Mapping, Optional, Tuple, Union

from rocketmq_common.compression.compressor_factory import CompressorFactory
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_client_ext import MessageClientExt
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_id import MessageId
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag

__all__ = ["MessageDecoder"]

log = logging.getLogger(__name__)

_HEAD = struct.Struct(">iiiiiqqiq")      # totalSize .. bornTimestamp: 48 bytes
# born host, storeTimestamp, store host, reconsumeTimes, preparedTransactionOffset, bodyLength; keyed by host bits
_TAILS = {
    0x00: struct.Struct(">4siq4siiqi"),
    0x10: struct.Struct(">16siq4siiqi"),
    0x20: struct.Struct(">4siq16siiqi"),
    0x30: struct.Struct(">16siq16siiqi"),
}
_BATCH_HEAD = struct.Struct(">iiiii")    # totalSize, magic, bodyCRC, flag, bodyLength
_SHORT = struct.Struct(">h")
_INT = struct.Struct(">i")
_LONG = struct.Struct(">q")
_HOST_V6 = MessageSysFlag.BORNHOST_V6_FLAG | MessageSysFlag.STOREHOSTADDRESS_V6_FLAG
_SHORT_MAX = 32767

_AF_INET6 = socket.AF_INET6

SocketAddress = Tuple[str, int]
Buffer = Union[bytes, bytearray, memoryview]


def _ip_str(packed: bytes) -> str:
    return socket.inet_ntoa(packed) if len(packed) == 4 else socket.inet_ntop(_AF_INET6, packed)


def _string2message_properties(properties: Optional[str]) -> Dict[str, str]:
    """Java ``string2messageProperties``: split on ``\\x02``; an entry is kept only when its first ``\\x01``
    leaves a non-empty name and a non-empty value (the value may contain ``\\x01``)."""
    result: Dict[str, str] = {}
    if properties:
        for segment in properties.split("\x02"):
            name, _, value = segment.partition("\x01")
            if name and value:
                result[name] = value
    return result


def _message_properties2string(properties: Optional[Mapping[str, Optional[str]]]) -> str:
    """Java ``messageProperties2String``: ``name\\x01value`` joined by ``\\x02`` in dict order, no trailing
    separator, ``None`` values skipped."""
    if not properties:
        return ""
    return "\x02".join([name + "\x01" + value for name, value in properties.items() if value is not None])


class MessageDecoder:
    """Static codec of Java ``MessageDecoder``."""

    CHARSET_UTF8 = "utf-8"
    MESSAGE_MAGIC_CODE_POSTION = 4
    MESSAGE_FLAG_POSTION = 16
    MESSAGE_PHYSIC_OFFSET_POSTION = 28
    MESSAGE_MAGIC_CODE = -626843481
    NAME_VALUE_SEPARATOR = "\x01"
    PROPERTY_SEPARATOR = "\x02"
    PHY_POS_POSITION = 4 + 4 + 4 + 4 + 4 + 8
    QUEUE_OFFSET_POSITION = 4 + 4 + 4 + 4 + 4
    SYSFLAG_POSITION = 4 + 4 + 4 + 4 + 4 + 8 + 8

    # ------------------------------------------------------------------ message ids

    @staticmethod
    def create_message_id(address: Union[SocketAddress, bytes], offset: int) -> str:
        """Java ``createMessageId``: upper-case hex of the store address (IP bytes + port, or those bytes given
        directly) and the commit-log offset: 32 characters for IPv4, 56 for IPv6."""
        if type(address) is not bytes:  # the store host bytes of every message stored go straight through
            address = bytes(address) if isinstance(address, (bytes, bytearray)) else \
                MessageExt.socket_address2byte_buffer(address)
        return (address + _LONG.pack(offset)).hex().upper()

    @staticmethod
    def decode_message_id(msg_id: str) -> MessageId:
        """Java ``decodeMessageId``: a 32-character id has an IPv4 address, any other length IPv6."""
        try:
            data = bytes.fromhex(msg_id)
        except ValueError:
            raise ValueError("message id %r is not hex" % msg_id) from None
        ip_len = 4 if len(msg_id) == 32 else 16
        if len(data) < ip_len + 12:
            raise ValueError("message id %r is too short" % msg_id)
        (port,) = _INT.unpack_from(data, ip_len)
        (offset,) = _LONG.unpack_from(data, ip_len + 4)
        return MessageId((_ip_str(data[:ip_len]), port), offset)

    # ------------------------------------------------------------------ stored messages

    @staticmethod
    def decode_properties(data: Buffer, offset: int = 0) -> Optional[Dict[str, str]]:
        """Java ``decodeProperties``: only the properties of the stored record at ``offset`` (``None`` when
        it has none)."""
        (sys_flag,) = _INT.unpack_from(data, offset + MessageDecoder.SYSFLAG_POSITION)
        body_size_position = offset + 84  # fixed fields with IPv4 born and store hosts
        if sys_flag & MessageSysFlag.BORNHOST_V6_FLAG:
            body_size_position += 12
        if sys_flag & MessageSysFlag.STOREHOSTADDRESS_V6_FLAG:
            body_size_position += 12
        (body_len,) = _INT.unpack_from(data, body_size_position)
        topic_length_position = body_size_position + 4 + body_len
        topic_len = data[topic_length_position]
        (props_len,) = _SHORT.unpack_from(data, topic_length_position + 1 + topic_len)
        if props_len <= 0:
            return None
        start = topic_length_position + 1 + topic_len + 2
        return _string2message_properties(bytes(data[start:start + props_len]).decode("utf-8", "replace"))

    @staticmethod
    def decode(data: Buffer, read_body: bool = True, de_compress_body: bool = True,
               is_client: bool = False, offset: int = 0) -> Optional[MessageExt]:
        """Java ``decode``: the stored record at ``offset`` of ``data`` as a :class:`MessageExt` (a
        :class:`MessageClientExt` when ``is_client``), ``None`` when it cannot be read. The next record starts
        at ``offset + msg.get_store_size()``."""
        if not isinstance(data, bytes):
            data = bytes(data)
        return MessageDecoder._decode_at(data, offset, read_body, de_compress_body, is_client)[0]

    @staticmethod
    def client_decode(data: Buffer, read_body: bool) -> Optional[MessageExt]:
        """Java ``clientDecode``: :meth:`decode` giving a :class:`MessageClientExt`."""
        return MessageDecoder.decode(data, read_body, True, True)

    @staticmethod
    def decodes(data: Buffer, read_body: bool = True) -> List[MessageExt]:
        """Java ``decodes``: every stored record of ``data`` in client form, bodies decompressed
        (:meth:`decodes_batch`)."""
        return MessageDecoder.decodes_batch(data, read_body, True, True)

    @staticmethod
    def decodes_batch(data: Buffer, read_body: bool, decompress_body: bool, is_client: bool) -> List[MessageExt]:
        """Java 5.3.3 ``decodesBatch``: every stored record of ``data``; without ``read_body`` the messages have no
        body, without ``decompress_body`` a compressed body stays as stored (and keeps the COMPRESSED sysFlag).
        A record that cannot be decoded (logged once) is skipped when its ``totalSize`` frames it within ``data``,
        so one bad message does not cost the others of a pull; decoding stops where the framing itself is broken
        (Java stops at any bad record)."""
        if not isinstance(data, bytes):
            data = bytes(data)
        messages: List[MessageExt] = []
        pos = 0
        end = len(data)
        decode_at = MessageDecoder._decode_at
        while pos < end:
            msg, next_pos = decode_at(data, pos, read_body, decompress_body, is_client)
            if msg is None:
                size = _INT.unpack_from(data, pos)[0] if pos + 4 <= end else 0
                if size <= 0 or pos + size > end:
                    break
                next_pos = pos + size
            else:
                messages.append(msg)
            pos = next_pos
        return messages

    @staticmethod
    def _decode_at(data: bytes, pos: int, read_body: bool, de_compress_body: bool,
                   is_client: bool) -> Tuple[Optional[MessageExt], int]:
        try:
            (store_size, _magic, body_crc, queue_id, flag, queue_offset, physic_offset, sys_flag,
             born_timestamp) = _HEAD.unpack_from(data, pos)
            tail = _TAILS[sys_flag & _HOST_V6]
            (born_ip, born_port, store_timestamp, store_ip, store_port, reconsume_times, prepared_offset,
             body_len) = tail.unpack_from(data, pos + 48)
            p = pos + 48 + tail.size
            body = None
            if body_len > 0:
                if read_body:
                    body = data[p:p + body_len]
                    if len(body) != body_len:
                        raise ValueError("body of %d bytes is cut at %d" % (body_len, len(body)))
                p += body_len
            topic_len = data[p]
            if topic_len > 127:
                raise ValueError("negative topic length %d" % (topic_len - 256))
            topic = data[p + 1:p + 1 + topic_len].decode("utf-8", "replace")
            p += 1 + topic_len
            (props_len,) = _SHORT.unpack_from(data, p)
            p += 2
            properties = None
            if props_len > 0:
                raw = data[p:p + props_len]
                if len(raw) != props_len:
                    raise ValueError("properties of %d bytes are cut at %d" % (props_len, len(raw)))
                properties = _string2message_properties(raw.decode("utf-8", "replace"))
                p += props_len
            store_host_pos = pos + 48 + len(born_ip) + 12
            msg_id = (data[store_host_pos:store_host_pos + len(store_ip) + 4]
                      + data[pos + 28:pos + 36]).hex().upper()
            if body is not None and de_compress_body and sys_flag & MessageSysFlag.COMPRESSED_FLAG:
                body = MessageDecoder._decompress(body, sys_flag, topic, queue_id, queue_offset, msg_id)
                if body is None:
                    return None, p
                sys_flag &= ~MessageSysFlag.COMPRESSED_FLAG
        except (struct.error, IndexError, ValueError) as e:
            log.warning("cannot decode the stored message at offset %d of %d bytes: %s", pos, len(data), e)
            return None, len(data)
        return (MessageClientExt if is_client else MessageExt).from_values({
            "store_size": store_size, "body_crc": body_crc, "queue_id": queue_id, "flag": flag,
            "queue_offset": queue_offset, "commit_log_offset": physic_offset, "sys_flag": sys_flag,
            "born_timestamp": born_timestamp, "born_host": (_ip_str(born_ip), born_port),
            "store_timestamp": store_timestamp, "store_host": (_ip_str(store_ip), store_port),
            "reconsume_times": reconsume_times, "prepared_transaction_offset": prepared_offset,
            "body": body, "topic": topic, "properties": properties, "msg_id": msg_id,
        }), p

    @staticmethod
    def _decompress(body: bytes, sys_flag: int, topic: str, queue_id: int, queue_offset: int,
                    msg_id: str) -> Optional[bytes]:
        """The body decompressed with the sysFlag's codec, else ``None`` after one warning naming the message."""
        codec = "type %d" % ((sys_flag & MessageSysFlag.COMPRESSION_TYPE_COMPARATOR) >> 8)
        try:
            compression_type = MessageSysFlag.get_compression_type(sys_flag)
            codec = compression_type.name
            return CompressorFactory.get_compressor(compression_type).decompress(body)
        except (IOError, ValueError) as e:
            log.warning("message skipped, its body does not decompress: topic=%s queueId=%d queueOffset=%d "
                        "msgId=%s codec=%s: %s", topic, queue_id, queue_offset, msg_id, codec, e)
            return None

    @staticmethod
    def encode(message_ext: MessageExt, need_compress: bool) -> bytes:
        """Java ``encode``: the stored record of a :class:`MessageExt`.

        With ``need_compress`` and the COMPRESSED flag the body is compressed (level 5) with the sysFlag's
        algorithm. A positive ``store_size`` is written as the total size, like Java's buffer of that size
        (zero-padded; a record larger than it is an error); otherwise the size is computed.
        """
        body = message_ext.body if message_ext.body is not None else b""
        sys_flag = message_ext.sys_flag
        if need_compress and sys_flag & MessageSysFlag.COMPRESSED_FLAG:
            compression_type = MessageSysFlag.get_compression_type(sys_flag)
            body = CompressorFactory.get_compressor(compression_type).compress(body, 5)
        topic = message_ext.topic.encode("utf-8")
        if len(topic) > 127:
            raise ValueError("topic of %d bytes does not fit the stored format (max 127)" % len(topic))
        properties = _message_properties2string(message_ext.properties).encode("utf-8")
        if len(properties) > _SHORT_MAX:
            raise ValueError("properties of %d bytes do not fit the stored format (max 32767)" % len(properties))
        born_host = MessageDecoder._host_bytes(message_ext.born_host, sys_flag & MessageSysFlag.BORNHOST_V6_FLAG,
                                               "born")
        store_host = MessageDecoder._host_bytes(message_ext.store_host,
                                                sys_flag & MessageSysFlag.STOREHOSTADDRESS_V6_FLAG, "store")
        size = 48 + len(born_host) + 8 + len(store_host) + 4 + 8 + 4 + len(body) + 1 + len(topic) + 2 + len(properties)
        store_size = message_ext.store_size
        if store_size > 0:
            if size > store_size:
                raise ValueError("record of %d bytes exceeds storeSize %d" % (size, store_size))
        else:
            store_size = size
        parts = [
            _HEAD.pack(store_size, MessageDecoder.MESSAGE_MAGIC_CODE, message_ext.body_crc, message_ext.queue_id,
                       message_ext.flag, message_ext.queue_offset, message_ext.commit_log_offset, sys_flag,
                       message_ext.born_timestamp),
            born_host, _LONG.pack(message_ext.store_timestamp), store_host,
            _INT.pack(message_ext.reconsume_times), _LONG.pack(message_ext.prepared_transaction_offset),
            _INT.pack(len(body)), body, bytes((len(topic),)), topic, _SHORT.pack(len(properties)), properties,
        ]
        if store_size > size:
            parts.append(bytes(store_size - size))
        return b"".join(parts)

    @staticmethod
    def _host_bytes(address: Optional[SocketAddress], v6_flag: int, which: str) -> bytes:
        if address is None:
            raise ValueError("the message has no %s host" % which)
        packed = MessageExt.socket_address2byte_buffer(address)
        if (len(packed) == 20) != bool(v6_flag):
            raise ValueError("%s host %s does not match the sysFlag's IPv%s bit" % (which, address[0],
                                                                                   "6" if v6_flag else "4"))
        return packed

    # ------------------------------------------------------------------ properties

    #: Java ``messageProperties2String`` (the module function itself: it runs for every message stored)
    message_properties2string = staticmethod(_message_properties2string)
    #: Java ``string2messageProperties``
    string2message_properties = staticmethod(_string2message_properties)

    # ------------------------------------------------------------------ batch records

    @staticmethod
    def encode_message(message: Message) -> bytes:
        """Java ``encodeMessage``: one batch record (flag, body and properties only)."""
        body = message.body
        if body is None:
            raise ValueError("the message body is null")
        properties = _message_properties2string(message.properties).encode("utf-8")
        props_len = len(properties)
        if props_len > _SHORT_MAX:
            raise ValueError("Properties size of message exceeded, properties size: %d, maxSize: %d."
                             % (props_len, _SHORT_MAX))
        body_len = len(body)
        return b"".join((_BATCH_HEAD.pack(22 + body_len + props_len, 0, 0, message.flag, body_len), body,
                         _SHORT.pack(props_len), properties))

    @staticmethod
    def encode_messages(messages: List[Message]) -> bytes:
        """Java ``encodeMessages``: the SEND_BATCH_MESSAGE body."""
        encode_message = MessageDecoder.encode_message
        return b"".join([encode_message(m) for m in messages])

    @staticmethod
    def decode_message(data: Buffer, offset: int = 0) -> Message:
        """Java ``decodeMessage``: the batch record at ``offset`` as a bare :class:`Message` (no ``WAIT``
        added). Raises ``ValueError`` on a truncated record."""
        return MessageDecoder._decode_message_at(bytes(data), offset)[0]

    @staticmethod
    def decode_messages(data: Buffer) -> List[Message]:
        """Java ``decodeMessages``: every record of a SEND_BATCH_MESSAGE body. Raises ``ValueError`` on a
        truncated record."""
        if not isinstance(data, bytes):
            data = bytes(data)
        messages: List[Message] = []
        pos = 0
        end = len(data)
        while pos < end:
            msg, pos = MessageDecoder._decode_message_at(data, pos)
            messages.append(msg)
        return messages

    @staticmethod
    def _decode_message_at(data: bytes, pos: int) -> Tuple[Message, int]:
        try:
            _size, _magic, _crc, flag, body_len = _BATCH_HEAD.unpack_from(data, pos)
            p = pos + _BATCH_HEAD.size
            if body_len < 0 or p + body_len > len(data):
                raise ValueError("body length %d out of range" % body_len)
            body = data[p:p + body_len]
            p += body_len
            (props_len,) = _SHORT.unpack_from(data, p)
            p += 2
            if props_len < 0 or p + props_len > len(data):
                raise ValueError("properties length %d out of range" % props_len)
            properties = _string2message_properties(data[p:p + props_len].decode("utf-8", "replace"))
        except struct.error as e:
            raise ValueError("truncated batch record at offset %d: %s" % (pos, e)) from None
        return Message.from_values({"flag": flag, "body": body, "properties": properties}), p + props_len
