"""Java ``org.apache.rocketmq.common.protocol.heartbeat.ConsumeType``."""
from __future__ import annotations

import enum

__all__ = ["ConsumeType"]


class ConsumeType(enum.Enum):
    """Pull (``CONSUME_ACTIVELY``) or push (``CONSUME_PASSIVELY``) consumer; written by name."""

    CONSUME_ACTIVELY = "PULL"
    CONSUME_PASSIVELY = "PUSH"

    def get_type_cn(self) -> str:
        """Java ``getTypeCN``."""
        return self.value
