"""Every bean class of every package, found by importing all modules and walking the subclasses of ``Bean`` (no
registry): each property has its Java accessors written in the class or a base (``get_x`` / ``set_x``, ``is_x``
too for a bool)."""
from __future__ import annotations

import importlib
import pkgutil
from typing import List

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
