"""Custom headers (Java ``org.apache.rocketmq.remoting.CommandCustomHeader``) and their extFields codec.

A header class declares its Java fields with :class:`Prop` (``required=True`` for ``@CFNotNull``). Encoding puts
every non-null field into extFields as a string, as ``RemotingCommand.makeCustomHeaderToNet`` does (booleans as
``true``/``false``); decoding parses each field back (``int``, ``float``, ``str``; booleans like Java's
``Boolean.parseBoolean``) and raises :class:`RemotingCommandException` for a missing required field or an
unparsable value. An integer field is read as ``Long.parseLong`` reads it, or as ``Integer.parseInt`` when the
class names it in ``_java_int_fields`` (the fields Java declares ``int`` / ``Integer``: Python has one integer
type). Fields come out in declaration order. The four headers Java codes by hand have written-out codecs
(:mod:`rocketmq_remoting.protocol.fast_codes_header`) that give the same results.
"""
from __future__ import annotations

from functools import partial
from operator import attrgetter
from typing import Any, Callable, Dict, Mapping, Optional, Tuple, Type, TypeVar

from rocketmq_remoting.common.bean import Bean
from rocketmq_remoting.exception import RemotingCommandException

__all__ = ["CommandCustomHeader", "ext_field_string", "java_int", "java_long"]

H = TypeVar("H", bound="CommandCustomHeader")

_EMPTY: Dict[str, str] = {}
_INT_MIN, _INT_MAX = -(1 << 31), (1 << 31) - 1
_LONG_MIN, _LONG_MAX = -(1 << 63), (1 << 63) - 1
# the integers decoded so far, by their extFields text (a client sends the same few queue ids, flags and counts
# again and again, and a dict lookup costs a fraction of the syntax check and int()); bounded: cleared when full
_LONG_VALUES: Dict[str, int] = {}
_INT_VALUES: Dict[str, int] = {}
_MAX_REMEMBERED = 4096
_new = object.__new__


def ext_field_string(value: Any) -> str:
    """A non-null field value as extFields carry it (Java ``String.valueOf``: booleans as ``true``/``false``).
    For :meth:`CommandCustomHeader.encode_ext_fields` and the JSON header decoder's non-string values."""
    if type(value) is str:
        return value
    if type(value) is bool:
        return "true" if value else "false"
    return str(value)


class CommandCustomHeader(Bean):
    """Base of every request and response header.

    :meth:`encode_ext_fields` and :meth:`decode_ext_fields` are Java's reflective codec: one loop over the
    class's field plan (built once per class, as Java caches ``getClazzFields``), for every header. The four
    headers Java writes out (:class:`~rocketmq_remoting.protocol.fast_codes_header.FastCodesHeader`) also have
    their own ``encode`` and ``decode``, which RemotingCommand uses for them.
    """

    # per class, in declaration order: the wire names and a function giving the tuple of the values
    # (encode_ext_fields)
    _field_wires: Tuple[str, ...] = ()
    _field_values: Callable[[Any], Tuple[Any, ...]] = staticmethod(lambda header: ())  # type: ignore[assignment]
    # per class: (attribute, wire name, parser, required) for every property, in declaration order
    # (decode_ext_fields); the parser is None for str, else java_long, java_int, java_boolean or a _decode_other
    _ext_plan: Tuple[Tuple[str, str, Any, bool], ...] = ()
    # per class: the attributes of the integer fields Java declares int / Integer (the others are long / Long)
    _java_int_fields: Tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._build_ext_plan()

    @classmethod
    def _build_ext_plan(cls) -> None:
        """Recompute the codec plans from ``_props`` (Java's ``getClazzFields``, cached per class); a subclass
        that reorders ``_props`` calls it afterwards."""
        props = cls._props
        cls._field_wires = tuple(p.wire for p in props)
        cls._field_values = staticmethod(_values_getter(tuple(p.name for p in props)))  # type: ignore[assignment]
        cls._ext_plan = tuple((p.name, p.wire, _parser(p.type, p.name in cls._java_int_fields), p.required)
                              for p in props)

    def encode_ext_fields(self) -> Dict[str, str]:
        """The non-null fields as extFields strings, in declaration order (Java ``makeCustomHeaderToNet``'s loop
        over the class's fields: ``String.valueOf`` of each, booleans as ``true``/``false``). (RemotingCommand
        encodes a FastCodesHeader by its own ``encode``.)"""
        out = {}
        for wire, value in zip(self._field_wires, self._field_values(self)):
            if value is not None:
                kind = type(value)
                out[wire] = value if kind is str else str(value) if kind is int else ext_field_string(value)
        return out

    @classmethod
    def decode_ext_fields(cls: Type[H], ext_fields: Optional[Mapping[str, str]]) -> H:
        """The header built from extFields (Java ``decodeCommandCustomHeaderDirectly``'s loop over the class's
        fields): a missing required field raises :class:`RemotingCommandException`, each present one is parsed
        by its type (Java's ``Integer.parseInt`` / ``Long.parseLong`` / ``Boolean.parseBoolean``). (A
        FastCodesHeader decoded by :meth:`RemotingCommand.decode_command_custom_header` reads its fields with its
        own ``decode``.)"""
        header = _new(cls)
        if cls._mutable_props:
            Bean.__init__(header)
        get = (ext_fields or _EMPTY).get
        values = header.__dict__
        for name, wire, parse, required in cls._ext_plan:
            raw = get(wire)
            if raw is None:
                if required:
                    raise missing_field(cls, wire)
            else:
                values[name] = raw if parse is None else parse(raw, wire, cls)
        return header

    def check_fields(self) -> None:
        """Java ``checkFields``: raise when a required field is None."""
        for name, wire, _parse, required in self._ext_plan:
            if required and getattr(self, name) is None:
                raise RemotingCommandException(
                    "the custom field <%s> is null in %s" % (wire, type(self).__name__))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.bean_values() == other.bean_values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]


def _values_getter(names: Tuple[str, ...]) -> Callable[[Any], Tuple[Any, ...]]:
    """A function giving the tuple of the attributes ``names`` of a header (``attrgetter`` of one name gives the
    value itself, not a tuple)."""
    if len(names) > 1:
        return attrgetter(*names)
    return lambda header: tuple(getattr(header, name) for name in names)


def _parser(type_: Any, java_int_field: bool) -> Any:
    """How :meth:`CommandCustomHeader.decode_ext_fields` parses the text of a field of ``type_``: None for a
    ``str``."""
    if type_ is str:
        return None
    if type_ is int:
        return java_int if java_int_field else java_long
    if type_ is bool:
        return java_boolean
    return partial(_decode_other, type_)


def missing_field(cls: Any, wire: str) -> RemotingCommandException:
    """The error for a required field ``wire`` missing from the extFields of a ``cls`` header."""
    return RemotingCommandException("the custom field <%s> is null in %s" % (wire, cls.__name__))


def java_long(raw: str, wire: str, header_class: Any) -> int:
    """Java ``Long.parseLong`` of the value ``raw`` of field ``wire`` of a ``header_class``: an optional sign and
    ASCII digits within a Java ``long``, else :class:`RemotingCommandException` (values seen before are looked
    up: a client sends the same few queue ids, flags and counts again and again)."""
    try:
        return _LONG_VALUES[raw]
    except KeyError:
        return _parse_long(raw, wire, header_class)


def java_int(raw: str, wire: str, header_class: Any) -> int:
    """Java ``Integer.parseInt``, as :func:`java_long` (for the fields Java declares ``int`` / ``Integer``)."""
    try:
        return _INT_VALUES[raw]
    except KeyError:
        value = _parse_long(raw, wire, header_class)
        if not _INT_MIN <= value <= _INT_MAX:
            raise RemotingCommandException("the custom field <%s> of %s is out of range: %s" % (
                wire, header_class.__name__, raw)) from None
        if len(_INT_VALUES) >= _MAX_REMEMBERED:
            _INT_VALUES.clear()
        _INT_VALUES[raw] = value
        return value


def _parse_long(raw: str, wire: str, header_class: Any) -> int:
    """An integer value not parsed before (see :func:`java_long`); remembered. (A long string is refused before
    ``int()``, which refuses more than 4300 digits on its own.)"""
    if not _is_java_int(raw):
        raise RemotingCommandException("the custom field <%s> of %s has a bad value: %r" % (
            wire, header_class.__name__, raw)) from None
    value = int(raw) if len(raw) <= 20 or len(raw.lstrip("+-0")) <= 19 else None
    if value is None or not _LONG_MIN <= value <= _LONG_MAX:
        raise RemotingCommandException("the custom field <%s> of %s is out of range: %s" % (
            wire, header_class.__name__, raw if len(raw) <= 40 else raw[:40] + "...")) from None
    if len(_LONG_VALUES) >= _MAX_REMEMBERED:
        _LONG_VALUES.clear()
    _LONG_VALUES[raw] = value
    return value


def java_boolean(raw: str, wire: str, header_class: Any) -> bool:
    """Java ``Boolean.parseBoolean``: ``true`` in any case is True, any other text False."""
    return raw.lower() == "true"


def _decode_other(type_: Any, raw: str, wire: str, header_class: Any) -> Any:
    """A field of another type (``float``, an enum ...): ``type_(raw)``."""
    try:
        return type_(raw)
    except (TypeError, ValueError):
        raise RemotingCommandException(
            "the custom field <%s> of %s has a bad value: %r" % (wire, header_class.__name__, raw)) from None


def _is_java_int(raw: str) -> bool:
    """What Java's ``Integer.parseInt``/``Long.parseLong`` accept: an optional sign and ASCII digits."""
    digits = raw[1:] if raw[:1] in ("-", "+") else raw
    return digits.isdigit() and digits.isascii()
