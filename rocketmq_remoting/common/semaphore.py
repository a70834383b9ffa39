"""A counting semaphore for the request permits (the role of ``java.util.concurrent.Semaphore`` in
``NettyRemotingAbstract``).

Same interface as :class:`threading.Semaphore` (``acquire(blocking=True, timeout=None)``, ``release(n=1)``) plus
Java's ``availablePermits``, ``tryAcquire(permits, timeout)`` and ``reducePermits`` (the producer's async
back-pressure takes a message's size in permits and resizes its semaphores in place). An acquire that finds a
permit, and a release nobody waits for, take one C-level lock operation each; :class:`threading.Semaphore` goes
through its Condition's Python code every time, and every async and one-way request takes and returns a permit
(the costs: benchmarks/README.md, History).
"""
from __future__ import annotations

import threading
from typing import Optional

__all__ = ["Semaphore"]


class Semaphore:
    """See the module docstring. Not fair (like Java's default): a released permit may go to a newcomer before
    a waiting thread."""

    __slots__ = ("_lock", "_cond", "_value", "_waiters", "_multi_waiters")

    def __init__(self, value: int = 1) -> None:
        if value < 0:
            raise ValueError("semaphore initial value must be >= 0, got %d" % value)
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self._value = value
        self._waiters = 0
        self._multi_waiters = 0  # waiters of try_acquire(permits > 1): a release wakes every waiter then

    def acquire(self, blocking: bool = True, timeout: Optional[float] = None) -> bool:
        """Take a permit, waiting for one up to ``timeout`` seconds (None: forever) when ``blocking``; True if
        taken."""
        with self._lock:
            if self._value > 0:
                self._value -= 1
                return True
            if not blocking or (timeout is not None and timeout <= 0):
                return False
            self._waiters += 1
            try:
                if not self._cond.wait_for(self._has_permit, timeout):
                    return False
                self._value -= 1
                return True
            finally:
                self._waiters -= 1

    def _has_permit(self) -> bool:
        return self._value > 0

    def release(self, n: int = 1) -> None:
        """Return ``n`` permits, waking as many waiters."""
        with self._lock:
            self._value += n
            if self._multi_waiters:
                self._cond.notify_all()
            elif self._waiters:
                self._cond.notify(n)

    def try_acquire(self, permits: int = 1, timeout: Optional[float] = None) -> bool:
        """Java ``tryAcquire(permits, timeout, unit)``: take ``permits`` at once, waiting up to ``timeout`` seconds
        (None: forever) for them; True if taken."""
        if permits == 1:
            return self.acquire(True, timeout)
        with self._lock:
            if self._value >= permits:
                self._value -= permits
                return True
            if timeout is not None and timeout <= 0:
                return False
            self._waiters += 1
            self._multi_waiters += 1
            try:
                if not self._cond.wait_for(lambda: self._value >= permits, timeout):
                    return False
                self._value -= permits
                return True
            finally:
                self._waiters -= 1
                self._multi_waiters -= 1

    def reduce_permits(self, reduction: int) -> None:
        """Java ``reducePermits``: take ``reduction`` permits away without waiting (the count may go negative:
        permits held now are then not handed out again when returned)."""
        if reduction < 0:
            raise ValueError("reduction must be >= 0, got %d" % reduction)
        with self._lock:
            self._value -= reduction

    def available_permits(self) -> int:
        """Java ``availablePermits``."""
        return self._value
