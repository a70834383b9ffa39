"""Java ``org.apache.rocketmq.store.AppendMessageStatus``."""
from __future__ import annotations

import enum

__all__ = ["AppendMessageStatus"]


class AppendMessageStatus(enum.Enum):
    """Outcome of appending one record (or one batch) to a commit-log segment."""

    PUT_OK = 0
    END_OF_FILE = 1
    MESSAGE_SIZE_EXCEEDED = 2
    PROPERTIES_SIZE_EXCEEDED = 3
    UNKNOWN_ERROR = 4
