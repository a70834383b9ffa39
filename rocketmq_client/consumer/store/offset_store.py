"""Java ``org.apache.rocketmq.client.consumer.store.OffsetStore``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Optional, Set

if TYPE_CHECKING:
    from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["OffsetStore"]


class OffsetStore:
    """Offset store interface: consume offsets per queue, in memory and persisted (broker or local file)."""

    def load(self) -> None:
        """Java ``load``."""
        raise NotImplementedError

    def update_offset(self, mq: "MessageQueue", offset: int, increase_only: bool) -> None:
        """Java ``updateOffset``: store the offset in memory (only if larger with ``increase_only``)."""
        raise NotImplementedError

    def read_offset(self, mq: "MessageQueue", type: "ReadOffsetType") -> int:
        """Java ``readOffset``: the offset, -1 when there is none, -2 (remote store) when it could not be read."""
        raise NotImplementedError

    def persist_all(self, mqs: Optional[Set["MessageQueue"]]) -> None:
        """Java ``persistAll``: persist the offsets of ``mqs``."""
        raise NotImplementedError

    def persist(self, mq: "MessageQueue") -> None:
        """Java ``persist``: persist the offset of ``mq``."""
        raise NotImplementedError

    def remove_offset(self, mq: "MessageQueue") -> None:
        """Java ``removeOffset``: forget the in-memory offset of ``mq``."""
        raise NotImplementedError

    def clone_offset_table(self, topic: Optional[str]) -> Dict["MessageQueue", int]:
        """Java ``cloneOffsetTable``: a copy of the offsets of ``topic`` (all when blank)."""
        raise NotImplementedError

    def update_consume_offset_to_broker(self, mq: "MessageQueue", offset: int, is_oneway: bool) -> None:
        """Java ``updateConsumeOffsetToBroker``."""
        raise NotImplementedError
