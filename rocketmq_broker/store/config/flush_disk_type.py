"""Java ``org.apache.rocketmq.store.config.FlushDiskType``."""
from __future__ import annotations

import enum

__all__ = ["FlushDiskType"]


class FlushDiskType(enum.Enum):
    """When a put returns: after the fsync of its record (SYNC_FLUSH) or at once (ASYNC_FLUSH)."""

    SYNC_FLUSH = "SYNC_FLUSH"
    ASYNC_FLUSH = "ASYNC_FLUSH"
