"""Java ``org.apache.rocketmq.common.protocol.route.QueueData``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["QueueData"]


class QueueData(Bean):
    """The queues of a topic on one broker name: queue counts, PermName bits and TopicSysFlag bits.

    Equal and hashed by every field (Java ``equals``/``hashCode``); ordered by broker name (Java ``compareTo``).
    """

    broker_name = Prop(str)
    read_queue_nums = Prop(int, 0)
    write_queue_nums = Prop(int, 0)
    perm = Prop(int, 0)
    topic_sys_flag = Prop(int, 0)

    def _key(self):
        return (self.broker_name, self.perm, self.read_queue_nums, self.write_queue_nums, self.topic_sys_flag)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: "QueueData") -> bool:
        if not isinstance(other, QueueData):
            return NotImplemented
        return self.broker_name < other.broker_name
