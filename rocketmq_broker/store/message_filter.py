"""Java ``org.apache.rocketmq.store.MessageFilter``: the filter a pull passes to ``get_message``."""
from __future__ import annotations

from typing import Any, Dict, Optional

__all__ = ["MessageFilter"]


class MessageFilter:
    """Interface: decide from the consume-queue entry, then from the stored record, whether a message matches."""

    def is_matched_by_consume_queue(self, tags_code: Optional[int], cq_ext_unit: Any) -> bool:
        """Java ``isMatchedByConsumeQueue``: match by the entry's tags hash code (``cq_ext_unit`` is always
        None: this store has no consume-queue extension)."""
        raise NotImplementedError

    def is_matched_by_commit_log(self, msg_buffer: Optional[bytes], properties: Optional[Dict[str, str]]) -> bool:
        """Java ``isMatchedByCommitLog``: match by the stored record (``properties`` None when called by the
        store) or by the properties (``msg_buffer`` None when called by the pull hold service)."""
        raise NotImplementedError
