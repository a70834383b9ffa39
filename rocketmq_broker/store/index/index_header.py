"""Java ``org.apache.rocketmq.store.index.IndexHeader``: the 40-byte header of an index file."""
from __future__ import annotations

import struct
from typing import Any

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["IndexHeader", "INDEX_HEADER_SIZE", "INDEX_HEADER_LAYOUT"]

#: Java ``INDEX_HEADER_SIZE``
INDEX_HEADER_SIZE = 40

_BEGIN_TIMESTAMP = struct.Struct(">q")  # at 0; endTimestamp at 8, beginPhyOffset at 16, endPhyOffset at 24
_INT = struct.Struct(">i")  # hashSlotCount at 32, indexCount at 36
#: the header's fields in order: begin/end timestamp, begin/end phy offset, hash slot count, index count
INDEX_HEADER_LAYOUT = _LAYOUT = struct.Struct(">qqqqii")


class IndexHeader(Bean):
    """Header fields, mirrored into the mapped buffer on every change (Java writes through too)."""

    begin_timestamp = Prop(int, 0)
    end_timestamp = Prop(int, 0)
    begin_phy_offset = Prop(int, 0)
    end_phy_offset = Prop(int, 0)
    hash_slot_count = Prop(int, 0)
    index_count = Prop(int, 1)

    def get_begin_timestamp(self) -> int: return self.begin_timestamp
    def get_end_timestamp(self) -> int: return self.end_timestamp
    def get_begin_phy_offset(self) -> int: return self.begin_phy_offset
    def get_end_phy_offset(self) -> int: return self.end_phy_offset
    def get_hash_slot_count(self) -> int: return self.hash_slot_count
    def set_hash_slot_count(self, hash_slot_count: int) -> None: self.hash_slot_count = hash_slot_count
    def get_index_count(self) -> int: return self.index_count
    def set_index_count(self, index_count: int) -> None: self.index_count = index_count

    def __init__(self, byte_buffer: Any) -> None:
        self.byte_buffer = byte_buffer
        self.begin_timestamp = 0
        self.end_timestamp = 0
        self.begin_phy_offset = 0
        self.end_phy_offset = 0
        self.hash_slot_count = 0
        self.index_count = 1

    def load(self) -> None:
        """Java ``load``: read the header (an index count below 1 reads as 1: entry 0 is never used)."""
        (self.begin_timestamp, self.end_timestamp, self.begin_phy_offset, self.end_phy_offset,
         self.hash_slot_count, self.index_count) = _LAYOUT.unpack_from(self.byte_buffer, 0)
        if self.index_count <= 0:
            self.index_count = 1

    def update_byte_buffer(self) -> None:
        """Java ``updateByteBuffer``: write every field."""
        _LAYOUT.pack_into(self.byte_buffer, 0, self.begin_timestamp, self.end_timestamp, self.begin_phy_offset,
                          self.end_phy_offset, self.hash_slot_count, self.index_count)

    def set_begin_timestamp(self, value: int) -> None:
        """Java ``setBeginTimestamp``."""
        self.begin_timestamp = value
        _BEGIN_TIMESTAMP.pack_into(self.byte_buffer, 0, value)

    def set_end_timestamp(self, value: int) -> None:
        """Java ``setEndTimestamp``."""
        self.end_timestamp = value
        _BEGIN_TIMESTAMP.pack_into(self.byte_buffer, 8, value)

    def set_begin_phy_offset(self, value: int) -> None:
        """Java ``setBeginPhyOffset``."""
        self.begin_phy_offset = value
        _BEGIN_TIMESTAMP.pack_into(self.byte_buffer, 16, value)

    def set_end_phy_offset(self, value: int) -> None:
        """Java ``setEndPhyOffset``."""
        self.end_phy_offset = value
        _BEGIN_TIMESTAMP.pack_into(self.byte_buffer, 24, value)

    def inc_hash_slot_count(self) -> None:
        """Java ``incHashSlotCount``."""
        self.hash_slot_count += 1
        _INT.pack_into(self.byte_buffer, 32, self.hash_slot_count)

    def inc_index_count(self) -> None:
        """Java ``incIndexCount``."""
        self.index_count += 1
        _INT.pack_into(self.byte_buffer, 36, self.index_count)
