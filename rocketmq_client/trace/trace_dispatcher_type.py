"""Java ``org.apache.rocketmq.client.trace.TraceDispatcherType``."""
from __future__ import annotations

import enum

__all__ = ["TraceDispatcherType"]


class TraceDispatcherType(enum.Enum):
    """Which side a trace dispatcher serves."""

    PRODUCER = 0
    CONSUMER = 1
