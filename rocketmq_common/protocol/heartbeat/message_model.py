"""Java ``org.apache.rocketmq.common.protocol.heartbeat.MessageModel``."""
from __future__ import annotations

import enum

__all__ = ["MessageModel"]


class MessageModel(enum.Enum):
    """Broadcasting (every consumer gets every message) or clustering (the group shares the queues)."""

    BROADCASTING = "BROADCASTING"
    CLUSTERING = "CLUSTERING"

    def get_mode_cn(self) -> str:
        """Java ``getModeCN``."""
        return self.value
