"""Java ``CommitLog.FlushRealTimeService`` and ``CommitLog.GroupCommitService``: commit-log flushing.

ASYNC_FLUSH: :class:`FlushRealTimeService` fsyncs every ``flush_interval_commit_log`` ms when at least
``flush_commit_log_least_pages`` pages are dirty (everything every ``flush_commit_log_thorough_interval`` ms).
SYNC_FLUSH: :class:`GroupCommitService` is a group commit: a put waits in :meth:`GroupCommitService.wait_for_flush`
until the flush thread's fsync covers its record; one fsync serves every waiter.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING

from rocketmq_common.service_thread import ServiceThread

if TYPE_CHECKING:
    from rocketmq_broker.store.commit_log import CommitLog

__all__ = ["FlushCommitLogService", "FlushRealTimeService", "GroupCommitService"]

log = logging.getLogger(__name__)

_RETRY_TIMES_OVER = 10


class FlushCommitLogService(ServiceThread):
    """Java ``FlushCommitLogService``."""

    def __init__(self, commit_log: "CommitLog") -> None:
        super().__init__()
        self.commit_log = commit_log

    def get_jointime(self) -> int:
        """Java ``getJointime``: 5 minutes."""
        return 1000 * 60 * 5

    def _update_checkpoint(self) -> None:
        store_timestamp = self.commit_log.mapped_file_queue.get_store_timestamp()
        if store_timestamp > 0:
            self.commit_log.default_message_store.store_checkpoint.physic_msg_timestamp = store_timestamp


class FlushRealTimeService(FlushCommitLogService):
    """Java ``FlushRealTimeService``: periodic fsync for ASYNC_FLUSH."""

    def __init__(self, commit_log: "CommitLog") -> None:
        super().__init__(commit_log)
        self._last_flush_timestamp = 0

    def get_service_name(self) -> str:
        """Java ``getServiceName``."""
        return "FlushRealTimeService"

    def run(self) -> None:
        """Java ``run``: flush periodically, then everything at shutdown."""
        log.info("%s service started", self.get_service_name())
        config = self.commit_log.default_message_store.message_store_config
        mapped_file_queue = self.commit_log.mapped_file_queue
        while not self.is_stopped():
            interval = config.flush_interval_commit_log
            least_pages = config.flush_commit_log_least_pages
            now = int(time.time() * 1000)
            if now >= self._last_flush_timestamp + config.flush_commit_log_thorough_interval:
                self._last_flush_timestamp = now
                least_pages = 0
            try:
                self.wait_for_running(interval)
                mapped_file_queue.flush(least_pages)
                self._update_checkpoint()
            except Exception:  # noqa: BLE001 - Java keeps the flush thread alive on any error
                log.exception("%s service has exception.", self.get_service_name())
        for _ in range(_RETRY_TIMES_OVER):
            if mapped_file_queue.flush(0):
                break
        self._update_checkpoint()
        log.info("%s service end", self.get_service_name())


class GroupCommitService(FlushCommitLogService):
    """Java ``GroupCommitService``: fsync on demand (at least every 10 ms) and wake the waiting puts."""

    def __init__(self, commit_log: "CommitLog") -> None:
        super().__init__(commit_log)
        self._lock = threading.Lock()
        self._requests = threading.Condition(self._lock)
        self._done = threading.Condition(self._lock)
        self._waiting = 0

    def get_service_name(self) -> str:
        """Java ``getServiceName``."""
        return "GroupCommitService"

    def wait_for_flush(self, next_offset: int, timeout_ms: int) -> bool:
        """Block until the commit log is flushed up to ``next_offset``; False after ``timeout_ms``
        (Java ``GroupCommitRequest`` completed with FLUSH_DISK_TIMEOUT)."""
        mapped_file_queue = self.commit_log.mapped_file_queue
        deadline = time.monotonic() + timeout_ms / 1000.0
        with self._lock:
            if mapped_file_queue.flushed_where >= next_offset:
                return True
            self._waiting += 1
            try:
                self._requests.notify()
                while mapped_file_queue.flushed_where < next_offset:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0 or (self.is_stopped() and not self._thread_alive()):
                        return mapped_file_queue.flushed_where >= next_offset
                    self._done.wait(remaining)
                return True
            finally:
                self._waiting -= 1

    def _thread_alive(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive()

    def wakeup(self) -> None:
        """Java ``wakeup``: flush soon (a put that does not wait for the flush)."""
        with self._lock:
            self._requests.notify()

    def _do_commit(self) -> None:
        """Java ``doCommit``: one flush of everything written so far, then wake the waiters."""
        mapped_file_queue = self.commit_log.mapped_file_queue
        mapped_file_queue.flush_all(mapped_file_queue.get_max_offset())
        self._update_checkpoint()
        with self._lock:
            self._done.notify_all()

    def run(self) -> None:
        """Java ``run``: flush whenever a put waits (and every 10 ms), then once more at shutdown."""
        log.info("%s service started", self.get_service_name())
        mapped_file_queue = self.commit_log.mapped_file_queue
        while not self.is_stopped():
            try:
                with self._lock:
                    # waiters already served have not left yet: do not spin on them (they need the GIL)
                    served = mapped_file_queue.flushed_where >= mapped_file_queue.get_max_offset()
                    if not self.is_stopped() and (self._waiting == 0 or served):
                        self._requests.wait(0.01)
                self._do_commit()
            except Exception:  # noqa: BLE001 - Java keeps the flush thread alive on any error
                log.exception("%s service has exception.", self.get_service_name())
        self._do_commit()
        log.info("%s service end", self.get_service_name())

    def shutdown(self, interrupt: bool = False) -> None:
        """Stop after a last flush that releases every waiter."""
        self.stopped = True
        with self._lock:
            self._requests.notify()
        super().shutdown(interrupt)
