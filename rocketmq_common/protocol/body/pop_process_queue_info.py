"""Java ``org.apache.rocketmq.remoting.protocol.body.PopProcessQueueInfo`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["PopProcessQueueInfo"]


class PopProcessQueueInfo(Bean):
    """A POP process queue's state in ``ConsumerRunningInfo.mqPopTable`` (Java spells ``droped``)."""

    wait_ack_count = Prop(int, 0)
    droped = Prop(bool, False)
    last_pop_timestamp = Prop(int, 0)

    def __repr__(self) -> str:
        return "PopProcessQueueInfo [waitAckCount:%d, droped:%s, lastPopTimestamp:%d]" % (
            self.wait_ack_count, "true" if self.droped else "false", self.last_pop_timestamp)
