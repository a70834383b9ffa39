"""Java ``org.apache.rocketmq.client.impl.consumer.PullRequest``."""
from __future__ import annotations

from typing import Optional

from rocketmq_client.impl.consumer.message_request import MessageRequest
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_remoting.common.bean import Bean, Prop, java_string

__all__ = ["PullRequest"]


class PullRequest(MessageRequest, Bean):
    """One outstanding pull of a push consumer: group, queue, its process queue and the next offset to pull.
    Equal (and hashed) by consumer group and message queue, like Java."""

    consumer_group = Prop(str)
    message_queue = Prop(MessageQueue)
    process_queue = Prop(ProcessQueue)
    next_offset = Prop(int, 0)
    previously_locked = Prop(bool, False)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_process_queue(self) -> ProcessQueue: return self.process_queue
    def set_process_queue(self, process_queue: Optional[ProcessQueue]) -> None: self.process_queue = process_queue
    def get_next_offset(self) -> int: return self.next_offset
    def set_next_offset(self, next_offset: int) -> None: self.next_offset = next_offset
    def get_previously_locked(self) -> bool: return self.previously_locked
    def is_previously_locked(self) -> bool: return self.previously_locked
    def set_previously_locked(self, previously_locked: bool) -> None: self.previously_locked = previously_locked

    def __init__(self, consumer_group: Optional[str] = None, message_queue: Optional["MessageQueue"] = None,
                 process_queue: Optional["ProcessQueue"] = None, next_offset: int = 0,
                 previously_locked: bool = False) -> None:
        self.consumer_group = consumer_group
        self.message_queue = message_queue
        self.process_queue = process_queue
        self.next_offset = next_offset
        self.previously_locked = previously_locked

    def get_message_request_mode(self) -> MessageRequestMode:
        """Java ``getMessageRequestMode``: PULL."""
        return MessageRequestMode.PULL

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, PullRequest) or type(other) is not type(self):
            return False
        return self.consumer_group == other.consumer_group and self.message_queue == other.message_queue

    def __hash__(self) -> int:
        return hash((self.consumer_group, self.message_queue))

    def __repr__(self) -> str:
        return "PullRequest [consumerGroup=%s, messageQueue=%s, nextOffset=%s]" % tuple(
            map(java_string, (self.consumer_group, self.message_queue, self.next_offset)))
