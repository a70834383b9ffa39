"""Java ``org.apache.rocketmq.client.producer.selector.SelectMessageQueueByRandom``."""
from __future__ import annotations

import random
from typing import Any, List

from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["SelectMessageQueueByRandom"]


class SelectMessageQueueByRandom(MessageQueueSelector):
    """A uniformly random queue."""

    def __init__(self) -> None:
        self._random = random.Random()

    def select(self, mqs: List[MessageQueue], msg: Message, arg: Any) -> MessageQueue:
        return mqs[self._random.randrange(len(mqs))]
