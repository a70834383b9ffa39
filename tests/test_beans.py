"""Every bean class of every package, found by importing all modules and walking the subclasses of ``Bean`` (no
registry): each property has its Java accessors written in the class or a base (``get_x`` / ``set_x``, ``is_x``
too for a bool), and no declared default is dead: a class with mutable or factory defaults (which
``Bean.__init__`` applies) is constructed through ``Bean.__init__``, and its constructor does not overwrite
such a default it declares."""
from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap
from typing import Any, List

from rocketmq_remoting.common.bean import Bean

PACKAGES = ["rocketmq_remoting", "rocketmq_common", "rocketmq_acl", "rocketmq_auth", "rocketmq_client",
            "rocketmq_filter", "rocketmq_namesrv", "rocketmq_broker", "rocketmq_tools"]


def bean_classes() -> List[type]:
    for package in PACKAGES:
        module = importlib.import_module(package)
        for info in pkgutil.walk_packages(module.__path__, package + "."):
            importlib.import_module(info.name)
    found: List[type] = []
    stack: List[type] = [Bean]
    while stack:
        for sub in stack.pop().__subclasses__():
            if sub not in found:
                found.append(sub)
                stack.append(sub)
    return [cls for cls in found if cls.__module__.split(".")[0] in PACKAGES]


def test_every_bean_property_has_its_java_accessors() -> None:
    classes = bean_classes()
    assert len(classes) > 300
    missing = []
    for cls in classes:
        for prop in cls._props:
            for prefix in ("get_", "set_", "is_") if prop.type is bool else ("get_", "set_"):
                if not callable(getattr(cls, prefix + prop.name, None)):
                    missing.append("%s.%s.%s%s" % (cls.__module__, cls.__qualname__, prefix, prop.name))
    assert missing == [], ("write these accessors in the class body after the Props, one line each "
                           "(def get_x(self) -> int: return self.x): %s" % missing)


def _init_tree(init: Any) -> ast.FunctionDef:
    node = ast.parse(textwrap.dedent(inspect.getsource(init))).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


def _calls_an_init(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "__init__"
               for n in ast.walk(node))


def test_no_declared_default_is_dead() -> None:
    never_applied, overwritten = [], []
    for cls in bean_classes():
        if not cls._mutable_props:
            continue
        name = "%s.%s" % (cls.__module__, cls.__qualname__)
        # every __init__ from the class up to Bean passes the call on (super().__init__ or Base.__init__)
        for klass in cls.__mro__[:cls.__mro__.index(Bean)]:
            init = klass.__dict__.get("__init__")
            if init is not None and not _calls_an_init(_init_tree(init)):
                never_applied.append("%s (the __init__ of %s)" % (name, klass.__qualname__))
                break
        init = cls.__dict__.get("__init__")
        if init is None:
            continue
        own = {p.name for p in cls._mutable_props if p.name in cls.__dict__}
        for stmt in _init_tree(init).body:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(
                stmt, ast.AnnAssign) else []
            for target in targets:
                if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                        and target.value.id == "self" and target.attr in own):
                    overwritten.append("%s.%s" % (name, target.attr))
    assert never_applied == [], "call super().__init__() first in these constructors: %s" % never_applied
    assert overwritten == [], ("these constructors overwrite the Prop default they declare: drop the "
                               "assignment or the default: %s" % overwritten)
