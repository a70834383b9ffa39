"""Java ``org.apache.rocketmq.client.consumer.PullStatus``."""
from __future__ import annotations

import enum

__all__ = ["PullStatus"]


class PullStatus(enum.Enum):
    """Outcome of a pull."""

    #: messages found
    FOUND = 0
    #: no new message can be pulled
    NO_NEW_MSG = 1
    #: filtering results do not match
    NO_MATCHED_MSG = 2
    #: the offset is illegal (too large or too small)
    OFFSET_ILLEGAL = 3
