"""Declarative Java-bean properties with generated accessors.

Java classes in the RocketMQ client are beans: private fields with ``getX`` / ``setX`` (``isX`` for booleans).
A Python translation declares each field once with :class:`Prop`; :class:`Bean` then generates
``get_x`` / ``set_x`` (and ``is_x`` for booleans), a keyword constructor and a Java-style ``repr``, and
records the property's wire name (the Java field name, camelCase) and type for the header and JSON codecs.

Types understood by the codecs: ``str``, ``int``, ``float``, ``bool``, ``bytes``, an ``enum.Enum`` subclass,
another :class:`Bean` subclass, :class:`ListOf`, :class:`SetOf`, :class:`MapOf` and ``object`` (any JSON value).
"""
from __future__ import annotations

import copy
import enum
import re
from typing import Any, Callable, Dict, Optional, Tuple

__all__ = ["Prop", "Bean", "ListOf", "SetOf", "MapOf", "camel_case"]

_CAMEL_RE = re.compile(r"_([a-z0-9])")


def camel_case(snake: str) -> str:
    """``accept_standard_json_only`` -> ``acceptStandardJsonOnly`` (the Java field name)."""
    return _CAMEL_RE.sub(lambda m: m.group(1).upper(), snake)


class ListOf:
    """A Java ``List<T>`` property type."""

    __slots__ = ("item",)

    def __init__(self, item: Any) -> None:
        self.item = item

    def __repr__(self) -> str:
        return "ListOf(%r)" % (self.item,)


class SetOf(ListOf):
    """A Java ``Set<T>`` property type (a Python ``set``; a JSON array on the wire)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "SetOf(%r)" % (self.item,)


class MapOf:
    """A Java ``Map<K, V>`` property type. ``K`` may be ``str``, ``int`` or a Bean (fastjson object keys)."""

    __slots__ = ("key", "value")

    def __init__(self, key: Any, value: Any) -> None:
        self.key = key
        self.value = value

    def __repr__(self) -> str:
        return "MapOf(%r, %r)" % (self.key, self.value)


_MUTABLE = (list, dict, set)


class Prop:
    """One bean property.

    ``type_`` is the value type (see the module docstring); ``default`` the Java field initialiser (mutable
    defaults are copied per instance); ``wire`` the Java field name when it is not the camelCase of the
    attribute (``clientID``, ``isForce``, the single letters of SendMessageRequestHeaderV2); ``required``
    marks Java's ``@CFNotNull``; ``factory`` is called for each new instance when Java initialises the field
    with an expression (``new DataVersion()``, ``System.currentTimeMillis()``).
    """

    __slots__ = ("name", "wire", "type", "default", "required", "factory")

    def __init__(self, type_: Any = str, default: Any = None, wire: Optional[str] = None,
                 required: bool = False, factory: Optional[Callable[[], Any]] = None) -> None:
        self.name = ""
        self.wire = wire or ""
        self.type = type_
        self.default = default
        self.required = required
        self.factory = factory

    def __repr__(self) -> str:
        return "Prop(%s, wire=%s, type=%r)" % (self.name, self.wire, self.type)


def _make_getter(name: str):
    def getter(self):
        return getattr(self, name)
    getter.__name__ = "get_" + name
    getter.__doc__ = "Java getter for ``%s``." % name
    getter._generated = True
    return getter


def _make_setter(name: str):
    def setter(self, value):
        setattr(self, name, value)
    setter.__name__ = "set_" + name
    setter.__doc__ = "Java setter for ``%s``." % name
    setter._generated = True
    return setter


class Bean:
    """Base of every class declared with :class:`Prop` attributes (see the module docstring)."""

    _props: Tuple[Prop, ...] = ()
    _props_by_wire: Dict[str, Prop] = {}
    _props_by_name: Dict[str, Prop] = {}
    _props_sorted_by_wire: Tuple[Prop, ...] = ()
    _mutable_props: Tuple[Prop, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [(k, v) for k, v in list(cls.__dict__.items()) if isinstance(v, Prop)]
        props: Dict[str, Prop] = {p.name: p for p in cls._props}
        for attr, prop in own:
            prop.name = attr
            if not prop.wire:
                prop.wire = camel_case(attr)
            props[attr] = prop
            # instances read immutable defaults from the class; mutable ones are copied in __init__
            setattr(cls, attr, None if isinstance(prop.default, _MUTABLE) else prop.default)
            cls._add_accessors(prop)
        cls._props = tuple(props.values())
        cls._props_by_wire = {p.wire: p for p in cls._props}
        cls._props_by_name = {p.name: p for p in cls._props}
        cls._props_sorted_by_wire = tuple(sorted(cls._props, key=lambda p: p.wire))
        cls._mutable_props = tuple(p for p in cls._props if isinstance(p.default, _MUTABLE) or p.factory)

    @classmethod
    def _add_accessors(cls, prop: Prop) -> None:
        names = [("get_" + prop.name, _make_getter), ("set_" + prop.name, _make_setter)]
        if prop.type is bool:
            names.append(("is_" + prop.name, _make_getter))
        for method, factory in names:
            existing = cls.__dict__.get(method)
            if existing is None or getattr(existing, "_generated", False):
                setattr(cls, method, factory(prop.name))

    def __init__(self, **kwargs: Any) -> None:
        for prop in self._mutable_props:
            setattr(self, prop.name, prop.factory() if prop.factory else copy.copy(prop.default))
        if kwargs:
            if not self._props_by_name.keys() >= kwargs.keys():
                unknown = next(key for key in kwargs if key not in self._props_by_name)
                raise TypeError("%s has no property %r" % (type(self).__name__, unknown))
            # properties are plain instance attributes (the header codec writes __dict__ too): one update
            # instead of a setattr per keyword, a third of a header's construction cost
            self.__dict__.update(kwargs)

    def __repr__(self) -> str:
        fields = ", ".join("%s=%s" % (p.wire, _repr_value(getattr(self, p.name))) for p in self._props)
        return "%s [%s]" % (type(self).__name__, fields)

    def bean_values(self) -> Dict[str, Any]:
        """Property values by attribute name (for comparisons and debugging)."""
        return {p.name: getattr(self, p.name) for p in self._props}


def _repr_value(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (bytes, bytearray)):
        return "<%d bytes>" % len(value)
    return str(value)
