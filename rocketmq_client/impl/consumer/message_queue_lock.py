"""Java ``org.apache.rocketmq.client.impl.consumer.MessageQueueLock``."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Dict

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["MessageQueueLock"]


class MessageQueueLock:
    """One lock per queue, so that a single thread at a time consumes a queue (orderly consumption). The locks
    are reentrant, like Java's ``synchronized`` on the returned object."""

    def __init__(self) -> None:
        self.mq_lock_table: Dict["MessageQueue", "threading.RLock"] = {}  # type: ignore[valid-type]
        self._lock = threading.Lock()

    def fetch_lock_object(self, mq: "MessageQueue") -> "threading.RLock":  # type: ignore[valid-type]
        """Java ``fetchLockObject``: the lock of ``mq`` (created once)."""
        obj_lock = self.mq_lock_table.get(mq)
        if obj_lock is None:
            with self._lock:
                obj_lock = self.mq_lock_table.setdefault(mq, threading.RLock())
        return obj_lock
