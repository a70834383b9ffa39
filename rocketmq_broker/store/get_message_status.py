"""Java ``org.apache.rocketmq.store.GetMessageStatus``."""
from __future__ import annotations

import enum

__all__ = ["GetMessageStatus"]


class GetMessageStatus(enum.Enum):
    """Outcome of a pull from a consume queue (its name is the pull response remark, PROTOCOL.md §2.5)."""

    FOUND = 0
    NO_MATCHED_MESSAGE = 1
    MESSAGE_WAS_REMOVING = 2
    OFFSET_FOUND_NULL = 3
    OFFSET_OVERFLOW_BADLY = 4
    OFFSET_OVERFLOW_ONE = 5
    OFFSET_TOO_SMALL = 6
    NO_MATCHED_LOGIC_QUEUE = 7
    NO_MESSAGE_IN_QUEUE = 8
    #: 5.3.3: the queue's offset was reset on the broker (answered PULL_OFFSET_MOVED to the reset offset)
    OFFSET_RESET = 9
