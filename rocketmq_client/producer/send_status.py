"""Java ``org.apache.rocketmq.client.producer.SendStatus``."""
from __future__ import annotations

import enum

__all__ = ["SendStatus"]


class SendStatus(enum.Enum):
    """Outcome of a send that the broker accepted (any other broker answer raises)."""

    SEND_OK = 0
    FLUSH_DISK_TIMEOUT = 1
    FLUSH_SLAVE_TIMEOUT = 2
    SLAVE_NOT_AVAILABLE = 3

    def __str__(self) -> str:
        return self.name
