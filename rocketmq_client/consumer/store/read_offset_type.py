"""Java ``org.apache.rocketmq.client.consumer.store.ReadOffsetType``."""
from __future__ import annotations

import enum

__all__ = ["ReadOffsetType"]


class ReadOffsetType(enum.Enum):
    """Where ``OffsetStore.read_offset`` reads from."""

    #: from memory
    READ_FROM_MEMORY = 0
    #: from storage (the broker or the local file)
    READ_FROM_STORE = 1
    #: from memory, then from storage
    MEMORY_FIRST_THEN_STORE = 2
