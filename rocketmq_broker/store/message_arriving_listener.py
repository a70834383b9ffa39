"""Java ``org.apache.rocketmq.store.MessageArrivingListener``: wakes up held (long-polling) pulls."""
from __future__ import annotations

from typing import Dict, Optional

__all__ = ["MessageArrivingListener"]


class MessageArrivingListener:
    """Interface called by the store after each message reaches its consume queue."""

    def arriving(self, topic: str, queue_id: int, logic_offset: int, tags_code: int, msg_store_time: int,
                 filter_bit_map: Optional[bytes], properties: Optional[Dict[str, str]]) -> None:
        """Java ``arriving``: ``logic_offset`` is the queue's new max offset (the message's offset + 1)."""
        raise NotImplementedError
