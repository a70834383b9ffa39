"""Java 5.3.3 ``org.apache.rocketmq.client.trace.TraceType``."""
from __future__ import annotations

import enum

__all__ = ["TraceType"]


class TraceType(enum.Enum):
    """Kind of a trace record; member names are Java's (they are written into the trace data)."""

    Pub = 0
    SubBefore = 1
    SubAfter = 2
    EndTransaction = 3
    Recall = 4
