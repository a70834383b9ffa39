"""Java ``org.apache.rocketmq.common.protocol.route.QueueData``."""
from __future__ import annotations

from typing import Optional

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

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_read_queue_nums(self) -> int: return self.read_queue_nums
    def set_read_queue_nums(self, read_queue_nums: int) -> None: self.read_queue_nums = read_queue_nums
    def get_write_queue_nums(self) -> int: return self.write_queue_nums
    def set_write_queue_nums(self, write_queue_nums: int) -> None: self.write_queue_nums = write_queue_nums
    def get_perm(self) -> int: return self.perm
    def set_perm(self, perm: int) -> None: self.perm = perm
    def get_topic_sys_flag(self) -> int: return self.topic_sys_flag
    def set_topic_sys_flag(self, topic_sys_flag: int) -> None: self.topic_sys_flag = topic_sys_flag

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
