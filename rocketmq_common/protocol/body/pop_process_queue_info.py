"""Java ``org.apache.rocketmq.remoting.protocol.body.PopProcessQueueInfo`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["PopProcessQueueInfo"]


class PopProcessQueueInfo(Bean):
    """A POP process queue's state in ``ConsumerRunningInfo.mqPopTable`` (Java spells ``droped``)."""

    wait_ack_count = Prop(int, 0)
    droped = Prop(bool, False)
    last_pop_timestamp = Prop(int, 0)

    def get_wait_ack_count(self) -> int: return self.wait_ack_count
    def set_wait_ack_count(self, wait_ack_count: int) -> None: self.wait_ack_count = wait_ack_count
    def get_droped(self) -> bool: return self.droped
    def is_droped(self) -> bool: return self.droped
    def set_droped(self, droped: bool) -> None: self.droped = droped
    def get_last_pop_timestamp(self) -> int: return self.last_pop_timestamp
    def set_last_pop_timestamp(self, last_pop_timestamp: int) -> None: self.last_pop_timestamp = last_pop_timestamp

    def __repr__(self) -> str:
        return "PopProcessQueueInfo [waitAckCount:%d, droped:%s, lastPopTimestamp:%d]" % (
            self.wait_ack_count, "true" if self.droped else "false", self.last_pop_timestamp)
