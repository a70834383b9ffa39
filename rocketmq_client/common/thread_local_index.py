"""Java ``org.apache.rocketmq.client.common.ThreadLocalIndex``."""
from __future__ import annotations

import random
import threading

__all__ = ["ThreadLocalIndex"]

_POSITIVE_MASK = 0x7FFFFFFF


class ThreadLocalIndex:
    """A per-thread counter starting at a random value: the round-robin position of queue selection."""

    def __init__(self) -> None:
        self._local = threading.local()

    def increment_and_get(self) -> int:
        """Java ``incrementAndGet``: the next non-negative index of the calling thread."""
        local = self._local
        index = getattr(local, "index", None)
        if index is None:
            index = random.getrandbits(31)
        index = (index + 1) & 0xFFFFFFFF
        local.index = index
        return index & _POSITIVE_MASK

    def reset(self) -> None:
        """Java 5.3.3 ``reset``: the calling thread's counter starts again from a random value."""
        self._local.index = random.getrandbits(31)

    def __repr__(self) -> str:
        return "ThreadLocalIndex{threadLocalIndex=%s}" % getattr(self._local, "index", None)
