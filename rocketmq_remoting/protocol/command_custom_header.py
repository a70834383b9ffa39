"""Custom headers (Java ``org.apache.rocketmq.remoting.CommandCustomHeader``) and their extFields codec.

A header class declares its Java fields with :class:`Prop` (``required=True`` for ``@CFNotNull``). Encoding puts
every non-null field into extFields as a string, as ``RemotingCommand.makeCustomHeaderToNet`` does (booleans as
``true``/``false``); decoding parses each field back (``int``, ``float``, ``str``; booleans like Java's
``Boolean.parseBoolean``) and raises :class:`RemotingCommandException` for a missing required field or an
unparsable value. An integer field is read as ``Long.parseLong`` reads it, or as ``Integer.parseInt`` when the
class names it in ``_java_int_fields`` (the fields Java declares ``int`` / ``Integer``: Python has one integer
type). Fields come out in declaration order, which for the four "fast codec" headers is the fixed order Java writes
them in ROCKETMQ binary headers.
"""
from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Any, Dict, Mapping, Optional, Tuple, Type, TypeVar

from rocketmq_remoting.common.bean import Bean
from rocketmq_remoting.exception import RemotingCommandException

__all__ = ["CommandCustomHeader", "ext_field_string", "java_long"]

H = TypeVar("H", bound="CommandCustomHeader")

_EMPTY: Dict[str, str] = {}
_SHORT = struct.Struct(">h")
_INT_MIN, _INT_MAX = -(1 << 31), (1 << 31) - 1
_LONG_MIN, _LONG_MAX = -(1 << 63), (1 << 63) - 1
# the integers decoded so far, by their extFields text (a client sends the same few queue ids, flags and counts
# again and again, and a dict lookup costs a fraction of the syntax check and int()); bounded: cleared when full
_LONG_VALUES: Dict[str, int] = {}
_INT_VALUES: Dict[str, int] = {}
_MAX_REMEMBERED = 4096


def ext_field_string(value: Any) -> str:
    """A non-null field value as extFields carry it (Java ``String.valueOf``: booleans as ``true``/``false``).
    :meth:`CommandCustomHeader.encode_ext_fields` and the specialised encoders apply the same rule inline."""
    if type(value) is str:
        return value
    if type(value) is bool:
        return "true" if value else "false"
    return str(value)


class CommandCustomHeader(Bean):
    """Base of every request and response header."""

    # per class: (attribute, wire name, type, required) for every property, in declaration order
    _ext_plan: Tuple[Tuple[str, str, Any, bool], ...] = ()
    # per class: (attribute, rocketmq_key(wire name)) for every property, in declaration order (for
    # RemotingCommand's ROCKETMQ encoder)
    _rocketmq_plan: Tuple[Tuple[str, str], ...] = ()
    # per class: the attributes of the integer fields Java declares int / Integer (the others are long / Long)
    _java_int_fields: Tuple[str, ...] = ()

    if TYPE_CHECKING:  # compiled per class by _build_ext_plan (see _compile_codec and _CODEC_DOCS)
        def encode_ext_fields(self) -> Dict[str, str]: ...

        @classmethod
        def decode_ext_fields(cls: Type[H], ext_fields: Optional[Mapping[str, str]]) -> H: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._build_ext_plan()

    @classmethod
    def _build_ext_plan(cls) -> None:
        """Recompute the codec plans and codecs; a subclass that reorders ``_props`` calls it afterwards."""
        cls._ext_plan = tuple((p.name, p.wire, p.type, p.required) for p in cls._props)
        cls._rocketmq_plan = tuple((p.name, rocketmq_key(p.wire)) for p in cls._props)
        encode, decode = _compile_codec(cls)
        for name, function in (("encode_ext_fields", encode), ("decode_ext_fields", classmethod(decode))):
            own = cls.__dict__.get(name)
            if own is None or getattr(getattr(own, "__func__", own), "_generated", False):
                setattr(cls, name, function)  # (a codec written in the class body is kept)

    def check_fields(self) -> None:
        """Java ``checkFields``: raise when a required field is None."""
        for name, wire, _type, required in self._ext_plan:
            if required and getattr(self, name) is None:
                raise RemotingCommandException(
                    "the custom field <%s> is null in %s" % (wire, type(self).__name__))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.bean_values() == other.bean_values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]


def _compile_codec(cls: Any) -> Tuple[Any, Any]:
    """The ``encode_ext_fields`` and ``decode_ext_fields`` of header class ``cls``, compiled from source written
    field by field from its plan: the code a hand-written codec of that class would be (a header is encoded or
    decoded for every request), one branch per field and declared type, with the generic rule
    (:func:`ext_field_string`, ``type_(raw)``) for values and types off the common path."""
    namespace: Dict[str, Any] = {"_s": ext_field_string, "_EMPTY": _EMPTY, "_new": object.__new__,
                                 "_init": Bean.__init__, "_cls": cls, "_long": _decode_long, "_int": _decode_int,
                                 "_longs": _LONG_VALUES, "_ints": _INT_VALUES, "_other": _decode_other,
                                 "_missing": _missing_field}
    encode = ["def encode_ext_fields(self):", "    out = {}"]
    decode = ["def decode_ext_fields(cls, ext_fields):", "    get = (ext_fields or _EMPTY).get",
              "    header = _new(cls)"]
    if cls._mutable_props:
        decode.append("    _init(header)")
    decode.append("    values = header.__dict__")
    for i, (name, wire, type_, required) in enumerate(cls._ext_plan):
        attr, key = "self.%s" % name, repr(wire)
        if type_ is str:
            value = "v if type(v) is str else _s(v)"
        elif type_ is int:
            value = "str(v) if type(v) is int else _s(v)"
        elif type_ is bool:
            value = "('true' if v else 'false') if type(v) is bool else _s(v)"
        else:
            value = "_s(v)"
        encode += ["    v = %s" % attr, "    if v is not None:", "        out[%s] = %s" % (key, value)]
        decode.append("    raw = get(%s)" % key)
        if required:
            decode += ["    if raw is None:", "        raise _missing(cls, %s)" % key]
            indent = "    "
        else:
            decode.append("    if raw is not None:")
            indent = "        "
        if type_ is str:
            decode.append("%svalues[%r] = raw" % (indent, name))
        elif type_ is int:
            kind = "int" if name in cls._java_int_fields else "long"
            decode += ["%stry:" % indent,
                       "%s    values[%r] = _%ss[raw]" % (indent, name, kind),
                       "%sexcept KeyError:" % indent,
                       "%s    values[%r] = _%s(cls, %s, raw)" % (indent, name, kind, key)]
        elif type_ is bool:
            decode.append("%svalues[%r] = raw.lower() == 'true'" % (indent, name))
        else:
            namespace["_T%d" % i] = type_
            decode.append("%svalues[%r] = _other(cls, %s, _T%d, raw)" % (indent, name, key, i))
    encode.append("    return out")
    decode.append("    return header")
    exec("\n".join(encode + decode), namespace)  # source built above from the class's declarations
    functions = []
    for name in ("encode_ext_fields", "decode_ext_fields"):
        function = namespace[name]
        function.__qualname__ = "%s.%s" % (cls.__qualname__, name)
        function.__module__ = cls.__module__
        function.__doc__ = _CODEC_DOCS[name]
        function._generated = True
        functions.append(function)
    return functions[0], functions[1]


_CODEC_DOCS = {
    "encode_ext_fields": "The non-null fields as extFields strings, in declaration order (Java "
                         "``makeCustomHeaderToNet``: ``String.valueOf`` of each, booleans as ``true``/``false``).",
    "decode_ext_fields": "Build the header from extFields, checking required fields and value syntax (Java "
                         "``decodeCommandCustomHeader``).",
}


def _missing_field(cls: Any, wire: str) -> RemotingCommandException:
    return RemotingCommandException("the custom field <%s> is null in %s" % (wire, cls.__name__))


def _decode_long(cls: Any, wire: str, raw: str) -> int:
    """An integer field not decoded before: Java integer syntax (a sign, digits) in a Java ``long``."""
    if not _is_java_int(raw):
        raise RemotingCommandException("the custom field <%s> of %s has a bad value: %r" % (wire, cls.__name__, raw))
    value = java_long(raw, wire, cls.__name__)
    if len(_LONG_VALUES) >= _MAX_REMEMBERED:
        _LONG_VALUES.clear()
    _LONG_VALUES[raw] = value
    return value


def _decode_int(cls: Any, wire: str, raw: str) -> int:
    """A field Java declares ``int`` / ``Integer``, not decoded before: as :func:`_decode_long`, in an ``int``."""
    value = _decode_long(cls, wire, raw)
    if not _INT_MIN <= value <= _INT_MAX:
        raise RemotingCommandException("the custom field <%s> of %s is out of range: %s" % (wire, cls.__name__, raw))
    if len(_INT_VALUES) >= _MAX_REMEMBERED:
        _INT_VALUES.clear()
    _INT_VALUES[raw] = value
    return value


def _decode_other(cls: Any, wire: str, type_: Any, raw: str) -> Any:
    """A field of another type (``float``, an enum ...): ``type_(raw)``."""
    try:
        return type_(raw)
    except (TypeError, ValueError):
        raise RemotingCommandException(
            "the custom field <%s> of %s has a bad value: %r" % (wire, cls.__name__, raw)) from None


def java_long(raw: str, wire: str, header_name: str) -> int:
    """The value of the integer field ``wire`` (``raw`` has Java integer syntax), refused with
    :class:`RemotingCommandException` outside a Java ``long``, as ``Long.parseLong`` refuses it: no Java integer
    field holds it. (A long string is refused before ``int()``, which refuses more than 4300 digits on its own.)"""
    value = int(raw) if len(raw) <= 20 or len(raw.lstrip("+-0")) <= 19 else None
    if value is None or not _LONG_MIN <= value <= _LONG_MAX:
        raise RemotingCommandException("the custom field <%s> of %s is out of range: %s" % (
            wire, header_name, raw if len(raw) <= 40 else raw[:40] + "..."))
    return value


def _is_java_int(raw: str) -> bool:
    """What Java's ``Integer.parseInt``/``Long.parseLong`` accept: an optional sign and ASCII digits."""
    digits = raw[1:] if raw[:1] in ("-", "+") else raw
    return digits.isdigit() and digits.isascii()


def rocketmq_key(key: str) -> str:
    """An extFields key as a ROCKETMQ header writes it (short length, UTF-8 bytes), in a latin-1 str."""
    raw = key.encode()
    return (_SHORT.pack(len(raw)) + raw).decode("latin-1")


CommandCustomHeader._build_ext_plan()  # the base's own codecs (no field)
