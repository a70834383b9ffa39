"""The remoting frame (Java ``org.apache.rocketmq.remoting.protocol.RemotingCommand``).

Frame: ``int32 length`` (of everything after it), ``int32 (serializeType << 24 | headerLength)``, header, body.
The header is JSON (serialize type 0, Java's default) or the ROCKETMQ binary form (type 1); every received frame
is decoded by its own type byte. Encoding mirrors ``RemotingCommand.encodeHeader``: the custom header's fields are
written into extFields first, then any extra extFields.
"""
from __future__ import annotations

import enum
import itertools
import os
import struct
from typing import Any, Dict, Optional, Type, TypeVar

import ujson

from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = [
    "RemotingCommand", "RemotingCommandType", "LanguageCode", "SerializeType", "RemotingSysResponseCode",
    "CURRENT_VERSION",
]

H = TypeVar("H", bound=CommandCustomHeader)

#: ``MQVersion.CURRENT_VERSION`` of the Java release we emulate (V4_9_7), sent in every command.
CURRENT_VERSION = 407

RPC_TYPE = 0          # bit 0: 0 request, 1 response
RPC_ONEWAY = 1        # bit 1: oneway request

SERIALIZE_TYPE_PROPERTY = "rocketmq.serialize.type"
SERIALIZE_TYPE_ENV = "ROCKETMQ_SERIALIZE_TYPE"


class LanguageCode(enum.IntEnum):
    """Java ``LanguageCode``: JSON headers carry the name, ROCKETMQ headers the code."""

    JAVA = 0
    CPP = 1
    DOTNET = 2
    PYTHON = 3
    DELPHI = 4
    ERLANG = 5
    RUBY = 6
    OTHER = 7
    HTTP = 8
    GO = 9
    PHP = 10
    OMS = 11
    RUST = 12


class SerializeType(enum.IntEnum):
    """Java ``SerializeType``: the high byte of the header-info word."""

    JSON = 0
    ROCKETMQ = 1


class RemotingCommandType(enum.Enum):
    """Java ``RemotingCommandType``."""

    REQUEST_COMMAND = 0
    RESPONSE_COMMAND = 1


class RemotingSysResponseCode:
    """Java ``RemotingSysResponseCode``."""

    SUCCESS = 0
    SYSTEM_ERROR = 1
    SYSTEM_BUSY = 2
    REQUEST_CODE_NOT_SUPPORTED = 3
    TRANSACTION_FAILED = 4


def _default_serialize_type() -> SerializeType:
    name = os.environ.get(SERIALIZE_TYPE_ENV, "JSON").strip().upper()
    try:
        return SerializeType[name]
    except KeyError:
        raise RemotingCommandException(
            "%s=%r is not a serialize type (JSON or ROCKETMQ)" % (SERIALIZE_TYPE_ENV, name)) from None


_opaque_counter = itertools.count()
_LANGUAGE_BY_NAME = {lang.name: lang for lang in LanguageCode}
_LANGUAGES = tuple(LanguageCode)
_HEADER_INFO = struct.Struct(">ii")
_BIN_FIXED = struct.Struct(">hbhiii")
_INT = struct.Struct(">i")
_SHORT = struct.Struct(">h")
_LANGUAGE_NAMES = {lang: lang.name for lang in LanguageCode}
_KEY_CACHE: Dict[str, bytes] = {}  # extFields key -> its encoded (short length + UTF-8) form
_dumps = ujson.dumps
_loads = ujson.loads


def _next_opaque() -> int:
    # Java's AtomicInteger: wraps to negative after 2^31 - 1.
    n = next(_opaque_counter) & 0xFFFFFFFF
    return n - 0x100000000 if n >= 0x80000000 else n


class RemotingCommand:
    """One request or response. Create requests with :meth:`create_request_command` and responses with
    :meth:`create_response_command`; :meth:`encode` produces a whole frame and :meth:`decode` reads one."""

    __slots__ = ("code", "language", "version", "opaque", "flag", "remark", "ext_fields", "body",
                 "custom_header", "serialize_type")

    #: serialize type of commands created in this process (Java: ``rocketmq.serialize.type``/env), JSON by default
    default_serialize_type: SerializeType = _default_serialize_type()
    #: language written in headers created by this process
    default_language: LanguageCode = LanguageCode.PYTHON

    def __init__(self, code: int = 0, opaque: Optional[int] = None, flag: int = 0, remark: Optional[str] = None,
                 ext_fields: Optional[Dict[str, str]] = None, body: Optional[bytes] = None,
                 custom_header: Optional[CommandCustomHeader] = None,
                 language: LanguageCode = LanguageCode.PYTHON, version: int = CURRENT_VERSION,
                 serialize_type: Optional[SerializeType] = None) -> None:
        self.code = code
        self.language = language
        self.version = version
        self.opaque = _next_opaque() if opaque is None else opaque
        self.flag = flag
        self.remark = remark
        self.ext_fields = ext_fields
        self.body = body
        self.custom_header = custom_header
        self.serialize_type = self.default_serialize_type if serialize_type is None else serialize_type

    # ---------------------------------------------------------------- factories (Java static methods)

    @classmethod
    def create_request_command(cls, code: int, custom_header: Optional[CommandCustomHeader] = None,
                               body: Optional[bytes] = None) -> "RemotingCommand":
        """Java ``createRequestCommand``."""
        return cls(code=code, custom_header=custom_header, body=body, language=cls.default_language)

    @staticmethod
    def create_new_request_id() -> int:
        """Java ``createNewRequestId``: the next opaque of this process."""
        return _next_opaque()

    @classmethod
    def create_response_command(cls, code: int = RemotingSysResponseCode.SYSTEM_ERROR,
                                remark: Optional[str] = None,
                                class_header: Optional[Type[CommandCustomHeader]] = None) -> "RemotingCommand":
        """Java ``createResponseCommand``; with only a header class the remark is Java's placeholder."""
        cmd = cls(code=code, remark=remark, language=cls.default_language)
        cmd.mark_response_type()
        if class_header is not None:
            cmd.custom_header = class_header()
            if remark is None:
                cmd.remark = "not set any response code"
        return cmd

    # ---------------------------------------------------------------- flags

    def mark_response_type(self) -> None:
        self.flag |= 1 << RPC_TYPE

    def is_response_type(self) -> bool:
        return bool(self.flag & (1 << RPC_TYPE))

    def mark_oneway_rpc(self) -> None:
        self.flag |= 1 << RPC_ONEWAY

    def is_oneway_rpc(self) -> bool:
        return bool(self.flag & (1 << RPC_ONEWAY))

    def get_type(self) -> RemotingCommandType:
        return RemotingCommandType.RESPONSE_COMMAND if self.is_response_type() else RemotingCommandType.REQUEST_COMMAND

    # ---------------------------------------------------------------- accessors (Java bean methods)

    def get_code(self) -> int:
        return self.code

    def set_code(self, code: int) -> None:
        self.code = code

    def get_opaque(self) -> int:
        return self.opaque

    def set_opaque(self, opaque: int) -> None:
        self.opaque = opaque

    def get_remark(self) -> Optional[str]:
        return self.remark

    def set_remark(self, remark: Optional[str]) -> None:
        self.remark = remark

    def get_body(self) -> Optional[bytes]:
        return self.body

    def set_body(self, body: Optional[bytes]) -> None:
        self.body = body

    def get_ext_fields(self) -> Optional[Dict[str, str]]:
        return self.ext_fields

    def get_version(self) -> int:
        return self.version

    def get_language(self) -> LanguageCode:
        return self.language

    def set_language(self, language: LanguageCode) -> None:
        self.language = language

    def set_version(self, version: int) -> None:
        self.version = version

    def set_flag(self, flag: int) -> None:
        self.flag = flag

    def set_ext_fields(self, ext_fields: Optional[Dict[str, str]]) -> None:
        self.ext_fields = ext_fields

    def get_serialize_type_current_rpc(self) -> SerializeType:
        return self.serialize_type

    def set_serialize_type_current_rpc(self, serialize_type: SerializeType) -> None:
        self.serialize_type = serialize_type

    def get_flag(self) -> int:
        return self.flag

    def read_custom_header(self) -> Optional[CommandCustomHeader]:
        return self.custom_header

    def write_custom_header(self, header: Optional[CommandCustomHeader]) -> None:
        self.custom_header = header

    def add_ext_field(self, key: str, value: str) -> None:
        """Java ``addExtField``."""
        if self.ext_fields is None:
            self.ext_fields = {}
        self.ext_fields[key] = value

    # ---------------------------------------------------------------- custom header <-> extFields

    def make_custom_header_to_net(self) -> None:
        """Java ``makeCustomHeaderToNet``: copy the custom header's fields into extFields (header fields first)."""
        if self.custom_header is not None:
            fields = self.custom_header.encode_ext_fields()
            if self.ext_fields:
                for key, value in self.ext_fields.items():
                    if key not in fields:
                        fields[key] = value
            self.ext_fields = fields

    def decode_command_custom_header(self, header_class: Type[H]) -> H:
        """Java ``decodeCommandCustomHeader``: build ``header_class`` from extFields (required fields checked)."""
        header = header_class.decode_ext_fields(self.ext_fields)
        self.custom_header = header
        return header

    # ---------------------------------------------------------------- encoding

    def encode(self) -> bytes:
        """The whole frame: length prefix, header-info word, header and body (Java ``NettyEncoder``)."""
        self.make_custom_header_to_net()
        if self.serialize_type == SerializeType.ROCKETMQ:
            header = self._rocketmq_header()
        else:
            header = self._json_header()
        body = self.body or b""
        header_len = len(header)
        return b"".join((_HEADER_INFO.pack(4 + header_len + len(body), (self.serialize_type << 24) | header_len),
                         header, body))

    def _json_header(self) -> bytes:
        # Keys in fastjson's alphabetical order; null remark and extFields omitted, as Java writes them.
        obj: Dict[str, Any] = {"code": self.code}
        if self.ext_fields is not None:
            obj["extFields"] = self.ext_fields
        obj["flag"] = self.flag
        obj["language"] = _LANGUAGE_NAMES[self.language]
        obj["opaque"] = self.opaque
        if self.remark is not None:
            obj["remark"] = self.remark
        obj["serializeTypeCurrentRPC"] = "JSON"
        obj["version"] = self.version
        return _dumps(obj, ensure_ascii=False, escape_forward_slashes=False).encode("utf-8")

    def _rocketmq_header(self) -> bytes:
        remark = self.remark.encode("utf-8") if self.remark else b""
        parts = []
        if self.ext_fields:
            append = parts.append
            pack_int = _INT.pack
            for key, value in self.ext_fields.items():
                if key is None or value is None:
                    continue
                k = _KEY_CACHE.get(key)
                if k is None:
                    kb = key.encode("utf-8")
                    k = _SHORT.pack(len(kb)) + kb
                    if len(_KEY_CACHE) < 4096:
                        _KEY_CACHE[key] = k
                v = value.encode("utf-8")
                append(k)
                append(pack_int(len(v)))
                append(v)
        ext = b"".join(parts)
        return b"".join((_BIN_FIXED.pack(self.code, int(self.language), self.version, self.opaque, self.flag,
                                         len(remark)), remark, _INT.pack(len(ext)), ext))

    # ---------------------------------------------------------------- decoding

    @classmethod
    def decode(cls, frame: Any) -> "RemotingCommand":
        """Decode one frame **without** its 4-byte length prefix (what Netty's frame decoder hands on).

        Raises :class:`RemotingCommandException` for an unknown serialize type or a broken header.
        """
        total = len(frame)
        if total < 4:
            raise RemotingCommandException("frame of %d bytes has no header-info word" % total)
        (info,) = _INT.unpack_from(frame, 0)
        serialize_code = (info >> 24) & 0xFF
        header_len = info & 0xFFFFFF
        if header_len > total - 4:
            raise RemotingCommandException(
                "header length %d is larger than the frame (%d bytes)" % (header_len, total - 4))
        header = bytes(frame[4:4 + header_len])
        if serialize_code == 0:
            cmd = cls._decode_json_header(header)
        elif serialize_code == 1:
            cmd = cls._decode_rocketmq_header(header)
        else:
            raise RemotingCommandException("unknown serialize type %d" % serialize_code)
        cmd.body = bytes(frame[4 + header_len:]) if total > 4 + header_len else None
        return cmd

    @classmethod
    def _blank(cls, serialize_type: SerializeType) -> "RemotingCommand":
        cmd = cls.__new__(cls)
        cmd.custom_header = None
        cmd.serialize_type = serialize_type
        return cmd

    @classmethod
    def _decode_json_header(cls, data: bytes) -> "RemotingCommand":
        try:
            obj = _loads(data)
        except ValueError as e:
            raise RemotingCommandException("broken JSON header: %s" % e) from None
        if type(obj) is not dict:
            raise RemotingCommandException("JSON header is not an object")
        cmd = cls._blank(SerializeType.JSON)
        try:
            ext = obj.get("extFields")
            if ext is not None:
                if type(ext) is not dict:
                    raise TypeError("extFields is not an object")
                for value in ext.values():
                    if type(value) is not str:
                        ext = {k: v if type(v) is str else _java_string(v) for k, v in ext.items()}
                        break
            lang = obj.get("language", "JAVA")
            language = _LANGUAGE_BY_NAME.get(lang) if type(lang) is str else _LANGUAGES[int(lang)]
            cmd.code = int(obj.get("code", 0))
            cmd.opaque = int(obj.get("opaque", 0))
            cmd.flag = int(obj.get("flag", 0))
            cmd.version = int(obj.get("version", 0))
            remark = obj.get("remark")
            cmd.remark = remark if remark is None or type(remark) is str else str(remark)
        except (TypeError, ValueError, AttributeError, IndexError) as e:
            raise RemotingCommandException("broken JSON header: %s" % e) from None
        cmd.ext_fields = ext
        cmd.language = language if language is not None else LanguageCode.OTHER
        return cmd

    @classmethod
    def _decode_rocketmq_header(cls, data: bytes) -> "RemotingCommand":
        n = len(data)
        try:
            code, lang, version, opaque, flag, remark_len = _BIN_FIXED.unpack_from(data, 0)
            pos = 17
            if remark_len < 0 or remark_len > n - pos:
                raise RemotingCommandException("remark length %d out of range" % remark_len)
            remark = data[pos:pos + remark_len].decode("utf-8") if remark_len > 0 else None
            pos += remark_len
            (ext_len,) = _INT.unpack_from(data, pos)
            pos += 4
            if ext_len < 0 or ext_len > n - pos:
                raise RemotingCommandException("extFields length %d out of range" % ext_len)
            ext: Optional[Dict[str, str]] = None
            if ext_len > 0:
                ext = {}
                end = pos + ext_len
                short_unpack = _SHORT.unpack_from
                int_unpack = _INT.unpack_from
                while pos < end:
                    (klen,) = short_unpack(data, pos)
                    pos += 2
                    if klen < 0 or pos + klen > end:
                        raise RemotingCommandException("extFields key length %d out of range" % klen)
                    key = data[pos:pos + klen].decode("utf-8") if klen > 0 else None
                    pos += klen
                    (vlen,) = int_unpack(data, pos)
                    pos += 4
                    if vlen < 0 or pos + vlen > end:
                        raise RemotingCommandException("extFields value length %d out of range" % vlen)
                    if key is not None and vlen > 0:
                        ext[key] = data[pos:pos + vlen].decode("utf-8")
                    pos += vlen
        except (struct.error, UnicodeDecodeError) as e:
            raise RemotingCommandException("broken ROCKETMQ header: %s" % e) from None
        cmd = cls._blank(SerializeType.ROCKETMQ)
        cmd.code = code
        cmd.opaque = opaque
        cmd.flag = flag
        cmd.version = version
        cmd.remark = remark
        cmd.ext_fields = ext
        cmd.language = _LANGUAGES[lang] if 0 <= lang < len(_LANGUAGES) else LanguageCode.OTHER
        return cmd

    def __repr__(self) -> str:
        return ("RemotingCommand [code=%s, language=%s, version=%s, opaque=%s, flag(B)=%s, remark=%s, "
                "extFields=%s, serializeTypeCurrentRPC=%s]" % (
                    self.code, self.language.name, self.version, self.opaque, bin(self.flag)[2:], self.remark,
                    self.ext_fields, self.serialize_type.name))


def _java_string(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)
