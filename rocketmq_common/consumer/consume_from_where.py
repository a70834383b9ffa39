"""Java ``org.apache.rocketmq.common.consumer.ConsumeFromWhere``."""
from __future__ import annotations

import enum

__all__ = ["ConsumeFromWhere"]


class ConsumeFromWhere(enum.Enum):
    """Where a consumer group without a stored offset starts (written by name in heartbeats).

    ``CONSUME_FROM_LAST_OFFSET_AND_FROM_MIN_WHEN_BOOT_FIRST``, ``CONSUME_FROM_MIN_OFFSET`` and
    ``CONSUME_FROM_MAX_OFFSET`` are deprecated in Java and behave like ``CONSUME_FROM_LAST_OFFSET``.
    """

    CONSUME_FROM_LAST_OFFSET = 0
    CONSUME_FROM_LAST_OFFSET_AND_FROM_MIN_WHEN_BOOT_FIRST = 1
    CONSUME_FROM_MIN_OFFSET = 2
    CONSUME_FROM_MAX_OFFSET = 3
    CONSUME_FROM_FIRST_OFFSET = 4
    CONSUME_FROM_TIMESTAMP = 5
