"""Java 5.3.3 ``org.apache.rocketmq.common.BoundaryType``."""
from __future__ import annotations

import enum
from typing import Optional

__all__ = ["BoundaryType"]


class BoundaryType(enum.Enum):
    """Which end of a run of equal store times a search by timestamp returns (``SearchOffsetRequestHeader``).
    In extFields it is the constant's name (Java ``toString``); :meth:`get_type` (and ``BoundaryType(text)``,
    which the header codec calls) reads ``upper`` in any case as UPPER and anything else as LOWER, as Java's
    ``getType`` does."""

    LOWER = "lower"
    UPPER = "upper"

    def get_name(self) -> str:
        """Java ``getName``: ``lower`` / ``upper``."""
        return self.value

    @staticmethod
    def get_type(name: Optional[str]) -> "BoundaryType":
        """Java ``getType``."""
        return BoundaryType.UPPER if (name or "").lower() == BoundaryType.UPPER.value else BoundaryType.LOWER

    @classmethod
    def _missing_(cls, value: object) -> "BoundaryType":
        return cls.get_type(value if isinstance(value, str) else None)

    def __str__(self) -> str:
        return self.name
