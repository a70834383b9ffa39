"""Java ``org.apache.rocketmq.store.pop.PopCheckPoint`` (5.3.3): the checkpoint of one popped batch."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["PopCheckPoint"]

_BYTE_MAX = 127


class PopCheckPoint(RemotingSerializable):
    """``num`` messages of a queue popped at ``pop_time`` for ``cid``, invisible for ``invisible_time`` ms: the
    message ``i`` is at ``start_offset + queue_offset_diff[i]``, bit ``i`` of ``bit_map`` is set once it is acked.
    Stored as JSON (tag ``ck``) in the revive topic, delivered by the timer 1 s before the revive time; the revive
    service puts the un-acked ones into the retry topic. ``revive_offset`` is its offset in the revive queue."""

    start_offset = Prop(int, 0, wire="so")
    pop_time = Prop(int, 0, wire="pt")
    invisible_time = Prop(int, 0, wire="it")
    bit_map = Prop(int, 0, wire="bm")
    num = Prop(int, 0, wire="n")
    queue_id = Prop(int, 0, wire="q")
    topic = Prop(str, wire="t")
    cid = Prop(str, wire="c")
    revive_offset = Prop(int, 0, wire="ro")
    queue_offset_diff = Prop(ListOf(int), wire="d")
    broker_name = Prop(str, wire="bn")
    re_put_times = Prop(str, wire="rp")

    def get_start_offset(self) -> int: return self.start_offset
    def set_start_offset(self, start_offset: int) -> None: self.start_offset = start_offset
    def get_pop_time(self) -> int: return self.pop_time
    def set_pop_time(self, pop_time: int) -> None: self.pop_time = pop_time
    def get_invisible_time(self) -> int: return self.invisible_time
    def set_invisible_time(self, invisible_time: int) -> None: self.invisible_time = invisible_time
    def get_bit_map(self) -> int: return self.bit_map
    def set_bit_map(self, bit_map: int) -> None: self.bit_map = bit_map
    def get_num(self) -> int: return self.num
    def set_num(self, num: int) -> None: self.num = num
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_cid(self) -> str: return self.cid
    def set_cid(self, cid: Optional[str]) -> None: self.cid = cid
    def get_revive_offset(self) -> int: return self.revive_offset
    def set_revive_offset(self, revive_offset: int) -> None: self.revive_offset = revive_offset
    def get_queue_offset_diff(self) -> List[int]: return self.queue_offset_diff
    def set_queue_offset_diff(self, queue_offset_diff: Optional[List[int]]) -> None:
        self.queue_offset_diff = queue_offset_diff
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_re_put_times(self) -> str: return self.re_put_times
    def set_re_put_times(self, re_put_times: Optional[str]) -> None: self.re_put_times = re_put_times

    def get_c_id(self) -> Optional[str]:
        """Java ``getCId``."""
        return self.cid

    def set_c_id(self, cid: str) -> None:
        """Java ``setCId``."""
        self.cid = cid

    def get_revive_time(self) -> int:
        """Java ``getReviveTime``: pop time + invisible time."""
        return self.pop_time + self.invisible_time

    def add_diff(self, diff: int) -> None:
        """Java ``addDiff``."""
        if self.queue_offset_diff is None:
            self.queue_offset_diff = []
        self.queue_offset_diff.append(diff)

    def index_of_ack(self, ack_offset: int) -> int:
        """Java ``indexOfAck``: the message index of ``ack_offset``, -1 when not in this checkpoint."""
        if ack_offset < self.start_offset:
            return -1
        diffs: List[int] = self.queue_offset_diff or []
        if not diffs:  # old version of checkpoint
            return ack_offset - self.start_offset if ack_offset - self.start_offset < self.num else -1
        try:
            return diffs.index(ack_offset - self.start_offset)
        except ValueError:
            return -1

    def ack_offset_by_index(self, index: int) -> int:
        """Java ``ackOffsetByIndex``."""
        if not self.queue_offset_diff:
            return self.start_offset + index
        return self.start_offset + self.queue_offset_diff[index]

    def parse_re_put_times(self) -> int:
        """Java ``parseRePutTimes``: 0 when never re-put, 127 when unreadable."""
        if self.re_put_times is None:
            return 0
        try:
            return int(self.re_put_times)
        except ValueError:
            return _BYTE_MAX

    def __lt__(self, other: "PopCheckPoint") -> bool:
        return self.start_offset < other.start_offset

    def __repr__(self) -> str:
        return ("PopCheckPoint [topic=%s, cid=%s, queueId=%d, startOffset=%d, bitMap=%d, num=%d, reviveTime=%d, "
                "reviveOffset=%d, diff=%s, brokerName=%s, rePutTimes=%s]" % (
                    self.topic, self.cid, self.queue_id, self.start_offset, self.bit_map, self.num,
                    self.get_revive_time(), self.revive_offset,
                    None if self.queue_offset_diff is None else "[%s]" % ", ".join(map(str, self.queue_offset_diff)),
                    self.broker_name, self.re_put_times))
