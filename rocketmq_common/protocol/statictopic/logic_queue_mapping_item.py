"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.statictopic.LogicQueueMappingItem``."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["LogicQueueMappingItem"]


class LogicQueueMappingItem(RemotingSerializable):
    """One generation of a logical queue: the physical queue ``queue_id`` of broker ``bname`` that holds the
    logical offsets from ``logic_offset`` on (-1 while a remapping has not fixed it yet). ``start_offset`` /
    ``end_offset`` bound the physical offsets used (``end_offset`` excluded, -1 while the item is the leader).
    Equal and hashed by every field, as in Java."""

    gen = Prop(int, 0)
    queue_id = Prop(int, 0)
    bname = Prop(str)
    logic_offset = Prop(int, 0)
    start_offset = Prop(int, 0)
    end_offset = Prop(int, -1)
    time_of_start = Prop(int, -1)
    time_of_end = Prop(int, -1)

    def get_gen(self) -> int: return self.gen
    def set_gen(self, gen: int) -> None: self.gen = gen
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_bname(self) -> str: return self.bname
    def set_bname(self, bname: Optional[str]) -> None: self.bname = bname
    def get_logic_offset(self) -> int: return self.logic_offset
    def set_logic_offset(self, logic_offset: int) -> None: self.logic_offset = logic_offset
    def get_start_offset(self) -> int: return self.start_offset
    def set_start_offset(self, start_offset: int) -> None: self.start_offset = start_offset
    def get_end_offset(self) -> int: return self.end_offset
    def set_end_offset(self, end_offset: int) -> None: self.end_offset = end_offset
    def get_time_of_start(self) -> int: return self.time_of_start
    def set_time_of_start(self, time_of_start: int) -> None: self.time_of_start = time_of_start
    def get_time_of_end(self) -> int: return self.time_of_end
    def set_time_of_end(self, time_of_end: int) -> None: self.time_of_end = time_of_end

    def __init__(self, gen: int = 0, queue_id: int = 0, bname: Optional[str] = None, logic_offset: int = 0,
                 start_offset: int = 0, end_offset: int = -1, time_of_start: int = -1, time_of_end: int = -1,
                 **kwargs: Any) -> None:
        super().__init__(gen=gen, queue_id=queue_id, bname=bname, logic_offset=logic_offset, start_offset=start_offset,
                         end_offset=end_offset, time_of_start=time_of_start, time_of_end=time_of_end, **kwargs)

    def compute_static_queue_offset_loosely(self, physical_queue_offset: int) -> int:
        """Java ``computeStaticQueueOffsetLoosely`` (for sends and min offsets): the logical offset of a physical
        one, clamped into this item's range; -1 while the logic offset is not decided."""
        if self.logic_offset < 0:
            return -1
        if physical_queue_offset < self.start_offset:
            return self.logic_offset
        if self.start_offset <= self.end_offset < physical_queue_offset:
            return self.logic_offset + (self.end_offset - self.start_offset)
        return self.logic_offset + (physical_queue_offset - self.start_offset)

    def compute_static_queue_offset_strictly(self, physical_queue_offset: int) -> int:
        """Java ``computeStaticQueueOffsetStrictly``: the logical offset of a physical one (not clamped above)."""
        assert self.logic_offset >= 0
        if physical_queue_offset < self.start_offset:
            return self.logic_offset
        return self.logic_offset + (physical_queue_offset - self.start_offset)

    def compute_physical_queue_offset(self, static_queue_offset: int) -> int:
        """Java ``computePhysicalQueueOffset``: the physical offset of a logical one."""
        return (static_queue_offset - self.logic_offset) + self.start_offset

    def compute_max_static_queue_offset(self) -> int:
        """Java ``computeMaxStaticQueueOffset``: the logical offset of this item's end (its start while open)."""
        if self.end_offset >= self.start_offset:
            return self.logic_offset + self.end_offset - self.start_offset
        return self.logic_offset

    def check_if_end_offset_decided(self) -> bool:
        """Java ``checkIfEndOffsetDecided`` (an item with ``end_offset == start_offset`` is to be deleted)."""
        return self.end_offset > self.start_offset

    def check_if_logicoffset_decided(self) -> bool:
        """Java ``checkIfLogicoffsetDecided``."""
        return self.logic_offset >= 0

    def compute_offset_delta(self) -> int:
        """Java ``computeOffsetDelta``: logical minus physical offset."""
        return self.logic_offset - self.start_offset

    def _key(self):
        return (self.gen, self.queue_id, self.bname, self.logic_offset, self.start_offset, self.end_offset,
                self.time_of_start, self.time_of_end)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, LogicQueueMappingItem) and self._key() == other._key())

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return ("LogicQueueMappingItem{gen=%d, queueId=%d, bname='%s', logicOffset=%d, startOffset=%d, endOffset=%d, "
                "timeOfStart=%d, timeOfEnd=%d}" % (self.gen, self.queue_id, self.bname, self.logic_offset,
                                                   self.start_offset, self.end_offset, self.time_of_start,
                                                   self.time_of_end))
