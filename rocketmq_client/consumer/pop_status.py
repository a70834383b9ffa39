"""Java ``org.apache.rocketmq.client.consumer.PopStatus`` (5.3.3)."""
from __future__ import annotations

import enum

__all__ = ["PopStatus"]


class PopStatus(enum.Enum):
    """Outcome of a POP_MESSAGE request."""

    #: messages found
    FOUND = 0
    #: no new message can be popped after the polling time out (Java: "delete after next release")
    NO_NEW_MSG = 1
    #: the broker's polling pool is full: do not try again immediately
    POLLING_FULL = 2
    #: the polling timed out and no message was found
    POLLING_NOT_FOUND = 3
