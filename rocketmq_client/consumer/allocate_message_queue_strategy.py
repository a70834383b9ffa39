"""Java ``org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy``."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["AllocateMessageQueueStrategy"]


class AllocateMessageQueueStrategy:
    """Strategy that allocates a topic's queues among the consumers of a group."""

    def allocate(self, consumer_group: str, current_cid: str, mq_all: List["MessageQueue"],
                 cid_all: List[str]) -> Optional[List["MessageQueue"]]:
        """Java ``allocate``: the queues of ``mq_all`` (sorted) for ``current_cid`` among ``cid_all`` (sorted)."""
        raise NotImplementedError

    def get_name(self) -> str:
        """Java ``getName``: the strategy name."""
        raise NotImplementedError
