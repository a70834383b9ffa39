"""Java ``org.apache.rocketmq.common.message.MessageQueueForC``: a queue and an offset, for C++ admin tools."""
from __future__ import annotations

from functools import total_ordering
from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MessageQueueForC"]


@total_ordering
class MessageQueueForC(Bean):
    """Ordered by topic, broker name, queue id, offset; equal when all four are (Java ``compareTo`` /
    ``equals``)."""

    topic = Prop(str)
    broker_name = Prop(str)
    queue_id = Prop(int, 0)
    offset = Prop(int, 0)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: int) -> None: self.offset = offset

    def __init__(self, topic: Optional[str] = None, broker_name: Optional[str] = None, queue_id: int = 0,
                 offset: int = 0) -> None:
        self.topic = topic
        self.broker_name = broker_name
        self.queue_id = queue_id
        self.offset = offset

    def _key(self):
        return (self.topic or "", self.broker_name or "", self.queue_id, self.offset)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MessageQueueForC):
            return NotImplemented
        return self._key() == other._key()

    def __lt__(self, other: "MessageQueueForC") -> bool:
        if not isinstance(other, MessageQueueForC):
            return NotImplemented
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash((self.topic, self.broker_name, self.queue_id))

    def __repr__(self) -> str:
        return "MessageQueueForC [topic=%s, brokerName=%s, queueId=%s, offset=%s]" % (
            self.topic, self.broker_name, self.queue_id, self.offset)
