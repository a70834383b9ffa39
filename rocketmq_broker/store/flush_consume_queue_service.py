"""Java ``DefaultMessageStore.FlushConsumeQueueService``: periodic fsync of consume queues and the checkpoint.

Every ``flush_interval_consume_queue`` ms it fsyncs every consume queue with unflushed entries and writes the
checkpoint with the consume-queue time taken before the fsyncs (Java's pattern). Java fsyncs only queues with
``flush_consume_queue_least_pages`` dirty pages and writes the checkpoint on its thorough flush (every
``flush_consume_queue_thorough_interval`` ms); flushing everything each time keeps the checkpoint fresh, so the
replay after a crash is short. Like Java, index files are flushed when full (and here at shutdown), not
periodically: a flush write-protects the mapped pages and the next puts would each pay a page fault.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from rocketmq_common.service_thread import ServiceThread

if TYPE_CHECKING:
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["FlushConsumeQueueService"]

log = logging.getLogger(__name__)

_RETRY_TIMES_OVER = 3


class FlushConsumeQueueService(ServiceThread):
    """The consume-queue flush thread."""

    def __init__(self, store: "DefaultMessageStore") -> None:
        super().__init__()
        self.store = store

    def get_service_name(self) -> str:
        """Java ``getServiceName``."""
        return "FlushConsumeQueueService"

    def get_jointime(self) -> int:
        """Java ``getJointime``: 1 minute."""
        return 1000 * 60

    def do_flush(self, retry_times: int) -> None:
        """Java ``doFlush`` (always a thorough flush, see the module doc)."""
        store = self.store
        checkpoint = store.store_checkpoint
        logics_msg_timestamp = checkpoint.logics_msg_timestamp
        for queues in list(store.consume_queue_table.values()):
            for cq in list(queues.values()):
                for _ in range(max(retry_times, 2)):
                    if cq.flush(0):
                        break
        if logics_msg_timestamp > 0:
            checkpoint.logics_msg_timestamp = logics_msg_timestamp
        checkpoint.flush()

    def run(self) -> None:
        """Java ``run``."""
        log.info("%s service started", self.get_service_name())
        while not self.is_stopped():
            try:
                self.wait_for_running(self.store.message_store_config.flush_interval_consume_queue)
                self.do_flush(1)
            except Exception:  # noqa: BLE001 - Java keeps the flush thread alive on any error
                log.exception("%s service has exception.", self.get_service_name())
        try:
            self.do_flush(_RETRY_TIMES_OVER)
        except Exception:  # noqa: BLE001 - report and end the thread
            log.exception("%s last flush failed.", self.get_service_name())
        log.info("%s service end", self.get_service_name())
