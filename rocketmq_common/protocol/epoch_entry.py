"""Java ``org.apache.rocketmq.remoting.protocol.EpochEntry`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["EpochEntry"]

_LONG_MAX = (1 << 63) - 1


class EpochEntry(RemotingSerializable):
    """One epoch of a controller-mode broker's commit log: from ``start_offset`` to ``end_offset``."""

    epoch = Prop(int, 0)
    start_offset = Prop(int, 0)
    end_offset = Prop(int, _LONG_MAX)

    def get_epoch(self) -> int: return self.epoch
    def set_epoch(self, epoch: int) -> None: self.epoch = epoch
    def get_start_offset(self) -> int: return self.start_offset
    def set_start_offset(self, start_offset: int) -> None: self.start_offset = start_offset
    def get_end_offset(self) -> int: return self.end_offset
    def set_end_offset(self, end_offset: int) -> None: self.end_offset = end_offset

    def __str__(self) -> str:
        """Java ``toString``: ``EpochEntry{epoch=1, startOffset=0, endOffset=100}``."""
        return "EpochEntry{epoch=%d, startOffset=%d, endOffset=%d}" % (self.epoch, self.start_offset,
                                                                       self.end_offset)
