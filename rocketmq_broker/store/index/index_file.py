"""Java ``org.apache.rocketmq.store.index.IndexFile``: a hash-slot index file.

Layout (Java's): a 40-byte :class:`IndexHeader`, ``hash_slot_num`` 4-byte slots, then ``index_num`` 20-byte
entries: key hash (int), commit-log offset (long), seconds since the file's begin timestamp (int), previous
entry of the same slot (int). A slot holds the number of the last entry whose hash falls in it, so a lookup
walks the chain backwards (newest first). The file is created at its full size as a sparse file and memory
mapped. Difference from Java: the key hash is the CRC-32 of the UTF-8 key (Java: ``String.hashCode``, far
slower in Python); it is only compared with itself, so the format stays consistent.
"""
from __future__ import annotations

import logging
import mmap
import os
import struct
import sys
import zlib
from typing import List, Optional

from rocketmq_broker.store.mapped_file import allocate
from rocketmq_broker.store.index.index_header import INDEX_HEADER_LAYOUT, INDEX_HEADER_SIZE, IndexHeader
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["IndexFile"]

log = logging.getLogger(__name__)

_HASH_SLOT_SIZE = 4
_INDEX_SIZE = 20
_INVALID_INDEX = 0
_INT = struct.Struct(">i")
_ENTRY = struct.Struct(">iqii")
_crc32 = zlib.crc32
_INT_MAX = 0x7FFFFFFF
#: Linux writes back the dirty pages of shared mappings on fsync
_FSYNC_FLUSHES_MAPPINGS = sys.platform.startswith("linux")
#: ``madvise`` advice to read the hash slots in ahead (Python >= 3.8 on platforms that have it)
#: entry bytes allocated at once ahead of the appends
_ALLOCATE_AHEAD = 1024 * 1024
_MADV_WILLNEED = getattr(mmap, "MADV_WILLNEED", None) if hasattr(mmap.mmap, "madvise") else None


class IndexFile(Bean):
    """One index file (``index/<yyyyMMddHHmmssSSS>``)."""

    file_name = Prop(str, required=True)

    def get_file_name(self) -> str: return self.file_name
    def set_file_name(self, file_name: Optional[str]) -> None: self.file_name = file_name

    def __init__(self, file_name: str, hash_slot_num: int, index_num: int, end_phy_offset: int,
                 end_timestamp: int) -> None:
        self.file_name = file_name
        self.hash_slot_num = hash_slot_num
        self.index_num = index_num
        self.file_total_size = INDEX_HEADER_SIZE + hash_slot_num * _HASH_SLOT_SIZE + index_num * _INDEX_SIZE
        parent = os.path.dirname(file_name)
        if parent:
            os.makedirs(parent, exist_ok=True)
        is_new = not os.path.exists(file_name)
        self._fd = os.open(file_name, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if os.fstat(self._fd).st_size != self.file_total_size:
                # the header and hash slots (written at random) get their disk blocks now, the entries (appended)
                # as they come (put_key), so that a full disk is an error, never a SIGBUS on a write to a hole
                allocate(self._fd, 0, INDEX_HEADER_SIZE + hash_slot_num * _HASH_SLOT_SIZE)
                os.ftruncate(self._fd, self.file_total_size)
            self.mapped_byte_buffer = mmap.mmap(self._fd, self.file_total_size)
        except OSError:
            os.close(self._fd)
            if is_new:
                os.remove(file_name)
            raise
        self._entries_base = INDEX_HEADER_SIZE + hash_slot_num * _HASH_SLOT_SIZE
        #: the end of the entries whose disk blocks are allocated (0: not known yet)
        self._allocated = 0
        self._allocate_failing = False
        if _MADV_WILLNEED is not None:
            # the slots are written at random: read them (holes: zero pages) into the page cache now, in one
            # call, rather than one page fault at a time on the put path
            self.mapped_byte_buffer.madvise(_MADV_WILLNEED, 0, self._entries_base)
        self.index_header = IndexHeader(self.mapped_byte_buffer)
        if end_phy_offset > 0:
            self.index_header.set_begin_phy_offset(end_phy_offset)
            self.index_header.set_end_phy_offset(end_phy_offset)
        if end_timestamp > 0:
            self.index_header.set_begin_timestamp(end_timestamp)
            self.index_header.set_end_timestamp(end_timestamp)

    def load(self) -> None:
        """Java ``load``: read the header."""
        self.index_header.load()

    def flush(self) -> None:
        """Java ``flush``: write the mapped pages to disk (the header is written through on every change, so
        unlike Java it is not rewritten here, which could race with a concurrent put). On Linux an ``fsync``
        of the file does it without holding the GIL (``mmap.flush`` holds it for the whole msync)."""
        if self.mapped_byte_buffer.closed:
            return
        if _FSYNC_FLUSHES_MAPPINGS:
            os.fsync(self._fd)
        else:
            self.mapped_byte_buffer.flush()

    def is_write_full(self) -> bool:
        """Java ``isWriteFull``."""
        return self.index_header.index_count >= self.index_num

    def close(self) -> None:
        """Unmap and close the file."""
        if not self.mapped_byte_buffer.closed:
            self.mapped_byte_buffer.close()
            os.close(self._fd)

    def destroy(self) -> bool:
        """Java ``destroy``: unmap and delete."""
        self.close()
        try:
            os.remove(self.file_name)
        except FileNotFoundError:
            log.info("index file %s already deleted", self.file_name)
        return True

    @staticmethod
    def index_key_hash_method(key: str) -> int:
        """Java ``indexKeyHashMethod``: a non-negative hash of the key (CRC-32 here, see the module doc)."""
        return zlib.crc32(key.encode("utf-8")) & _INT_MAX

    def put_key(self, key: str, phy_offset: int, store_timestamp: int) -> bool:
        """Java ``putKey``: add an entry; False when the file is full."""
        header = self.index_header
        index_count = header.index_count
        if index_count >= self.index_num:
            log.warning("Over index file capacity: index count = %d; index max num = %d", index_count, self.index_num)
            return False
        buf = self.mapped_byte_buffer
        key_hash = _crc32(key.encode("utf-8")) & _INT_MAX
        abs_slot_pos = INDEX_HEADER_SIZE + (key_hash % self.hash_slot_num) * _HASH_SLOT_SIZE
        slot_value = _INT.unpack_from(buf, abs_slot_pos)[0]
        if slot_value <= _INVALID_INDEX or slot_value > index_count:
            slot_value = _INVALID_INDEX
        begin_timestamp = header.begin_timestamp
        time_diff = (store_timestamp - begin_timestamp) // 1000
        if begin_timestamp <= 0 or time_diff < 0:
            time_diff = 0
        elif time_diff > _INT_MAX:
            time_diff = _INT_MAX
        entry_pos = self._entries_base + index_count * _INDEX_SIZE
        if entry_pos + _INDEX_SIZE > self._allocated:
            stop = min(self.file_total_size, entry_pos + _ALLOCATE_AHEAD)
            try:
                allocate(self._fd, entry_pos, stop - entry_pos)
            except OSError as e:  # the record is stored; only its index entry is lost
                if not self._allocate_failing:
                    log.error("no disk space for index entries in %s (from key %s at %d on): %s", self.file_name,
                              key, phy_offset, e)
                self._allocate_failing = True
                return True
            self._allocate_failing = False
            self._allocated = stop
        _ENTRY.pack_into(buf, entry_pos, key_hash, phy_offset, time_diff, slot_value)
        _INT.pack_into(buf, abs_slot_pos, index_count)
        # the header changes (written through to the buffer in one go): the first entry sets the begin fields,
        # a new slot counts, the index count grows, the end fields move
        if index_count <= 1:
            header.begin_phy_offset = phy_offset
            header.begin_timestamp = begin_timestamp = store_timestamp
        if slot_value == _INVALID_INDEX:
            header.hash_slot_count += 1
        index_count += 1
        header.index_count = index_count
        header.end_phy_offset = phy_offset
        header.end_timestamp = store_timestamp
        INDEX_HEADER_LAYOUT.pack_into(buf, 0, begin_timestamp, store_timestamp, header.begin_phy_offset, phy_offset,
                                      header.hash_slot_count, index_count)
        return True

    def get_begin_timestamp(self) -> int:
        """Java ``getBeginTimestamp``."""
        return self.index_header.begin_timestamp

    def get_end_timestamp(self) -> int:
        """Java ``getEndTimestamp``."""
        return self.index_header.end_timestamp

    def get_begin_phy_offset(self) -> int:
        """Java ``getBeginPhyOffset`` (on the header in Java)."""
        return self.index_header.begin_phy_offset

    def get_end_phy_offset(self) -> int:
        """Java ``getEndPhyOffset``."""
        return self.index_header.end_phy_offset

    def get_index_count(self) -> int:
        """Entries written plus one (entry 0 is never used), Java ``IndexHeader.getIndexCount``."""
        return self.index_header.index_count

    def is_time_matched(self, begin: int, end: int) -> bool:
        """Java ``isTimeMatched``: the file's time range overlaps ``[begin, end]``."""
        b = self.index_header.begin_timestamp
        e = self.index_header.end_timestamp
        return (begin < b and end > e) or b <= begin <= e or b <= end <= e

    def select_phy_offset(self, phy_offsets: List[int], key: str, max_num: int, begin: int, end: int) -> None:
        """Java ``selectPhyOffset``: append the offsets of entries with the key's hash stored in
        ``[begin, end]``, newest first, until ``max_num`` offsets are collected."""
        buf = self.mapped_byte_buffer
        if buf.closed:
            return
        header = self.index_header
        key_hash = self.index_key_hash_method(key)
        abs_slot_pos = INDEX_HEADER_SIZE + (key_hash % self.hash_slot_num) * _HASH_SLOT_SIZE
        index_count = header.index_count
        slot_value = _INT.unpack_from(buf, abs_slot_pos)[0]
        if slot_value <= _INVALID_INDEX or slot_value > index_count or index_count <= 1:
            return
        next_index = slot_value
        while len(phy_offsets) < max_num:
            hash_read, phy_offset_read, time_diff, prev_index = _ENTRY.unpack_from(
                buf, self._entries_base + next_index * _INDEX_SIZE)
            if time_diff < 0:
                break
            time_read = header.begin_timestamp + time_diff * 1000
            if hash_read == key_hash and begin <= time_read <= end:
                phy_offsets.append(phy_offset_read)
            if prev_index <= _INVALID_INDEX or prev_index > index_count or prev_index == next_index \
                    or time_read < begin:
                break
            next_index = prev_index

    def __repr__(self) -> str:
        return self.file_name

