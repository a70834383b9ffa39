"""Java ``org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely``."""
from __future__ import annotations

from typing import TYPE_CHECKING, List

from rocketmq_client.consumer.rebalance.abstract_allocate_message_queue_strategy import (
    AbstractAllocateMessageQueueStrategy,
)

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["AllocateMessageQueueAveragely"]


class AllocateMessageQueueAveragely(AbstractAllocateMessageQueueStrategy):
    """Consecutive blocks of queues, the first ``n % c`` consumers getting one more (``AVG``, the default)."""

    def allocate(self, consumer_group: str, current_cid: str, mq_all: List["MessageQueue"],
                 cid_all: List[str]) -> List["MessageQueue"]:
        result: List["MessageQueue"] = []
        if not self.check(consumer_group, current_cid, mq_all, cid_all):
            return result
        n = len(mq_all)
        c = len(cid_all)
        index = cid_all.index(current_cid)
        mod = n % c
        if n <= c:
            average_size = 1
        elif mod > 0 and index < mod:
            average_size = n // c + 1
        else:
            average_size = n // c
        start_index = index * average_size if (mod > 0 and index < mod) else index * average_size + mod
        for i in range(min(average_size, n - start_index)):
            result.append(mq_all[(start_index + i) % n])
        return result

    def get_name(self) -> str:
        return "AVG"
