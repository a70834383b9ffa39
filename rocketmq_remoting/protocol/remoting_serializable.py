"""JSON bodies (Java ``org.apache.rocketmq.remoting.protocol.RemotingSerializable``).

A body class declares its fields with :class:`~rocketmq_remoting.common.bean.Prop`; ``encode()`` writes what
fastjson writes (properties sorted by name, nulls omitted, enums by name, object-keyed maps in fastjson's form)
and ``decode()`` reads standard JSON as well as fastjson's dialect (see :mod:`.fastjson`).

Decoding accepts what fastjson 1.2.69's ``JSON.parseObject`` accepts into a Java bean, as other clients rely on
it (the C++ client writes enums as ordinals, ``"consumeType":1``): an enum by name, by name in any case or by
ordinal (an empty or unknown name is null); a number or boolean given as a string (``TypeUtils.castToInt`` /
``castToBoolean``: ``""`` is null, ``"1"``/``"0"``/``"Y"``/``"N"`` are booleans, ``"1,000"`` and ``"3.00"`` are
ints); a field name in another case or with ``_``/``-`` (``JavaBeanDeserializer.smartMatch``); unknown fields are
ignored. Values of the expected type take the fast path; the lenient conversions are in :func:`_lenient_value`,
reached only when it fails. A value fastjson refuses makes ``decode()`` raise :class:`RemotingCommandException`
naming the body class and the value (``from_json``, which reads files, a ValueError).
"""
from __future__ import annotations

import base64
import enum
import re
from typing import Any, Dict, Iterator, List, Optional, Type, TypeVar

from rocketmq_remoting.common.bean import Bean, ListOf, MapOf, SetOf
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol import fastjson

__all__ = ["RemotingSerializable", "to_json_value", "from_json_value", "WireOrderSet"]

T = TypeVar("T", bound="RemotingSerializable")


def to_json_value(value: Any, type_: Any = object) -> Any:
    """Convert a Python value of the given property type to the JSON value fastjson would write."""
    if value is None:
        return None
    if isinstance(value, Bean):
        return _bean_to_json(value)
    if isinstance(type_, MapOf):
        if isinstance(type_.key, type) and issubclass(type_.key, Bean):
            return fastjson.ObjectKeyMap(
                (_bean_to_json(k), to_json_value(v, type_.value)) for k, v in value.items())
        return {str(k) if not isinstance(k, enum.Enum) else k.name: to_json_value(v, type_.value)
                for k, v in value.items()}
    if isinstance(type_, ListOf):
        items = [to_json_value(v, type_.item) for v in value]
        if isinstance(type_, SetOf) and type_.item in (str, int):
            items.sort()
        return items
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, dict):
        return {str(k): to_json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_json_value(v) for v in value]
    return value


def _bean_to_json(bean: Bean) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for prop in bean._props_sorted_by_wire:  # fastjson writes properties sorted by name
        value = getattr(bean, prop.name)
        if value is not None:
            out[prop.wire] = to_json_value(value, prop.type)
    return out


class WireOrderSet(set):
    """A decoded Java ``Set``: a ``set`` that iterates in the order of the JSON array it came from until it is
    changed (then in the set's own order). Java decodes such an array into a ``HashSet`` in that order, and the
    order its ``HashSet`` iterates in (which mqadmin prints) depends on it where keys share a bucket
    (:func:`rocketmq_common.java_hash_map.java_hash_set_order`)."""

    def __init__(self, items: List[Any]) -> None:
        super().__init__(items)
        self._order: Optional[List[Any]] = list(dict.fromkeys(items)) if len(items) != len(self) else items

    def __iter__(self) -> Iterator[Any]:
        return iter(self._order) if self._order is not None else super().__iter__()

    def _changed(self) -> None:
        self._order = None


def _dropping_order(name: str) -> Any:
    method = getattr(set, name)

    def changed(self: WireOrderSet, *args: Any) -> Any:
        self._changed()
        return method(self, *args)
    changed.__name__ = name
    return changed


for _name in ("add", "discard", "remove", "pop", "clear", "update", "intersection_update", "difference_update",
              "symmetric_difference_update", "__ior__", "__iand__", "__isub__", "__ixor__"):
    setattr(WireOrderSet, _name, _dropping_order(_name))


def _pretty_json(value: Any, type_: Any, depth: int) -> str:
    """fastjson's ``PrettyFormat`` of a property value: a tab more per level, each property and each string-keyed
    entry on its own line; the entries of a map with other keys (``{0:"127.0.0.1:10911"``) follow the brace on
    its line, unquoted, with only the closing brace on the next line; empty maps and lists as ``{}`` and ``[]``."""
    inner = "\n" + "\t" * (depth + 1)
    if isinstance(value, Bean):
        props = [(p, getattr(value, p.name)) for p in value._props_sorted_by_wire]
        fields = [fastjson.dumps(p.wire) + ":" + _pretty_json(v, p.type, depth + 1) for p, v in props if v is not None]
        return "{" + inner + ("," + inner).join(fields) + "\n" + "\t" * depth + "}" if fields else "{}"
    if isinstance(value, dict):
        if not value:
            return "{}"
        value_type = type_.value if isinstance(type_, MapOf) else object
        entries = []
        for k, v in value.items():
            if isinstance(k, str):
                entries.append(inner + fastjson.dumps(k) + ":" + _pretty_json(v, value_type, depth + 1))
            else:
                entries.append(_pretty_json(k, object, depth + 1) + ":" + _pretty_json(v, value_type, depth + 1))
        return "{" + ",".join(entries) + "\n" + "\t" * depth + "}"
    if isinstance(value, (list, tuple, set, frozenset)):
        if not value:
            return "[]"
        item_type = type_.item if isinstance(type_, ListOf) else object
        return "[" + ",".join(inner + _pretty_json(v, item_type, depth + 1) for v in value) + "\n" + \
            "\t" * depth + "]"
    return fastjson.dumps(to_json_value(value, type_))


def from_json_value(value: Any, type_: Any) -> Any:
    """Convert a parsed JSON value to the Python value of the given property type."""
    if value is None or type_ is object:
        return value
    if isinstance(type_, MapOf):
        pairs = value.items() if isinstance(value, dict) else value  # ObjectKeyMap: (key, value) pairs
        return {_decode_key(k, type_.key): from_json_value(v, type_.value) for k, v in pairs}
    if isinstance(type_, SetOf):
        return WireOrderSet([from_json_value(v, type_.item) for v in value])
    if isinstance(type_, ListOf):
        return [from_json_value(v, type_.item) for v in value]
    if isinstance(type_, type):
        if issubclass(type_, Bean):
            return _bean_from_json(type_, value)
        if type(value) is type_:
            return value
        if issubclass(type_, enum.Enum) and type(value) is str:
            try:
                return type_[value]
            except KeyError:
                pass
        elif type_ is bytes:
            return base64.b64decode(value)
        elif type_ is float and type(value) is int:
            return float(value)
        return _lenient_value(value, type_)
    return value


#: ``TypeUtils.castToBoolean``'s strings ("true"/"false" in any case, "Y"/"F" in any case, "T" and "N" upper)
_BOOLEANS = {"1": True, "T": True, "Y": True, "y": True, "0": False, "N": False, "F": False, "f": False}
#: ``Integer.parseInt`` / ``Long.parseLong`` syntax, after castToInt's removal of commas and of a ``.000`` tail
_JAVA_INTEGER = re.compile(r"[-+]?[0-9]+(?:\.0*)?")


def _lenient_value(value: Any, type_: type) -> Any:
    """``value`` as fastjson 1.2.69 casts it to a field of ``type_`` when it is not of that type
    (``EnumDeserializer``, ``TypeUtils.castToInt/Long/Double/Boolean/String``); ValueError when fastjson refuses."""
    if issubclass(type_, enum.Enum):
        if type(value) is int:  # by ordinal, as EnumDeserializer reads a LITERAL_INT
            names = type_._member_names_
            if not 0 <= value < len(names):
                raise ValueError("parse enum %s error, value : %d" % (type_.__name__, value))
            return type_[names[value]]
        if isinstance(value, str):  # by name ignoring case; empty or unknown is null
            lower = value.lower()
            return next((member for name, member in type_.__members__.items() if name.lower() == lower), None)
        raise ValueError("parse enum %s error, value : %s" % (type_.__name__, value))
    if type_ is str:
        if isinstance(value, (dict, list)):
            return fastjson.dumps(value)
        return ("true" if value else "false") if type(value) is bool else str(value)
    if isinstance(value, str):
        if value in ("", "null", "NULL"):
            return None
        if type_ is bool:
            lower = value.lower()
            if lower in ("true", "false"):
                return lower == "true"
            if value in _BOOLEANS:
                return _BOOLEANS[value]
            raise ValueError("can not cast to boolean, value : %s" % value)
        if type_ is int:
            text = value.replace(",", "")
            if not _JAVA_INTEGER.fullmatch(text):
                raise ValueError("can not cast to int, value : %s" % value)
            return int(text.split(".", 1)[0])
        if type_ is float:
            return float(value.replace(",", ""))
    if isinstance(value, (int, float)) and type_ in (int, float, bool):
        if type_ is bool:
            return value == 1
        return type_(value)
    raise ValueError("can not cast to %s, value : %r" % (type_.__name__, value))


def _decode_key(key: Any, key_type: Any) -> Any:
    if isinstance(key_type, type) and issubclass(key_type, Bean):
        if isinstance(key, str):
            key = fastjson.loads(key)
        return _bean_from_json(key_type, key)
    return from_json_value(key, key_type)


def _bean_from_json(cls: Type[Bean], data: Dict[str, Any]) -> Any:
    obj = cls.from_values({})
    by_wire = cls._props_by_wire
    for key, value in data.items():
        prop = by_wire.get(key)
        if prop is None and isinstance(key, str):
            prop = _smart_match(cls, key)
        if prop is not None:
            setattr(obj, prop.name, from_json_value(value, prop.type))
    return obj


def _smart_match(cls: Type[Bean], key: str) -> Any:
    """The property a field name not spelt as its wire name matches, as fastjson's ``smartMatch`` finds it:
    ignoring case, ``_`` and ``-``; None for an unknown field (ignored, as fastjson ignores it)."""
    folded = key.replace("_", "").replace("-", "").lower()
    return next((p for p in cls._props if p.wire.replace("_", "").lower() == folded), None)


def _decode_body(cls: Type[T], parsed: Any) -> T:
    if type(parsed) is not dict:
        raise RemotingCommandException("cannot decode %s: the body is not a JSON object" % cls.__name__)
    try:
        return _bean_from_json(cls, parsed)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as e:
        raise RemotingCommandException("cannot decode %s: %s" % (cls.__name__, e)) from None


def _parse(cls: type, text: Any) -> Any:
    try:
        return fastjson.loads(text)
    except (ValueError, RecursionError) as e:  # JsonParseError, UnicodeDecodeError
        raise RemotingCommandException("cannot decode %s: %s" % (cls.__name__, e)) from None


class RemotingSerializable(Bean):
    """Base of every JSON body (Java ``RemotingSerializable``): ``encode``/``decode`` and ``to_json``/``from_json``."""

    def to_json(self, pretty_format: bool = False) -> str:
        """The body as fastjson would write it (Java ``toJson`` / ``toJson(prettyFormat)``); ``pretty_format``:
        fastjson's ``PrettyFormat`` (what mqadmin prints), see :func:`_pretty_json`."""
        if pretty_format:
            return _pretty_json(self, object, 0)
        return fastjson.dumps(_bean_to_json(self))

    def encode(self) -> bytes:
        """UTF-8 bytes of :meth:`to_json` (Java ``encode``)."""
        return self.to_json().encode("utf-8")

    def to_json_value(self) -> Dict[str, Any]:
        """The parsed-JSON form of this body (dicts, lists and scalars)."""
        return _bean_to_json(self)

    @classmethod
    def from_json(cls: Type[T], text: Any) -> T:
        """Parse a body from JSON or fastjson text (Java ``fromJson``); ValueError for text it cannot read (files
        are read with it, and their readers name the file)."""
        return _bean_from_json(cls, fastjson.loads(text))

    @classmethod
    def decode(cls: Type[T], data: Optional[bytes]) -> T:
        """Parse a body from UTF-8 bytes (Java ``decode``); a response without a body (None), or one fastjson would
        refuse, raises RemotingCommandException naming the body class and what is wrong."""
        if data is None:
            raise RemotingCommandException("no body to decode as %s" % cls.__name__)
        return _decode_body(cls, _parse(cls, data))

    @classmethod
    def from_json_value(cls: Type[T], value: Dict[str, Any]) -> T:
        """Build the body from an already parsed JSON object."""
        return _bean_from_json(cls, value)
