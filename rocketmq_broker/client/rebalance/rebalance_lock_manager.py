"""Java ``org.apache.rocketmq.broker.client.rebalance.RebalanceLockManager``: the queue locks orderly consumers
take with LOCK_BATCH_MQ / UNLOCK_BATCH_MQ. A lock lapses ``lock_max_live_time`` ms (Java
``rocketmq.broker.rebalance.lockMaxLiveTime``, 60 s) after its owner last renewed it."""
from __future__ import annotations

import logging
import threading
import time
from typing import Dict, Iterable, Set

from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["RebalanceLockManager", "REBALANCE_LOCK_MAX_LIVE_TIME"]

log = logging.getLogger(__name__)

REBALANCE_LOCK_MAX_LIVE_TIME = 60000


def _now() -> int:
    return int(time.time() * 1000)


class LockEntry:
    """Java ``RebalanceLockManager.LockEntry``: the owning client and its last renewal (ms)."""

    __slots__ = ("client_id", "last_update_timestamp", "_max_live_time")

    def __init__(self, client_id: str, max_live_time: int) -> None:
        self.client_id = client_id
        self.last_update_timestamp = _now()
        self._max_live_time = max_live_time

    def is_locked(self, client_id: str) -> bool:
        return self.client_id == client_id and not self.is_expired()

    def is_expired(self) -> bool:
        return _now() - self.last_update_timestamp > self._max_live_time


class RebalanceLockManager:
    """See the module docstring."""

    def __init__(self, lock_max_live_time: int = REBALANCE_LOCK_MAX_LIVE_TIME) -> None:
        self.lock_max_live_time = lock_max_live_time
        self._lock = threading.Lock()
        self.mq_lock_table: Dict[str, Dict[MessageQueue, LockEntry]] = {}

    def _is_locked(self, group: str, mq: MessageQueue, client_id: str) -> bool:
        entry = self.mq_lock_table.get(group, {}).get(mq)
        if entry is not None and entry.is_locked(client_id):
            entry.last_update_timestamp = _now()
            return True
        return False

    def _try_lock_locked(self, group: str, mq: MessageQueue, client_id: str) -> bool:
        # caller holds self._lock
        group_value = self.mq_lock_table.setdefault(group, {})
        entry = group_value.get(mq)
        if entry is None:
            entry = LockEntry(client_id, self.lock_max_live_time)
            group_value[mq] = entry
            log.info("tryLock, message queue not locked, I got it. Group: %s NewClientId: %s %s", group, client_id,
                     mq)
        if entry.is_locked(client_id):
            entry.last_update_timestamp = _now()
            return True
        old_client_id = entry.client_id
        if entry.is_expired():
            entry.client_id = client_id
            entry.last_update_timestamp = _now()
            log.warning("tryLock, message queue lock expired, I got it. Group: %s OldClientId: %s NewClientId: %s "
                        "%s", group, old_client_id, client_id, mq)
            return True
        log.warning("tryLock, message queue locked by other client. Group: %s OtherClientId: %s NewClientId: %s "
                    "%s", group, old_client_id, client_id, mq)
        return False

    def try_lock(self, group: str, mq: MessageQueue, client_id: str) -> bool:
        """Java ``tryLock``: lock (or renew) ``mq`` for ``client_id``; False if another live client holds it."""
        if self._is_locked(group, mq, client_id):
            return True
        with self._lock:
            return self._try_lock_locked(group, mq, client_id)

    def try_lock_batch(self, group: str, mqs: Iterable[MessageQueue], client_id: str) -> Set[MessageQueue]:
        """Java ``tryLockBatch``: the queues of ``mqs`` now locked by ``client_id``."""
        locked: Set[MessageQueue] = set()
        not_locked = []
        for mq in mqs:
            if self._is_locked(group, mq, client_id):
                locked.add(mq)
            else:
                not_locked.append(mq)
        if not_locked:
            with self._lock:
                for mq in not_locked:
                    if self._try_lock_locked(group, mq, client_id):
                        locked.add(mq)
        return locked

    def unlock_batch(self, group: str, mqs: Iterable[MessageQueue], client_id: str) -> None:
        """Java ``unlockBatch``: release the queues of ``mqs`` that ``client_id`` holds."""
        with self._lock:
            group_value = self.mq_lock_table.get(group)
            if group_value is None:
                log.warning("unlockBatch, group not exist, Group: %s %s", group, client_id)
                return
            for mq in mqs:
                entry = group_value.get(mq)
                if entry is None:
                    log.warning("unlockBatch, but mq not locked, Group: %s %s %s", group, mq, client_id)
                elif entry.client_id == client_id:
                    del group_value[mq]
                    log.info("unlockBatch, Group: %s %s %s", group, mq, client_id)
                else:
                    log.warning("unlockBatch, but mq locked by other client: %s, Group: %s %s %s", entry.client_id,
                                group, mq, client_id)
