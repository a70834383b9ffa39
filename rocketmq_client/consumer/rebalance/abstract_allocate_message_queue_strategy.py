"""Java ``org.apache.rocketmq.client.consumer.rebalance.AbstractAllocateMessageQueueStrategy``."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, List, Optional

from rocketmq_client.consumer.allocate_message_queue_strategy import AllocateMessageQueueStrategy

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["AbstractAllocateMessageQueueStrategy"]

log = logging.getLogger(__name__)


class AbstractAllocateMessageQueueStrategy(AllocateMessageQueueStrategy):
    """Base of the strategies with Java's argument check."""

    @staticmethod
    def check(consumer_group: str, current_cid: Optional[str], mq_all: Optional[List["MessageQueue"]],
              cid_all: Optional[List[str]]) -> bool:
        """Java ``check``: ValueError (Java IllegalArgumentException) for an empty ``current_cid``, ``mq_all`` or
        ``cid_all``; False (nothing to allocate) when ``current_cid`` is not in ``cid_all``. It uses no state of
        the strategy, so the broker's ``QueryAssignmentProcessor`` calls it too."""
        if not current_cid:
            raise ValueError("currentCID is empty")
        if not mq_all:
            raise ValueError("mqAll is null or mqAll empty")
        if not cid_all:
            raise ValueError("cidAll is null or cidAll empty")
        if current_cid not in cid_all:
            log.info("[BUG] ConsumerGroup: %s The consumerId: %s not in cidAll: %s", consumer_group, current_cid,
                     cid_all)
            return False
        return True
