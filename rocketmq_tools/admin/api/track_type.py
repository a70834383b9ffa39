"""Java ``org.apache.rocketmq.tools.admin.api.TrackType``."""
from __future__ import annotations

import enum

__all__ = ["TrackType"]


class TrackType(enum.Enum):
    """How a consumer group stands towards one message (``queryMsgById``'s track lines)."""

    CONSUMED = 0
    CONSUMED_BUT_FILTERED = 1
    PULL = 2
    NOT_CONSUME_YET = 3
    NOT_ONLINE = 4
    UNKNOWN = 5

    def __str__(self) -> str:
        return self.name
