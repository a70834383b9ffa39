"""Java ``org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyContext``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["ConsumeOrderlyContext"]


class ConsumeOrderlyContext(Bean):
    """The queue of an orderly batch, whether its offset is committed automatically, and the suspend time the
    listener asks for (-1: the consumer's ``suspend_current_queue_time_millis``)."""

    message_queue = Prop(MessageQueue)
    auto_commit = Prop(bool, True)
    suspend_current_queue_time_millis = Prop(int, -1)

    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_auto_commit(self) -> bool: return self.auto_commit
    def is_auto_commit(self) -> bool: return self.auto_commit
    def set_auto_commit(self, auto_commit: bool) -> None: self.auto_commit = auto_commit
    def get_suspend_current_queue_time_millis(self) -> int: return self.suspend_current_queue_time_millis
    def set_suspend_current_queue_time_millis(self, suspend_current_queue_time_millis: int) -> None:
        self.suspend_current_queue_time_millis = suspend_current_queue_time_millis

    def __init__(self, message_queue: Optional[MessageQueue]) -> None:
        self.message_queue = message_queue
        self.auto_commit = True
        self.suspend_current_queue_time_millis = -1
