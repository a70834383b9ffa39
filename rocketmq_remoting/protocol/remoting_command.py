"""The remoting frame (Java ``org.apache.rocketmq.remoting.protocol.RemotingCommand``).

Frame: ``int32 length`` (of everything after it), ``int32 (serializeType << 24 | headerLength)``, header, body.
The header is JSON (serialize type 0, Java's default) or the ROCKETMQ binary form (type 1); every received frame
is decoded by its own type byte. Encoding mirrors Java's ``fastEncodeHeader``: the custom header's fields are
written first, then the extFields that are not among them (JSON: after copying the fields into extFields; ROCKETMQ:
straight into the frame, extFields left as they are).
"""
from __future__ import annotations

import enum
import itertools
import os
import struct
from typing import Any, Dict, List, Optional, Type, TypeVar

import ujson

from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader, ext_field_string, missing_field
from rocketmq_remoting.protocol.fast_codes_header import FastCodesHeader

__all__ = [
    "RemotingCommand", "RemotingCommandType", "LanguageCode", "SerializeType", "RemotingSysResponseCode",
    "CURRENT_VERSION",
]

H = TypeVar("H", bound=CommandCustomHeader)

#: ``MQVersion.CURRENT_VERSION`` of the Java release we follow (``Version.V5_3_3.ordinal()``), sent in every
#: command by the clients, the tools and the embedded servers alike, as Java 5.3.3's processes send theirs.
CURRENT_VERSION = 479

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


#: opaques of this process: 0 .. 2^31 - 1, then -2^31 .. -1, and again (Java's AtomicInteger wrapping around)
_opaques = itertools.chain.from_iterable(itertools.cycle((range(0, 1 << 31), range(-(1 << 31), 0))))
_LANGUAGE_BY_NAME = {lang.name: lang for lang in LanguageCode}
_LANGUAGES = tuple(LanguageCode)
_OTHER_LANGUAGE = LanguageCode.OTHER
_JSON = SerializeType.JSON
_ROCKETMQ = SerializeType.ROCKETMQ
_ROCKETMQ_MARK = int(SerializeType.ROCKETMQ) << 24
_HEADER_INFO = struct.Struct(">ii")
_BIN_FIXED = struct.Struct(">hbhiii")
#: the header-info word and the fixed fields of a ROCKETMQ header (code .. remark length)
_ROCKETMQ_HEAD = struct.Struct(">iihbhiii")
_INT = struct.Struct(">i")
#: the values of Java's int (membership is one C-level test): code, opaque, flag and version of a received header
#: must lie in it
_JAVA_INT = range(-2 ** 31, 2 ** 31)
_SHORT = struct.Struct(">h")
_LANGUAGE_NAMES = {lang: lang.name for lang in LanguageCode}
_dumps = ujson.dumps
_loads = ujson.loads
_new = object.__new__


def rocketmq_key(key: str) -> str:
    """An extFields key as a ROCKETMQ header writes it (short length, UTF-8 bytes), in a latin-1 str."""
    raw = key.encode()
    return (_SHORT.pack(len(raw)) + raw).decode("latin-1")


class _KeyPrefixes(dict):
    """extFields key -> :func:`rocketmq_key` of it; remembers at most 4,096 keys (headers use a few dozen)."""

    def __missing__(self, key: str) -> str:
        prefix = rocketmq_key(key)
        if len(self) < 4096:
            self[key] = prefix
        return prefix


_KEY_PREFIXES = _KeyPrefixes()
_NO_FIELDS: Dict[str, str] = {}
#: big-endian int32 n as 4 latin-1 chars, for value lengths below 256
_SMALL_LENGTHS = tuple(_INT.pack(n).decode("latin-1") for n in range(256))
#: the head of an extFields entry (short key length, key, int value length) by key length, for keys under 64 bytes
_ENTRY_HEADS = tuple(struct.Struct(">h%dsi" % n) for n in range(64))


def _json_scalar_string(value: Any, name: str) -> str:
    """A JSON header's non-string value of a Java String field as its text (``String.valueOf``); an array or an
    object there is a malformed header, however deep it nests (converting it would recurse as deep as the peer
    chose, and fail or not by the interpreter's recursion limit)."""
    if isinstance(value, (list, dict)):
        raise TypeError("the field <%s> is not a string" % name)
    return ext_field_string(value)


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
        self.opaque = next(_opaques) if opaque is None else opaque
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
        # slot by slot rather than by the keyword constructor: half the cost (a request per message sent)
        cmd = _new(cls)
        cmd.code = code
        cmd.language = cls.default_language
        cmd.version = CURRENT_VERSION
        cmd.opaque = next(_opaques)
        cmd.flag = 0
        cmd.remark = None
        cmd.ext_fields = None
        cmd.body = body
        cmd.custom_header = custom_header
        cmd.serialize_type = cls.default_serialize_type
        return cmd

    @staticmethod
    def create_new_request_id() -> int:
        """Java ``createNewRequestId``: the next opaque of this process."""
        return next(_opaques)

    @classmethod
    def create_response_command(cls, code: int = RemotingSysResponseCode.SYSTEM_ERROR,
                                remark: Optional[str] = None,
                                class_header: Optional[Type[CommandCustomHeader]] = None) -> "RemotingCommand":
        """Java ``createResponseCommand``; with only a header class the remark is Java's placeholder."""
        # slot by slot, as in create_request_command (a response per request served)
        cmd = _new(cls)
        cmd.code = code
        cmd.language = cls.default_language
        cmd.version = CURRENT_VERSION
        cmd.opaque = next(_opaques)
        cmd.flag = 1 << RPC_TYPE
        cmd.ext_fields = None
        cmd.body = None
        cmd.serialize_type = cls.default_serialize_type
        if class_header is None:
            cmd.remark = remark
            cmd.custom_header = None
        else:
            cmd.remark = "not set any response code" if remark is None else remark
            cmd.custom_header = class_header()
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
            self.ext_fields = _with_header_fields(self.custom_header, self.ext_fields)

    def decode_command_custom_header(self, header_class: Type[H]) -> H:
        """Java ``decodeCommandCustomHeader``: build ``header_class`` from extFields (required fields checked): a
        :class:`FastCodesHeader` by its own ``decode``, any other by the reflective
        :meth:`CommandCustomHeader.decode_ext_fields`."""
        if issubclass(header_class, FastCodesHeader):
            header = header_class()
            try:
                header.decode(self.ext_fields or _NO_FIELDS)
            except KeyError as e:  # a required field (FastCodesHeader.decode reads them as fields[name])
                raise missing_field(header_class, e.args[0]) from None
        else:
            header = header_class.decode_ext_fields(self.ext_fields)
        self.custom_header = header
        return header

    # ---------------------------------------------------------------- encoding

    def encode(self) -> bytes:
        """The whole frame: length prefix, header-info word, header and body (Java ``NettyEncoder``).

        As in Java 4.9.7, a JSON header is written after :meth:`make_custom_header_to_net`, while a ROCKETMQ header
        gets the custom header's fields written straight into it and leaves extFields as they are (Java's fast
        codec does so for its four FastCodesHeaders, this encoder for every header); the bytes are the same.
        A ROCKETMQ header is: code (short), language (byte), version (short), opaque, flag, remark length (ints),
        remark, extFields length (int), extFields.
        """
        body = self.body or b""
        if self.serialize_type == _ROCKETMQ:
            remark = self.remark.encode() if self.remark else b""
            if self.custom_header is not None or self.ext_fields:
                ext = _rocketmq_ext_fields(self.custom_header, self.ext_fields)
            else:
                ext = b""
            header_len = 21 + len(remark) + len(ext)
            return b"".join((_ROCKETMQ_HEAD.pack(4 + header_len + len(body), _ROCKETMQ_MARK | header_len, self.code,
                                                 self.language, self.version, self.opaque, self.flag, len(remark)),
                             remark, _INT.pack(len(ext)), ext, body))
        self.make_custom_header_to_net()
        header = self._json_header()
        return b"".join((_HEADER_INFO.pack(4 + len(header) + len(body), (self.serialize_type << 24) | len(header)),
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
        # ensure_ascii, double_precision, encode_html_chars, escape_forward_slashes = False, 9, False, False:
        # positional, as keywords cost ujson a tenth of this call
        return _dumps(obj, False, 9, False, False).encode()  # type: ignore[arg-type]  # the stub names these keywords

    # ---------------------------------------------------------------- decoding

    @classmethod
    def decode(cls, frame: Any) -> "RemotingCommand":
        """Decode one frame **without** its 4-byte length prefix (what Netty's frame decoder hands on).

        Raises :class:`RemotingCommandException` for an unknown serialize type or a broken header.
        """
        total = len(frame)
        if total < 4:
            raise RemotingCommandException("frame of %d bytes has no header-info word" % total)
        info = _INT.unpack_from(frame, 0)[0]
        header_len = info & 0xFFFFFF
        if header_len > total - 4:
            raise RemotingCommandException(
                "header length %d is larger than the frame (%d bytes)" % (header_len, total - 4))
        serialize_code = (info >> 24) & 0xFF
        header = bytes(frame[4:4 + header_len])
        if serialize_code == 1:
            cmd = cls._decode_rocketmq_header(header)
        elif serialize_code == 0:
            cmd = cls._decode_json_header(header)
        else:
            raise RemotingCommandException("unknown serialize type %d" % serialize_code)
        cmd.body = bytes(frame[4 + header_len:]) if total > 4 + header_len else None
        return cmd

    @classmethod
    def _decode_json_header(cls, data: bytes) -> "RemotingCommand":
        try:
            obj = _loads(data)
        except (ValueError, SystemError, RecursionError):  # SystemError: ujson 5.x on object keys
            try:  # what fastjson's JSON.parseObject also accepts (unquoted or single-quoted names, extra commas)
                obj = fastjson.loads(data)
            except (ValueError, RecursionError) as e:
                raise RemotingCommandException("broken JSON header: %s" % e) from None
        if type(obj) is not dict:
            raise RemotingCommandException("JSON header is not an object")
        get = obj.get
        try:
            ext = get("extFields")
            if ext is not None:
                if type(ext) is not dict:
                    raise TypeError("extFields is not an object")
                try:
                    # ujson gives JSON strings as exact str, so this join fails exactly when a value is not one
                    "".join(ext.values())
                except TypeError:
                    ext = {k: v if type(v) is str else _json_scalar_string(v, k) for k, v in ext.items()}
            lang = get("language", "JAVA")
            language = _LANGUAGE_BY_NAME.get(lang) if type(lang) is str else _LANGUAGES[int(lang)]
            code = get("code", 0)
            opaque = get("opaque", 0)
            flag = get("flag", 0)
            version = get("version", 0)
            remark = get("remark")
            cmd = _new(cls)
            cmd.code = code if type(code) is int else int(code)
            cmd.opaque = opaque if type(opaque) is int else int(opaque)
            cmd.flag = flag if type(flag) is int else int(flag)
            cmd.version = version if type(version) is int else int(version)
            cmd.remark = remark if remark is None or type(remark) is str else _json_scalar_string(remark, "remark")
        except RecursionError:  # extFields values nested too deep to convert
            raise RemotingCommandException("broken JSON header: values nested too deep") from None
        except (TypeError, ValueError, AttributeError, IndexError, OverflowError) as e:  # OverflowError: 1e400
            raise RemotingCommandException("broken JSON header: %s" % e) from None
        if not (cmd.code in _JAVA_INT and cmd.opaque in _JAVA_INT and cmd.flag in _JAVA_INT
                and cmd.version in _JAVA_INT):
            raise RemotingCommandException("broken JSON header: code, opaque, flag or version outside Java's int")
        cmd.ext_fields = ext
        cmd.language = language if language is not None else _OTHER_LANGUAGE
        cmd.custom_header = None
        cmd.serialize_type = _JSON
        return cmd

    @classmethod
    def _decode_rocketmq_header(cls, data: bytes) -> "RemotingCommand":
        n = len(data)
        try:
            code, lang, version, opaque, flag, remark_len = _BIN_FIXED.unpack_from(data, 0)
            pos = 17
            if remark_len < 0 or remark_len > n - pos:
                raise RemotingCommandException("remark length %d out of range" % remark_len)
            remark = data[pos:pos + remark_len].decode() if remark_len > 0 else None
            pos += remark_len
            ext_len = _INT.unpack_from(data, pos)[0]
            pos += 4
            if ext_len < 0 or ext_len > n - pos:
                raise RemotingCommandException("extFields length %d out of range" % ext_len)
            ext = _decode_rocketmq_ext_fields(data, pos, pos + ext_len) if ext_len > 0 else None
        except (struct.error, UnicodeDecodeError) as e:
            raise RemotingCommandException("broken ROCKETMQ header: %s" % e) from None
        cmd = _new(cls)
        cmd.code = code
        cmd.opaque = opaque
        cmd.flag = flag
        cmd.version = version
        cmd.remark = remark
        cmd.ext_fields = ext
        cmd.language = _LANGUAGES[lang] if 0 <= lang < len(_LANGUAGES) else _OTHER_LANGUAGE
        cmd.custom_header = None
        cmd.serialize_type = _ROCKETMQ
        return cmd

    def __repr__(self) -> str:
        return ("RemotingCommand [code=%s, language=%s, version=%s, opaque=%s, flag(B)=%s, remark=%s, "
                "extFields=%s, serializeTypeCurrentRPC=%s]" % (
                    self.code, self.language.name, self.version, self.opaque, bin(self.flag)[2:], self.remark,
                    self.ext_fields, self.serialize_type.name))


def _with_header_fields(header: CommandCustomHeader, ext: Optional[Dict[str, str]]) -> Dict[str, str]:
    """``header``'s non-null fields as extFields (a :class:`FastCodesHeader` by its own ``encode``, any other by
    the reflective :meth:`CommandCustomHeader.encode_ext_fields`), then the entries of ``ext`` whose keys are not
    among them."""
    if isinstance(header, FastCodesHeader):
        fields: Dict[str, str] = {}
        header.encode(fields)
    else:
        fields = header.encode_ext_fields()
    # (when every key of ext is a header field, as on a second encode, there is nothing to add)
    if ext and not fields.keys() >= ext.keys():
        for key, value in ext.items():
            if key not in fields:
                fields[key] = value
    return fields


def _rocketmq_ext_fields(header: Optional[CommandCustomHeader], ext: Optional[Dict[str, str]]) -> bytes:
    """The extFields block of a ROCKETMQ header: the entries :func:`_with_header_fields` gives (or ``ext`` alone),
    each as a short key length, the key, an int value length and the value (UTF-8), null keys and values left out
    (Java ``rocketMQProtocolEncode``).

    Specialised for speed: the block is built as one str of byte-valued (latin-1) chars, with the key forms
    remembered in ``_KEY_PREFIXES``, then encoded once; this holds while every value is an ASCII ``str`` (its
    UTF-8 length is then its length). Other values go to :func:`_rocketmq_ext_fields_exact`.
    """
    fields = _with_header_fields(header, ext) if header is not None else ext
    parts: List[str] = []
    append = parts.append
    for key, value in fields.items():  # type: ignore[union-attr]
        if key is None or value is None:
            continue
        if type(value) is not str:
            return _rocketmq_ext_fields_exact(fields)  # type: ignore[arg-type]
        n = len(value)
        append(_KEY_PREFIXES[key])
        append(_SMALL_LENGTHS[n] if n < 256 else _INT.pack(n).decode("latin-1"))
        append(value)
    if "".join(parts[2::3]).isascii():
        return "".join(parts).encode("latin-1")
    return _rocketmq_ext_fields_exact(fields)  # type: ignore[arg-type]


def _rocketmq_ext_fields_exact(fields: Dict[str, str]) -> bytes:
    """:func:`_rocketmq_ext_fields` for any values (UTF-8 encoded one by one)."""
    out: List[bytes] = []
    append = out.append
    for key, value in fields.items():
        if key is None or value is None:
            continue
        raw = value.encode()
        append(_KEY_PREFIXES[key].encode("latin-1"))
        append(_INT.pack(len(raw)))
        append(raw)
    return b"".join(out)


def _decode_rocketmq_ext_fields(data: bytes, pos: int, end: int) -> Dict[str, str]:
    """extFields from ``data[pos:end]``, a ROCKETMQ header's extFields block (see :func:`_rocketmq_ext_fields`)."""
    ext: Dict[str, str] = {}
    heads = _ENTRY_HEADS
    # The usual case, specialised: one unpack per entry, chosen by the low byte of the key length (a quarter
    # cheaper than three steps), for non-empty keys under 64 bytes and non-empty values inside the block. From the
    # first other entry on (a longer or empty key, an empty value, both left out, or a broken length), the
    # checking loop below reads the block.
    while pos < end:
        try:
            n = data[pos + 1]
            klen, raw_key, vlen = heads[n].unpack_from(data, pos)
        except (IndexError, struct.error):
            break
        value_pos = pos + 6 + n
        value_end = value_pos + vlen
        if klen != n or not n or vlen <= 0 or value_end > end:
            break
        key = raw_key.decode()
        ext[key] = data[value_pos:value_end].decode()
        pos = value_end
    short_unpack = _SHORT.unpack_from
    int_unpack = _INT.unpack_from
    while pos < end:
        (klen,) = short_unpack(data, pos)
        pos += 2
        if klen < 0 or pos + klen > end:
            raise RemotingCommandException("extFields key length %d out of range" % klen)
        key = data[pos:pos + klen].decode() if klen > 0 else None
        pos += klen
        (vlen,) = int_unpack(data, pos)
        pos += 4
        if vlen < 0 or pos + vlen > end:
            raise RemotingCommandException("extFields value length %d out of range" % vlen)
        if key is not None and vlen > 0:
            ext[key] = data[pos:pos + vlen].decode()
        pos += vlen
    return ext
