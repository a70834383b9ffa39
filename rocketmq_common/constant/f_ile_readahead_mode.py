"""Java ``org.apache.rocketmq.common.constant.FIleReadaheadMode`` (5.3.3)."""
from __future__ import annotations

__all__ = ["FIleReadaheadMode"]


class FIleReadaheadMode:
    """The ext field of SET_COMMITLOG_READ_MODE (the commit log's madvise mode: 0 normal, 1 random)."""

    READ_AHEAD_MODE = "READ_AHEAD_MODE"
