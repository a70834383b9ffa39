"""Java ``org.apache.rocketmq.store.MappedFile``: one segment file of a commit log or consume queue.

Unlike Java's memory-mapped, preallocated segments, the file grows as data is appended (``os.pwrite`` at the
write position, readable by other threads as soon as the call returns, durable across a kill -9 because the
data is in the OS page cache) and is fsynced by :meth:`flush`. The file is named by the 20-digit offset of its
first byte in the whole queue, and is "full" at ``file_size`` bytes (a commit-log segment that ends with the
end-of-file marker is extended to ``file_size`` with a sparse hole, so finished segments look like Java's).
"""
from __future__ import annotations

import logging
import os
import threading
from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MappedFile"]

log = logging.getLogger(__name__)

#: Java ``OS_PAGE_SIZE``
OS_PAGE_SIZE = 1024 * 4

_fsync = getattr(os, "fdatasync", os.fsync)


class MappedFile(Bean):
    """A segment file: append, read, flush, truncate, delete."""

    OS_PAGE_SIZE = OS_PAGE_SIZE

    file_name = Prop(str)
    file_size = Prop(int, 0)
    file_from_offset = Prop(int, 0)
    #: bytes of valid data (Java wrotePosition; also the read and committed position here)
    wrote_position = Prop(int, 0)
    flushed_position = Prop(int, 0)
    #: store time of the last record appended
    store_timestamp = Prop(int, 0)
    first_create_in_queue = Prop(bool, False)

    def __init__(self, file_name: str, file_size: int) -> None:
        self.file_name = file_name
        self.file_size = file_size
        self.file_from_offset = int(os.path.basename(file_name))
        parent = os.path.dirname(file_name)
        if parent:
            os.makedirs(parent, exist_ok=True)
        self._fd = os.open(file_name, os.O_RDWR | os.O_CREAT, 0o644)
        length = os.fstat(self._fd).st_size
        self.wrote_position = min(length, file_size)
        self.flushed_position = self.wrote_position
        self.store_timestamp = 0
        self.first_create_in_queue = False
        self._available = True
        self._closed = False
        self._ref_count = 0
        self._ref_lock = threading.Lock()
        self._flush_lock = threading.Lock()

    # ------------------------------------------------------------------ state

    def get_read_position(self) -> int:
        """Java ``getReadPosition``: the end of readable data."""
        return self.wrote_position

    def is_full(self) -> bool:
        """Java ``isFull``."""
        return self.wrote_position == self.file_size

    def is_available(self) -> bool:
        """Java ``isAvailable``: not shut down nor destroyed."""
        return self._available

    def get_last_modified_timestamp(self) -> int:
        """Java ``getLastModifiedTimestamp``: the file's mtime in ms."""
        try:
            return int(os.path.getmtime(self.file_name) * 1000)
        except OSError:
            return 0

    # ------------------------------------------------------------------ write

    def append_message(self, data: bytes) -> bool:
        """Java ``appendMessage(byte[])``: append if it fits."""
        pos = self.wrote_position
        if pos + len(data) > self.file_size:
            return False
        os.pwrite(self._fd, data, pos)
        self.wrote_position = pos + len(data)
        return True

    def write_at(self, data: bytes, pos: int) -> None:
        """Write ``data`` at ``pos`` (the caller checked the space) and move the write position after it."""
        os.pwrite(self._fd, data, pos)
        self.wrote_position = pos + len(data)

    def fill_to_end(self) -> None:
        """Mark the segment full: extend the file to ``file_size`` (a sparse hole after the data)."""
        if os.fstat(self._fd).st_size < self.file_size:
            os.ftruncate(self._fd, self.file_size)
        self.wrote_position = self.file_size

    def truncate(self, pos: int) -> None:
        """Drop everything from ``pos`` on (recovery of a torn tail): the file is cut to ``pos`` bytes."""
        os.ftruncate(self._fd, pos)
        self.wrote_position = pos
        self.flushed_position = min(self.flushed_position, pos)
        _fsync(self._fd)

    def flush(self, flush_least_pages: int = 0) -> int:
        """Java ``flush``: fsync if at least ``flush_least_pages`` pages (any data when 0) are unflushed;
        returns the flushed position."""
        with self._flush_lock:
            value = self.wrote_position
            if self._is_able_to_flush(value, flush_least_pages) and self.hold():
                try:
                    _fsync(self._fd)
                    self.flushed_position = value
                except OSError:
                    log.exception("Error occurred when force data to disk: %s", self.file_name)
                finally:
                    self.release()
            return self.flushed_position

    def _is_able_to_flush(self, write: int, flush_least_pages: int) -> bool:
        flush = self.flushed_position
        if write == self.file_size and flush < write:
            return True
        if flush_least_pages > 0:
            return (write // OS_PAGE_SIZE) - (flush // OS_PAGE_SIZE) >= flush_least_pages
        return write > flush

    # ------------------------------------------------------------------ read

    def read(self, pos: int, size: int) -> bytes:
        """Raw read of up to ``size`` bytes at ``pos`` (no check against the write position; empty when
        the file is closed)."""
        if not self.hold():
            return b""
        try:
            return os.pread(self._fd, size, pos)
        finally:
            self.release()

    def select_mapped_buffer(self, pos: int, size: Optional[int] = None) -> Optional[bytes]:
        """Java ``selectMappedBuffer``: ``size`` bytes at ``pos`` (all readable bytes from ``pos`` when
        ``size`` is None), or None when that range is not (fully) written or the file is closed."""
        read_position = self.wrote_position
        if size is None:
            if pos < 0 or pos >= read_position:
                return None
            size = read_position - pos
        elif pos < 0 or pos + size > read_position:
            log.debug("selectMappedBuffer request pos invalid, request pos: %d, size: %d, fileFromOffset: %d",
                      pos, size, self.file_from_offset)
            return None
        if not self.hold():
            return None
        try:
            data = os.pread(self._fd, size, pos)
        finally:
            self.release()
        return data if len(data) == size else None

    # ------------------------------------------------------------------ life cycle

    def hold(self) -> bool:
        """Java ``ReferenceResource.hold``: take a reference unless the file is shut down."""
        with self._ref_lock:
            if not self._available:
                return False
            self._ref_count += 1
            return True

    def release(self) -> None:
        """Java ``ReferenceResource.release``: the last release after :meth:`shutdown` closes the file."""
        with self._ref_lock:
            self._ref_count -= 1
            self._close_if_unused()

    def _close_if_unused(self) -> None:
        if not self._available and self._ref_count <= 0 and not self._closed:
            self._closed = True
            os.close(self._fd)

    def shutdown(self) -> None:
        """Java ``shutdown``: refuse new reads and close the file once the current ones are done (callers
        stop writing first)."""
        with self._ref_lock:
            self._available = False
            self._close_if_unused()

    def is_cleanup_over(self) -> bool:
        """Java ``isCleanupOver``: shut down and closed."""
        return self._closed

    def destroy(self) -> bool:
        """Java ``destroy``: close and delete the file."""
        self.shutdown()
        try:
            os.remove(self.file_name)
            log.info("delete file %s OK, W:%d M:%d", self.file_name, self.wrote_position, self.flushed_position)
        except FileNotFoundError:
            log.info("delete file %s: already gone", self.file_name)
        return True

    def __repr__(self) -> str:
        return self.file_name
