"""The in-memory offset table of the offset stores: Java's ``ConcurrentMap<MessageQueue, AtomicLong>`` updated
with ``MixAll.compareAndIncreaseOnly``, where writers never block each other."""
from __future__ import annotations

import collections
import threading
from typing import TYPE_CHECKING, Deque, Dict, List, Optional, Tuple

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["ConcurrentOffsetTable"]


class ConcurrentOffsetTable:
    """Offsets by message queue. Every consume thread commits through :meth:`update`, so a plain lock around
    the read-compare-write would make them queue up behind a holder the interpreter switched out (a lock convoy).
    Instead, like Java's lock-free CAS loop, :meth:`update` never waits:

    * an increase-only update that would not increase returns at once (one atomic dict read, when no update is
      pending, so it cannot overtake one);
    * otherwise the update is appended to a pending deque (``deque.append`` is atomic under the GIL) and the
      caller applies the pending updates in order if it gets the lock without waiting; if another thread holds
      it, that holder applies them: it re-checks the deque after every release (append happens before the
      try-lock, so an update is never left behind).

    Readers apply what is pending (waiting for the lock) before reading, so an update is visible to every read
    that starts after :meth:`update` returned, as with Java's map."""

    __slots__ = ("_table", "_pending", "_lock")

    def __init__(self) -> None:
        self._table: Dict["MessageQueue", int] = {}
        self._pending: Deque[Tuple["MessageQueue", int, bool]] = collections.deque()
        self._lock = threading.Lock()

    def update(self, mq: "MessageQueue", offset: int, increase_only: bool) -> None:
        """Java ``offsetTable.putIfAbsent`` + ``compareAndIncreaseOnly`` (``increase_only``) or ``set``."""
        pending = self._pending
        if increase_only and not pending:
            old = self._table.get(mq)
            if old is not None and offset <= old:
                return
        pending.append((mq, offset, increase_only))
        lock = self._lock
        while pending and lock.acquire(False):
            try:
                self._apply_pending()
            finally:
                lock.release()

    def _apply_pending(self) -> None:
        # caller holds self._lock: the only thread popping
        pending = self._pending
        table = self._table
        while pending:
            mq, offset, increase_only = pending.popleft()
            if increase_only:
                old = table.get(mq)
                if old is not None and offset <= old:
                    continue
            table[mq] = offset

    def _sync(self) -> None:
        if self._pending:
            with self._lock:
                self._apply_pending()

    def get(self, mq: "MessageQueue") -> Optional[int]:
        """The offset of ``mq`` or None."""
        self._sync()
        return self._table.get(mq)

    def put_all(self, offsets: Dict["MessageQueue", int]) -> None:
        """Set every offset of ``offsets`` (Java ``putAll``)."""
        with self._lock:
            self._apply_pending()
            self._table.update(offsets)

    def remove(self, mq: "MessageQueue") -> None:
        """Forget ``mq``."""
        with self._lock:
            self._apply_pending()
            self._table.pop(mq, None)

    def items(self) -> List[Tuple["MessageQueue", int]]:
        """A copy of the (queue, offset) pairs."""
        self._sync()
        return list(self._table.items())

    def to_dict(self) -> Dict["MessageQueue", int]:
        """A copy of the table."""
        self._sync()
        return dict(self._table)

    def __len__(self) -> int:
        self._sync()
        return len(self._table)

    def __contains__(self, mq: object) -> bool:
        self._sync()
        return mq in self._table
