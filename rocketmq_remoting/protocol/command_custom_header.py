"""Custom headers (Java ``org.apache.rocketmq.remoting.CommandCustomHeader``) and their extFields codec.

A header class declares its Java fields with :class:`Prop` (``required=True`` for ``@CFNotNull``). Encoding puts
every non-null field into extFields as a string, as ``RemotingCommand.makeCustomHeaderToNet`` does (booleans as
``true``/``false``); decoding parses each field back (``int``, ``float``, ``str``; booleans like Java's
``Boolean.parseBoolean``) and raises :class:`RemotingCommandException` for a missing required field or an
unparsable value. Fields come out in declaration order, which for the four "fast codec" headers is the fixed order
Java writes them in ROCKETMQ binary headers.
"""
from __future__ import annotations

import struct
from typing import Any, Dict, Mapping, Optional, Tuple, Type, TypeVar

from rocketmq_remoting.common.bean import Bean
from rocketmq_remoting.exception import RemotingCommandException

__all__ = ["CommandCustomHeader", "ext_field_string", "check_java_int", "java_long"]

H = TypeVar("H", bound="CommandCustomHeader")

_EMPTY: Dict[str, str] = {}
_SHORT = struct.Struct(">h")
_INT_MIN, _INT_MAX = -(1 << 31), (1 << 31) - 1
_LONG_MIN, _LONG_MAX = -(1 << 63), (1 << 63) - 1


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
    # per class: (attribute, wire name) and (attribute, rocketmq_key(wire name)) for every property, in
    # declaration order (the second for RemotingCommand's ROCKETMQ encoder)
    _encode_plan: Tuple[Tuple[str, str], ...] = ()
    _rocketmq_plan: Tuple[Tuple[str, str], ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._build_ext_plan()

    @classmethod
    def _build_ext_plan(cls) -> None:
        """Recompute the codec plans; a subclass that reorders ``_props`` calls it afterwards."""
        cls._ext_plan = tuple((p.name, p.wire, p.type, p.required) for p in cls._props)
        cls._encode_plan = tuple((p.name, p.wire) for p in cls._props)
        cls._rocketmq_plan = tuple((p.name, rocketmq_key(p.wire)) for p in cls._props)

    def check_fields(self) -> None:
        """Java ``checkFields``: raise when a required field is None."""
        for name, wire, _type, required in self._ext_plan:
            if required and getattr(self, name) is None:
                raise RemotingCommandException(
                    "the custom field <%s> is null in %s" % (wire, type(self).__name__))

    def encode_ext_fields(self) -> Dict[str, str]:
        """The non-null fields as extFields strings, in declaration order."""
        out: Dict[str, str] = {}
        for name, wire in self._encode_plan:
            value = getattr(self, name)
            if value is not None:
                kind = type(value)
                if kind is str:
                    out[wire] = value
                elif kind is bool:
                    out[wire] = "true" if value else "false"
                else:
                    out[wire] = str(value)
        return out

    @classmethod
    def decode_ext_fields(cls: Type[H], ext_fields: Optional[Mapping[str, str]]) -> H:
        """Build the header from extFields, checking required fields and value syntax."""
        header = cls.from_values(_EMPTY)
        values = header.__dict__
        get = (ext_fields or _EMPTY).get
        for name, wire, type_, required in cls._ext_plan:
            raw = get(wire)
            if raw is None:
                if required:
                    raise RemotingCommandException(
                        "the custom field <%s> is null in %s" % (wire, cls.__name__))
            elif type_ is str:
                values[name] = raw
            elif type_ is int:
                # (plain digits, the usual case, checked inline)
                if not (raw.isdigit() and raw.isascii()) and not _is_java_int(raw):
                    raise RemotingCommandException(
                        "the custom field <%s> of %s has a bad value: %r" % (wire, cls.__name__, raw))
                values[name] = java_long(raw, wire, cls.__name__)
            elif type_ is bool:
                values[name] = raw.lower() == "true"
            else:
                try:
                    values[name] = type_(raw)
                except (TypeError, ValueError):
                    raise RemotingCommandException(
                        "the custom field <%s> of %s has a bad value: %r" % (wire, cls.__name__, raw)) from None
        return header

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.bean_values() == other.bean_values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]


def java_long(raw: str, wire: str, header_name: str) -> int:
    """The value of the integer field ``wire`` (``raw`` has Java integer syntax), refused with
    :class:`RemotingCommandException` outside a Java ``long``, as ``Long.parseLong`` refuses it: no Java integer
    field holds it. (A long string is refused before ``int()``, which refuses more than 4300 digits on its own.)"""
    value = int(raw) if len(raw) <= 20 or len(raw.lstrip("+-0")) <= 19 else None
    if value is None or not _LONG_MIN <= value <= _LONG_MAX:
        raise RemotingCommandException("the custom field <%s> of %s is out of range: %s" % (
            wire, header_name, raw if len(raw) <= 40 else raw[:40] + "..."))
    return value


def check_java_int(header: CommandCustomHeader, *names: str) -> None:
    """Raise :class:`RemotingCommandException` when one of the attributes ``names`` of ``header`` (the fields
    Java declares ``int`` / ``Integer``) is outside a Java ``int``, as ``Integer.parseInt`` refuses it at decode
    (the generic decoding only knows them as integers and checks the ``long`` range)."""
    for name in names:
        value = getattr(header, name)
        if value is not None and not _INT_MIN <= value <= _INT_MAX:
            prop = type(header)._props_by_name[name]
            raise RemotingCommandException("the custom field <%s> of %s is out of range: %d" % (
                prop.wire, type(header).__name__, value))


def _is_java_int(raw: str) -> bool:
    """What Java's ``Integer.parseInt``/``Long.parseLong`` accept: an optional sign and ASCII digits."""
    digits = raw[1:] if raw[:1] in ("-", "+") else raw
    return digits.isdigit() and digits.isascii()


def rocketmq_key(key: str) -> str:
    """An extFields key as a ROCKETMQ header writes it (short length, UTF-8 bytes), in a latin-1 str."""
    raw = key.encode()
    return (_SHORT.pack(len(raw)) + raw).decode("latin-1")
