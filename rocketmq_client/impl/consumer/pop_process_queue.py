"""Java ``org.apache.rocketmq.client.impl.consumer.PopProcessQueue`` (5.3.3): the state of one queue a push
consumer pops from: how many popped messages wait for their ack (flow control), when it last popped, dropped."""
from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_remoting.common.bean import Bean, Prop

if TYPE_CHECKING:
    from rocketmq_common.protocol.body.pop_process_queue_info import PopProcessQueueInfo

__all__ = ["PopProcessQueue"]


def _now_millis() -> int:
    return int(time.time() * 1000)


class PopProcessQueue(Bean):
    """See the module docstring. Unlike :class:`ProcessQueue` it holds no messages: a popped message stays
    invisible at the broker until acked, so only a counter of those waiting for their ack is kept."""

    #: Java ``rocketmq.client.pull.pullMaxIdleTime`` (ms), the same property as ProcessQueue's
    PULL_MAX_IDLE_TIME = ProcessQueue.PULL_MAX_IDLE_TIME

    last_pop_timestamp = Prop(int, factory=_now_millis)
    dropped = Prop(bool, False)

    def get_last_pop_timestamp(self) -> int: return self.last_pop_timestamp
    def set_last_pop_timestamp(self, last_pop_timestamp: int) -> None: self.last_pop_timestamp = last_pop_timestamp
    def get_dropped(self) -> bool: return self.dropped
    def is_dropped(self) -> bool: return self.dropped
    def set_dropped(self, dropped: bool) -> None: self.dropped = dropped

    def __init__(self) -> None:
        super().__init__()  # the declared defaults
        self.dropped = False
        self._wait_ack_counter = 0  # Java AtomicInteger waitAckCounter
        self._lock = threading.Lock()

    def inc_found_msg(self, count: int) -> None:
        """Java ``incFoundMsg``: ``count`` more messages wait for their ack."""
        with self._lock:
            self._wait_ack_counter += count

    def ack(self) -> int:
        """Java ``ack``: one message less waits; returns the value before the decrement."""
        with self._lock:
            before = self._wait_ack_counter
            self._wait_ack_counter = before - 1
            return before

    def dec_found_msg(self, count: int) -> None:
        """Java ``decFoundMsg``: adds ``count`` (Java's callers pass ``-size``)."""
        with self._lock:
            self._wait_ack_counter += count

    def get_wai_ack_msg_count(self) -> int:
        """Java ``getWaiAckMsgCount`` (sic)."""
        return self._wait_ack_counter

    def fill_pop_process_queue_info(self, info: "PopProcessQueueInfo") -> None:
        """Java ``fillPopProcessQueueInfo`` (the consumer running info's pop queue table)."""
        info.set_wait_ack_count(self.get_wai_ack_msg_count())
        info.set_droped(self.dropped)
        info.set_last_pop_timestamp(self.last_pop_timestamp)

    def is_pull_expired(self) -> bool:
        """Java ``isPullExpired``: no pop for more than PULL_MAX_IDLE_TIME."""
        return (_now_millis() - self.last_pop_timestamp) > PopProcessQueue.PULL_MAX_IDLE_TIME

    def __repr__(self) -> str:
        return "PopProcessQueue[waitAckCounter:%d, lastPopTimestamp:%d, drop:%s]" % (
            self._wait_ack_counter, self.last_pop_timestamp, "true" if self.dropped else "false")
