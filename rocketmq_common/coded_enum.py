"""The shape the 5.3.3 auth enums share (``Action``, ``ResourceType``, ``UserType``, ``Decision``...): a byte code
and a display name, looked up by name ignoring case. No single Java counterpart: each Java enum writes the same
``getCode`` / ``getName`` / ``getByName`` out."""
from __future__ import annotations

import enum
from typing import Optional, Type, TypeVar

__all__ = ["CodedEnum"]

E = TypeVar("E", bound="CodedEnum")


class CodedEnum(enum.Enum):
    """Members are ``(code, name)`` pairs: ``SUPER = (1, "Super")``."""

    def get_code(self) -> int:
        """Java ``getCode``."""
        return self.value[0]

    def get_name(self) -> str:
        """Java ``getName``: the name the wire and the command line use (``"Super"``, ``"Pub"``)."""
        return self.value[1]

    @classmethod
    def get_by_name(cls: Type[E], name: Optional[str]) -> Optional[E]:
        """Java ``getByName``: the member whose name equals ``name`` ignoring case, else None."""
        if name is None:
            return None
        return next((member for member in cls if member.value[1].lower() == name.lower()), None)
