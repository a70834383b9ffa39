"""Java ``org.apache.rocketmq.client.producer.LocalTransactionState``."""
from __future__ import annotations

import enum

__all__ = ["LocalTransactionState"]


class LocalTransactionState(enum.Enum):
    """Outcome of a local transaction (``UNKNOW`` is Java's spelling: the broker will check back)."""

    COMMIT_MESSAGE = 0
    ROLLBACK_MESSAGE = 1
    UNKNOW = 2

    def __str__(self) -> str:
        return self.name
