"""Java ``org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyContext``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["ConsumeOrderlyContext"]


class ConsumeOrderlyContext:
    """The queue of an orderly batch, whether its offset is committed automatically, and the suspend time the
    listener asks for (-1: the consumer's ``suspend_current_queue_time_millis``)."""

    __slots__ = ("message_queue", "auto_commit", "suspend_current_queue_time_millis")

    def __init__(self, message_queue: Optional[MessageQueue]) -> None:
        self.message_queue = message_queue
        self.auto_commit = True
        self.suspend_current_queue_time_millis = -1

    def is_auto_commit(self) -> bool:
        """Java ``isAutoCommit``."""
        return self.auto_commit

    def set_auto_commit(self, auto_commit: bool) -> None:
        """Java ``setAutoCommit``."""
        self.auto_commit = auto_commit

    def get_message_queue(self) -> Optional[MessageQueue]:
        """Java ``getMessageQueue``."""
        return self.message_queue

    def get_suspend_current_queue_time_millis(self) -> int:
        """Java ``getSuspendCurrentQueueTimeMillis``."""
        return self.suspend_current_queue_time_millis

    def set_suspend_current_queue_time_millis(self, suspend_current_queue_time_millis: int) -> None:
        """Java ``setSuspendCurrentQueueTimeMillis``."""
        self.suspend_current_queue_time_millis = suspend_current_queue_time_millis
