"""Java ``org.apache.rocketmq.common.attribute.EnumAttribute`` (5.3.3)."""
from __future__ import annotations

from typing import Iterable

from rocketmq_common.attribute.attribute import Attribute
from rocketmq_common.java_hash_map import java_hash_map_order

__all__ = ["EnumAttribute"]


class EnumAttribute(Attribute):
    """An attribute whose value is one of a set of names."""

    def __init__(self, name: str, changeable: bool, universe: Iterable[str], default_value: str) -> None:
        """``universe`` in the order Java adds it to its HashSet (the message of :meth:`verify` prints it in
        that set's iteration order)."""
        super().__init__(name, changeable)
        self.universe = tuple(java_hash_map_order({value: value for value in universe}))
        self.default_value = default_value

    def verify(self, value: str) -> None:
        """Java ``verify``: the message names the allowed values as Java prints its set (``[a, b]``)."""
        if value not in self.universe:
            raise RuntimeError("value is not in set: [%s]" % ", ".join(self.universe))

    def get_default_value(self) -> str:
        return self.default_value
