"""Java ``org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle``."""
from __future__ import annotations

from typing import TYPE_CHECKING, List

from rocketmq_client.consumer.rebalance.abstract_allocate_message_queue_strategy import (
    AbstractAllocateMessageQueueStrategy,
)

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["AllocateMessageQueueAveragelyByCircle"]


class AllocateMessageQueueAveragelyByCircle(AbstractAllocateMessageQueueStrategy):
    """Queues ``i, i + c, i + 2c, ...`` for the consumer at index ``i`` (``AVG_BY_CIRCLE``)."""

    def allocate(self, consumer_group: str, current_cid: str, mq_all: List["MessageQueue"],
                 cid_all: List[str]) -> List["MessageQueue"]:
        if not self.check(consumer_group, current_cid, mq_all, cid_all):
            return []
        index = cid_all.index(current_cid)
        return mq_all[index::len(cid_all)]

    def get_name(self) -> str:
        return "AVG_BY_CIRCLE"
