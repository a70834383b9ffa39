"""Java ``org.apache.rocketmq.client.impl.CommunicationMode``."""
from __future__ import annotations

import enum

__all__ = ["CommunicationMode"]


class CommunicationMode(enum.Enum):
    """How a request is sent: wait for the answer, get it in a callback, or expect none."""

    SYNC = 0
    ASYNC = 1
    ONEWAY = 2
