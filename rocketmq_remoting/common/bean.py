"""Declarative Java-bean properties.

Java classes in the RocketMQ client are beans: private fields with ``getX`` / ``setX`` (``isX`` for booleans).
A Python translation declares each field once with :class:`Prop` and writes its accessors out in the class body,
as Java does (``def get_topic(self) -> str: return self.topic``); :class:`Bean` gives a keyword constructor and a
Java-style ``repr``, and records each property's wire name (the Java field name, camelCase) and type for the header
and JSON codecs. A test checks that every property of every bean class has its Java accessors.

Types understood by the codecs: ``str``, ``int``, ``float``, ``bool``, ``bytes``, an ``enum.Enum`` subclass,
another :class:`Bean` subclass, :class:`ListOf`, :class:`SetOf`, :class:`MapOf` and ``object`` (any JSON value).

A bean sets no guard on its attributes (headers and messages are built on every request); configuration classes
(:class:`rocketmq_client.client_config.ClientConfig`) check values with :func:`check_prop_value`. For type
checkers a ``Prop(int, 3000)`` class attribute is a typed descriptor: ``self.send_msg_timeout`` is an ``int``. At
run time the class attribute is replaced by the default value, so reading a property costs a plain attribute read.
"""
from __future__ import annotations

import builtins
import copy
import enum
import re
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, Generic, Optional, Tuple, Type, TypeVar, overload

__all__ = ["Prop", "Bean", "ListOf", "SetOf", "MapOf", "camel_case", "check_prop_value", "java_string"]

T = TypeVar("T")
B = TypeVar("B", bound="Bean")

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


class Prop(Generic[T]):
    """One bean property.

    ``type_`` is the value type (see the module docstring); ``default`` the Java field initialiser (mutable
    defaults are copied per instance); ``wire`` the Java field name when it is not the camelCase of the
    attribute (``clientID``, ``isForce``, the single letters of SendMessageRequestHeaderV2); ``required``
    marks Java's ``@CFNotNull`` (checked by the header codec) or, on other beans, a field the constructor always
    sets; ``factory`` is called for each new instance
    when Java initialises the field with an expression (``new DataVersion()``, ``System.currentTimeMillis()``).
    """

    __slots__ = ("name", "wire", "type", "default", "required", "factory", "_accepts")

    if TYPE_CHECKING:
        name: str
        wire: str
        type: Any
        default: Any
        required: bool
        factory: Optional[Callable[[], Any]]
        _accepts: Any

        # ``Prop(int, 3000)`` is a ``Prop[int]``; ``Prop(ListOf(str))``, ``Prop(object)`` are ``Prop[Any]``
        @overload
        def __init__(self: "Prop[str]", type_: None = ..., default: Any = ..., wire: Optional[str] = ...,
                     required: bool = ..., factory: Optional[Callable[[], Any]] = ...) -> None: ...

        @overload
        def __init__(self: "Prop[T]", type_: Type[T], default: Any = ..., wire: Optional[str] = ...,
                     required: bool = ..., factory: Optional[Callable[[], Any]] = ...) -> None: ...

        @overload
        def __init__(self: "Prop[Any]", type_: Any, default: Any = ..., wire: Optional[str] = ...,
                     required: bool = ..., factory: Optional[Callable[[], Any]] = ...) -> None: ...

        def __init__(self, type_: Any = ..., default: Any = ..., wire: Optional[str] = ...,
                     required: bool = ..., factory: Optional[Callable[[], Any]] = ...) -> None: ...

        @overload
        def __get__(self, instance: None, owner: Any) -> "Prop[T]": ...

        @overload
        def __get__(self, instance: Any, owner: Any) -> T: ...

        def __get__(self, instance: Any, owner: Any) -> Any: ...

        def __set__(self, instance: Any, value: Optional[T]) -> None: ...
    else:
        def __init__(self, type_: Any = str, default: Any = None, wire: Optional[str] = None,
                     required: bool = False, factory: Optional[Callable[[], Any]] = None) -> None:
            self.name = ""
            self.wire = wire or ""
            self.type = str if type_ is None else type_
            self.default = default
            self.required = required
            self.factory = factory
            self._accepts: Any = None

    def __repr__(self) -> str:
        return "Prop(%s, wire=%s, type=%r)" % (self.name, self.wire, self.type)

    def accepted_types(self) -> "Tuple[builtins.type, ...]":
        """The Python types a value of this property may have (besides None); empty for ``object``."""
        accepts = self._accepts
        if accepts is None:
            accepts = self._accepts = _accepted_types(self.type)
        return accepts


def _accepted_types(type_: Any) -> Tuple[type, ...]:
    if type_ is object:
        return ()
    if type_ is float:
        return (float, int)
    if type_ is bytes:
        return (bytes, bytearray)
    if isinstance(type_, SetOf):
        return (set, frozenset)
    if isinstance(type_, ListOf):
        return (list, tuple)
    if isinstance(type_, MapOf):
        return (dict,)
    return (type_,)


def _type_name(type_: Any) -> str:
    if isinstance(type_, SetOf):
        return "set"
    if isinstance(type_, ListOf):
        return "list"
    if isinstance(type_, MapOf):
        return "dict"
    return getattr(type_, "__name__", str(type_))


def check_prop_value(owner: Any, prop: Prop, value: Any) -> None:
    """Raise TypeError unless ``value`` is None or of the type of ``prop`` (a bool is not taken for an int); the
    message names the property, the expected type and how to pass it. For configuration classes."""
    if value is None:
        return
    accepts = prop.accepted_types()
    if not accepts:
        return
    if isinstance(value, accepts) and not (isinstance(value, bool) and prop.type is not bool):
        return
    expected = _type_name(prop.type)
    if isinstance(prop.type, type) and issubclass(prop.type, enum.Enum):
        members = list(prop.type)
        hint = "pass a member of %s, e.g. %s.%s" % (expected, expected, members[0].name) if members else ""
    elif prop.type in (int, float) and isinstance(value, str):
        hint = "convert it first: %s(%r)" % (expected, value)
    elif prop.type is bool:
        hint = "pass True or False"
    else:
        hint = "pass a %s" % expected
    raise TypeError("%s.%s must be %s %s (or None), got %s %r: %s"
                    % (type(owner).__name__, prop.name, "an" if expected[0] in "aeiouAEIOU" else "a", expected,
                       type(value).__name__, value, hint))


class Bean:
    """Base of every class declared with :class:`Prop` attributes (see the module docstring)."""

    _props: Tuple[Prop[Any], ...] = ()
    _props_by_wire: Dict[str, Prop[Any]] = {}
    _props_by_name: Dict[str, Prop[Any]] = {}
    _props_sorted_by_wire: Tuple[Prop[Any], ...] = ()
    _mutable_props: Tuple[Prop[Any], ...] = ()
    _prop_names: FrozenSet[str] = frozenset()

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
        cls._props = tuple(props.values())
        cls._props_by_wire = {p.wire: p for p in cls._props}
        cls._props_by_name = {p.name: p for p in cls._props}
        cls._prop_names = frozenset(cls._props_by_name)
        cls._props_sorted_by_wire = tuple(sorted(cls._props, key=lambda p: p.wire))
        cls._mutable_props = tuple(p for p in cls._props if isinstance(p.default, _MUTABLE) or p.factory)

    def __init__(self, **kwargs: Any) -> None:
        """Set the mutable and factory-initialised properties, then the keywords (each a property name). A bean
        built with no keyword and no such property costs little more than the bare ``object.__new__``: hot paths
        build their headers as ``Header()`` followed by attribute writes, as Java does with ``new`` and setters."""
        if self._mutable_props:
            for prop in self._mutable_props:
                setattr(self, prop.name, prop.factory() if prop.factory else copy.copy(prop.default))
        if kwargs:
            if not self._prop_names.issuperset(kwargs):
                unknown = next(key for key in kwargs if key not in self._prop_names)
                raise TypeError("%s has no property %r" % (type(self).__name__, unknown))
            # properties are plain instance attributes (the header codec writes __dict__ too): one update
            # instead of a setattr per keyword
            self.__dict__.update(kwargs)

    @classmethod
    def from_values(cls: Type[B], values: Dict[str, Any]) -> B:
        """An instance holding ``values`` (attribute name -> value) without running the class's own constructor,
        for decoders that read every field from the wire or the store (Java's decoders call ``new`` and the
        setters; a Python constructor that checks its arguments would check them twice). The mutable and
        factory-initialised properties are set first, as :meth:`__init__` sets them; names are not checked."""
        bean = object.__new__(cls)
        if cls._mutable_props:
            Bean.__init__(bean)
        bean.__dict__.update(values)
        return bean

    def __repr__(self) -> str:
        fields = ", ".join("%s=%s" % (p.wire, java_string(getattr(self, p.name))) for p in self._props)
        return "%s [%s]" % (type(self).__name__, fields)

    def bean_values(self) -> Dict[str, Any]:
        """Property values by attribute name (for comparisons and debugging)."""
        return {p.name: getattr(self, p.name) for p in self._props}


def java_string(value: Any) -> str:
    """``value`` as Java's ``toString`` (and ``StringBuilder.append``) shows it: null, true / false, an enum's name,
    ``[a, b]``, ``{k=v}``."""
    if type(value) is str:
        return value
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (bytes, bytearray)):
        return "<%d bytes>" % len(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        return "[%s]" % ", ".join(java_string(v) for v in value)
    if isinstance(value, dict):
        return "{%s}" % ", ".join("%s=%s" % (java_string(k), java_string(v)) for k, v in value.items())
    return str(value)
