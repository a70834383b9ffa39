"""Java ``org.apache.rocketmq.client.impl.consumer.PullRequest``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from rocketmq_client.impl.consumer.process_queue import ProcessQueue
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["PullRequest"]


class PullRequest:
    """One outstanding pull of a push consumer: group, queue, its process queue and the next offset to pull.
    Equal (and hashed) by consumer group and message queue, like Java."""

    __slots__ = ("consumer_group", "message_queue", "process_queue", "next_offset", "previously_locked")

    def __init__(self, consumer_group: Optional[str] = None, message_queue: Optional["MessageQueue"] = None,
                 process_queue: Optional["ProcessQueue"] = None, next_offset: int = 0,
                 previously_locked: bool = False) -> None:
        self.consumer_group = consumer_group
        self.message_queue = message_queue
        self.process_queue = process_queue
        self.next_offset = next_offset
        self.previously_locked = previously_locked

    def is_previously_locked(self) -> bool:
        """Java ``isPreviouslyLocked``."""
        return self.previously_locked

    def set_previously_locked(self, previously_locked: bool) -> None:
        """Java ``setPreviouslyLocked``."""
        self.previously_locked = previously_locked

    def get_consumer_group(self) -> Optional[str]:
        """Java ``getConsumerGroup``."""
        return self.consumer_group

    def set_consumer_group(self, consumer_group: str) -> None:
        """Java ``setConsumerGroup``."""
        self.consumer_group = consumer_group

    def get_message_queue(self) -> Optional["MessageQueue"]:
        """Java ``getMessageQueue``."""
        return self.message_queue

    def set_message_queue(self, message_queue: "MessageQueue") -> None:
        """Java ``setMessageQueue``."""
        self.message_queue = message_queue

    def get_next_offset(self) -> int:
        """Java ``getNextOffset``."""
        return self.next_offset

    def set_next_offset(self, next_offset: int) -> None:
        """Java ``setNextOffset``."""
        self.next_offset = next_offset

    def get_process_queue(self) -> Optional["ProcessQueue"]:
        """Java ``getProcessQueue``."""
        return self.process_queue

    def set_process_queue(self, process_queue: "ProcessQueue") -> None:
        """Java ``setProcessQueue``."""
        self.process_queue = process_queue

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, PullRequest) or type(other) is not type(self):
            return False
        return self.consumer_group == other.consumer_group and self.message_queue == other.message_queue

    def __hash__(self) -> int:
        return hash((self.consumer_group, self.message_queue))

    def __repr__(self) -> str:
        return "PullRequest [consumerGroup=%s, messageQueue=%s, nextOffset=%s]" % (
            self.consumer_group, self.message_queue, self.next_offset)
