"""Java ``DefaultMessageStore.ReputMessageService``, start-up part only.

Puts dispatch their own records, so no thread is needed; at start-up :meth:`ReputMessageService.do_reput`
dispatches the commit-log records the consume queues (or a rebuilt index) do not have yet.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["ReputMessageService"]

log = logging.getLogger(__name__)


class ReputMessageService:
    """Dispatches commit-log records from an offset to the end."""

    def __init__(self, store: "DefaultMessageStore") -> None:
        self.store = store
        self.reput_from_offset = 0

    def do_reput(self, from_offset: int) -> None:
        """Java ``doReput``: dispatch every good record from ``from_offset`` to the commit-log end."""
        commit_log = self.store.commit_log
        offset = max(from_offset, commit_log.get_min_offset(), 0)
        while offset < commit_log.get_max_offset():
            mapped_file = commit_log.mapped_file_queue.find_mapped_file_by_offset(offset)
            if mapped_file is None:
                break
            end, at_marker = commit_log.scan_file(mapped_file, offset - mapped_file.file_from_offset, False,
                                                  self.store.do_dispatch)
            if at_marker:
                offset = commit_log.roll_next_file(offset)
                continue
            offset = mapped_file.file_from_offset + end
            if offset < commit_log.get_max_offset():
                log.error("[BUG]dispatch message to consume queue error, COMMITLOG OFFSET: %d", offset)
            break
        self.reput_from_offset = offset

    def behind(self) -> int:
        """Java ``behind``: commit-log bytes not dispatched (0 once puts dispatch themselves)."""
        return max(0, self.store.commit_log.get_max_offset() - self.reput_from_offset) if \
            self.store.is_shutdown() else 0
