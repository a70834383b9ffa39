"""Java ``org.apache.rocketmq.common.constant.ConsumeInitMode`` (5.3.3): ``initMode`` of POP_MESSAGE."""
from __future__ import annotations

__all__ = ["ConsumeInitMode"]


class ConsumeInitMode:
    """Where a POP group without a committed offset starts: the queue's min or max offset."""

    MIN = 0
    MAX = 1
