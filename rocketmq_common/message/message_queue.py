"""Java ``org.apache.rocketmq.common.message.MessageQueue``."""
from __future__ import annotations

from functools import total_ordering
from typing import Optional

from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MessageQueue"]


def _int32(value: int) -> int:
    """Java int overflow."""
    value &= 0xFFFFFFFF
    return value - 0x100000000 if value >= 0x80000000 else value


@total_ordering
class MessageQueue(Bean):
    """A queue of a topic on a broker; hashable, ordered by topic, broker name, queue id (Java ``compareTo``)."""

    topic = Prop(str)
    broker_name = Prop(str)
    queue_id = Prop(int, 0)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id

    def __init__(self, topic: str = None, broker_name: str = None, queue_id: int = 0) -> None:  # type: ignore[assignment]
        self.topic = topic
        self.broker_name = broker_name
        self.queue_id = queue_id

    def _key(self):
        return (self.topic or "", self.broker_name or "", self.queue_id)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MessageQueue):
            return NotImplemented
        return self.topic == other.topic and self.broker_name == other.broker_name and self.queue_id == other.queue_id

    def __lt__(self, other: "MessageQueue") -> bool:
        if not isinstance(other, MessageQueue):
            return NotImplemented
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash((self.topic, self.broker_name, self.queue_id))

    def hash_code(self) -> int:
        """Java ``hashCode()`` (the order of the ``HashSet`` of queues mqadmin prints)."""
        result = 31 + (UtilAll.string_hash_code(self.broker_name) if self.broker_name is not None else 0)
        result = _int32(31 * result + self.queue_id)
        return _int32(31 * result + (UtilAll.string_hash_code(self.topic) if self.topic is not None else 0))

    def __repr__(self) -> str:
        return "MessageQueue [topic=%s, brokerName=%s, queueId=%s]" % (self.topic, self.broker_name, self.queue_id)
