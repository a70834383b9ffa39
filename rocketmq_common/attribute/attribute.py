"""Java ``org.apache.rocketmq.common.attribute.Attribute`` (5.3.3)."""
from __future__ import annotations

__all__ = ["Attribute"]


class Attribute:
    """A named attribute of a topic or group: whether it may change after creation, and how a value is checked
    (:meth:`verify` raises RuntimeError with Java's message)."""

    def __init__(self, name: str, changeable: bool) -> None:
        self.name = name
        self.changeable = changeable

    def verify(self, value: str) -> None:
        """Java ``verify``: raise RuntimeError when ``value`` is not allowed."""
        raise NotImplementedError

    def get_name(self) -> str:
        return self.name

    def set_name(self, name: str) -> None:
        self.name = name

    def is_changeable(self) -> bool:
        return self.changeable

    def set_changeable(self, changeable: bool) -> None:
        self.changeable = changeable
