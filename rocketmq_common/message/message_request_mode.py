"""Java ``org.apache.rocketmq.common.message.MessageRequestMode`` (5.3.3)."""
from __future__ import annotations

import enum

__all__ = ["MessageRequestMode"]


class MessageRequestMode(enum.Enum):
    """How a consumer group reads a topic: PULL (the client rebalances the queues) or POP (the broker assigns them
    and consumers of the group may share a queue)."""

    PULL = "PULL"
    POP = "POP"

    def get_name(self) -> str:
        """Java ``getName``."""
        return self.value
