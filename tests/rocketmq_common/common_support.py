"""Helpers of the rocketmq_common tests (imported by module name: ``tests/rocketmq_common/conftest.py`` puts this
directory on ``sys.path`` before the sub-directories are collected): enumerate the protocol classes, build sample
values, normalise values."""
from __future__ import annotations

import enum
import importlib
import inspect
import json
import pkgutil
from typing import Any, Dict, List, Type

from rocketmq_remoting.common.bean import Bean, ListOf, MapOf, SetOf
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

PACKAGES = [
    "rocketmq_common.protocol", "rocketmq_common.admin", "rocketmq_common.subscription",
    "rocketmq_common.namesrv", "rocketmq_common.rpc",
]
MODULES = ["rocketmq_common.topic_config", "rocketmq_common.data_version"]


def protocol_modules() -> List[Any]:
    """Every module of the protocol packages (imported)."""
    modules = [importlib.import_module(m) for m in MODULES]
    for name in PACKAGES:
        pkg = importlib.import_module(name)
        modules.append(pkg)
        for info in pkgutil.walk_packages(pkg.__path__, name + "."):
            modules.append(importlib.import_module(info.name))
    return modules


def defined_classes(base: type) -> List[type]:
    """Concrete subclasses of ``base`` defined in the protocol modules, sorted by name."""
    found: Dict[str, type] = {}
    for module in protocol_modules():
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if obj.__module__ == module.__name__ and issubclass(obj, base) and obj is not base:
                found[obj.__module__ + "." + obj.__qualname__] = obj
    return [found[k] for k in sorted(found)]


def header_classes() -> List[Type[CommandCustomHeader]]:
    """Every concrete header class (RpcRequestHeader, TopicRequestHeader and TopicQueueRequestHeader, abstract
    bases in Java, excluded)."""
    from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
    from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
    from rocketmq_common.rpc.topic_request_header import TopicRequestHeader
    abstract = (RpcRequestHeader, TopicRequestHeader, TopicQueueRequestHeader)
    return [c for c in defined_classes(CommandCustomHeader) if c not in abstract]


# ---------------------------------------------------------------- samples


def sample_value(type_: Any, seed: int) -> Any:
    """A non-default, non-empty sample of a property type; ``seed`` varies the value."""
    if type_ is str:
        return "v%d-é" % seed
    if type_ is bool:
        return True
    if type_ is int:
        return 1_700_000_000_000 + seed
    if type_ is float:
        return 0.5 + seed
    if type_ is bytes:
        return bytes([seed % 256, 1, 2])
    if isinstance(type_, MapOf):
        return {sample_value(type_.key, seed + i): sample_value(type_.value, seed + 10 + i) for i in range(2)}
    if isinstance(type_, SetOf):
        return {sample_value(type_.item, seed + i) for i in range(2)}
    if isinstance(type_, ListOf):
        return [sample_value(type_.item, seed + i) for i in range(2)]
    if isinstance(type_, type) and issubclass(type_, enum.Enum):
        members = list(type_)
        return members[seed % len(members)]
    if isinstance(type_, type) and issubclass(type_, Bean):
        return sample_bean(type_, seed)
    raise AssertionError("no sample for %r" % (type_,))


def sample_bean(cls: Type[Bean], seed: int = 1) -> Any:
    """An instance of ``cls`` with every property set to a sample value."""
    obj = cls()
    for i, prop in enumerate(cls._props):
        value = sample_value(prop.type, seed * 100 + i)
        if prop.type is bool:
            value = not prop.default
        elif isinstance(value, enum.Enum) and value == prop.default:
            value = next(m for m in type(value) if m != prop.default)
        setattr(obj, prop.name, value)
    return obj


# ---------------------------------------------------------------- normalisation


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def normalise(value: Any, type_: Any = object) -> Any:
    """A canonical, order-insensitive (for sets and maps) plain form of a Python value of a property type."""
    if value is None:
        return None
    if isinstance(value, Bean):
        return {p.wire: normalise(getattr(value, p.name), p.type) for p in type(value)._props}
    if isinstance(type_, MapOf):
        return sorted((_canon(normalise(k, type_.key)), normalise(v, type_.value)) for k, v in value.items())
    if isinstance(type_, SetOf):
        return sorted((normalise(v, type_.item) for v in value), key=_canon)
    if isinstance(type_, ListOf):
        return [normalise(v, type_.item) for v in value]
    if isinstance(value, enum.Enum):
        return value.name
    return value


def normalise_json(value: Any, type_: Any) -> Any:
    """Canonical form of a parsed JSON value of a property type: map keys as canonical JSON text (object keys
    given as JSON text or as fastjson ``ObjectKeyMap`` pairs), sets sorted, numbers as float-comparable values."""
    if value is None:
        return None
    if isinstance(type_, MapOf):
        items = value if isinstance(value, list) else value.items()
        return sorted((_key_json(k, type_.key), normalise_json(v, type_.value)) for k, v in items)
    if isinstance(type_, SetOf):
        return sorted((normalise_json(v, type_.item) for v in value), key=_canon)
    if isinstance(type_, ListOf):
        return [normalise_json(v, type_.item) for v in value]
    if isinstance(type_, type) and issubclass(type_, Bean):
        props = type_._props_by_wire
        return {k: normalise_json(v, props[k].type if k in props else object) for k, v in value.items()}
    return value


def _key_json(key: Any, key_type: Any) -> str:
    if isinstance(key_type, type) and issubclass(key_type, Bean):
        if isinstance(key, str):
            key = json.loads(key)
        return _canon(normalise_json(dict(key), key_type))
    return str(key)
