"""Java ``org.apache.rocketmq.client.producer.MessageQueueSelector``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, List

if TYPE_CHECKING:
    from rocketmq_common.message.message import Message
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["MessageQueueSelector"]


class MessageQueueSelector:
    """Chooses the queue of an ordered send (``producer.send(msg, selector, arg)``)."""

    def select(self, mqs: "List[MessageQueue]", msg: "Message", arg: Any) -> "MessageQueue":
        """The queue for ``msg`` among the topic's writable queues ``mqs``; ``arg`` is the caller's argument."""
        raise NotImplementedError
