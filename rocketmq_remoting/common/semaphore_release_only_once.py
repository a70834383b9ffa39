"""Release a permit at most once (Java ``org.apache.rocketmq.remoting.common.SemaphoreReleaseOnlyOnce``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from rocketmq_remoting.common.semaphore import Semaphore

__all__ = ["SemaphoreReleaseOnlyOnce"]


class SemaphoreReleaseOnlyOnce:
    """Wraps one acquired permit; :meth:`release` gives it back on the first call only (thread-safe)."""

    __slots__ = ("_semaphore", "_once")

    def __init__(self, semaphore: Optional["Semaphore"]) -> None:
        self._semaphore = semaphore
        # Java's AtomicBoolean: a one-key dict whose pop is atomic (not a lock: a dict of plain values is not
        # tracked by the garbage collector, and every async request in flight holds one of these)
        self._once = {0: 0}

    def release(self) -> None:
        if self._semaphore is not None and self._once.pop(0, None) is not None:
            self._semaphore.release()

    def get_semaphore(self) -> Optional["Semaphore"]:
        return self._semaphore
