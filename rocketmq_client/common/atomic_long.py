"""Java ``java.util.concurrent.atomic.AtomicLong``, as the client uses it (the counters of ``ProcessQueue``)."""
from __future__ import annotations

import threading

__all__ = ["AtomicLong"]


class AtomicLong:
    """A counter many threads update: a read is a plain attribute read, an update takes the lock (``+=`` on a
    shared int is a read and a write, and two threads can lose one of their additions)."""

    __slots__ = ("_value", "_lock")

    def __init__(self, value: int = 0) -> None:
        self._value = value
        self._lock = threading.Lock()

    def get(self) -> int:
        """Java ``get``."""
        return self._value

    def set(self, value: int) -> None:
        """Java ``set``."""
        self._value = value

    def add_and_get(self, delta: int) -> int:
        """Java ``addAndGet``."""
        with self._lock:
            self._value += delta
            return self._value

    def increment_and_get(self) -> int:
        """Java ``incrementAndGet``."""
        return self.add_and_get(1)

    def __int__(self) -> int:
        return self._value

    def __repr__(self) -> str:
        return str(self._value)
