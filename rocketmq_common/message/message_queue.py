"""Java ``org.apache.rocketmq.common.message.MessageQueue``."""
from __future__ import annotations

from functools import total_ordering

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MessageQueue"]


@total_ordering
class MessageQueue(Bean):
    """A queue of a topic on a broker; hashable, ordered by topic, broker name, queue id (Java ``compareTo``)."""

    topic = Prop(str)
    broker_name = Prop(str)
    queue_id = Prop(int, 0)

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

    def __repr__(self) -> str:
        return "MessageQueue [topic=%s, brokerName=%s, queueId=%s]" % (self.topic, self.broker_name, self.queue_id)
