"""Java ``org.apache.rocketmq.store.MappedFile``: one segment file of a commit log or consume queue.

Unlike Java's memory-mapped, preallocated segments, the file grows as data is appended and is fsynced by
:meth:`flush`. The file is named by the 20-digit offset of its first byte in the whole queue, and is "full" at
``file_size`` bytes (a commit-log segment that ends with the end-of-file marker is extended to ``file_size`` with
a sparse hole, so finished segments look like Java's).

A segment created with ``buffered=True`` keeps its appends in a write buffer, as Java's ``writeBuffer`` of the
transient store pool does: they are readable by other threads at once (reads merge the file and the buffer), and
:meth:`commit` writes the buffer to the file (one ``os.pwrite``; Java's ``commit``) - when it holds
``COMMIT_THRESHOLD`` bytes, before every :meth:`flush` (so the flush services bound the time data stays in
memory), and before the file is filled, truncated or shut down. A system call per append releases the GIL under
the store's put lock, which costs far more than the write; the price is that a process crash loses what is still
buffered. Consume queues are always buffered (recovery rebuilds them from the commit log); the commit log only
with ``transientStorePoolEnable``. Without a buffer each append is one ``os.pwrite`` at the write position: in the
OS page cache when it returns, so it survives a kill -9.
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
_pwrite = os.pwrite
_pread = os.pread

#: buffered bytes that make an append commit them to the file at once
COMMIT_THRESHOLD = 64 * 1024


class MappedFile(Bean):
    """A segment file: append, read, flush, truncate, delete."""

    OS_PAGE_SIZE = OS_PAGE_SIZE

    file_name = Prop(str)
    file_size = Prop(int, 0)
    file_from_offset = Prop(int, 0)
    #: bytes of valid data, readable (Java wrotePosition)
    wrote_position = Prop(int, 0)
    #: bytes in the file; the rest, up to ``wrote_position``, is in the write buffer (Java committedPosition)
    committed_position = Prop(int, 0)
    flushed_position = Prop(int, 0)
    #: store time of the last record appended
    store_timestamp = Prop(int, 0)
    first_create_in_queue = Prop(bool, False)

    def __init__(self, file_name: str, file_size: int, buffered: bool = False) -> None:
        self.file_name = file_name
        self.buffered = buffered
        self.file_size = file_size
        self.file_from_offset = int(os.path.basename(file_name))
        parent = os.path.dirname(file_name)
        if parent:
            os.makedirs(parent, exist_ok=True)
        self._fd = os.open(file_name, os.O_RDWR | os.O_CREAT, 0o644)
        length = os.fstat(self._fd).st_size
        self.wrote_position = min(length, file_size)
        self.committed_position = self.wrote_position
        self.flushed_position = self.wrote_position
        self._write_buffer = bytearray()
        #: held while the buffer moves to the file, and by reads that need the buffer
        self._commit_lock = threading.Lock()
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
        """Java ``appendMessage(byte[])``: append if it fits (one writer at a time)."""
        pos = self.wrote_position
        if pos + len(data) > self.file_size:
            return False
        self.write_at(data, pos)
        return True

    def write_at(self, data: bytes, pos: int) -> None:
        """Append ``data``, which starts at ``pos``, the write position (the caller checked the space; one
        writer at a time)."""
        if not self.buffered:
            _pwrite(self._fd, data, pos)
            self.committed_position = self.wrote_position = pos + len(data)
            return
        if pos != self.wrote_position:
            raise ValueError("append at %d, but the write position of %s is %d" % (pos, self.file_name,
                                                                                    self.wrote_position))
        buffer = self._write_buffer
        buffer += data
        self.wrote_position = pos + len(data)
        if len(buffer) >= COMMIT_THRESHOLD:
            self.commit()

    def commit(self) -> int:
        """Java ``commit``: write the buffered bytes to the file; the committed position."""
        with self._commit_lock:
            buffer = self._write_buffer
            if buffer and self.hold():
                try:
                    data = bytes(buffer)
                    pos = self.committed_position
                    view = memoryview(data)
                    done = 0
                    while done < len(data):
                        done += _pwrite(self._fd, view[done:], pos + done)
                    self.committed_position = pos + len(data)
                    del buffer[:len(data)]
                finally:
                    self.release()
            return self.committed_position

    def fill_to_end(self) -> None:
        """Mark the segment full: extend the file to ``file_size`` (a sparse hole after the data)."""
        self.commit()
        if os.fstat(self._fd).st_size < self.file_size:
            os.ftruncate(self._fd, self.file_size)
        self.committed_position = self.wrote_position = self.file_size

    def truncate(self, pos: int) -> None:
        """Drop everything from ``pos`` on (recovery of a torn tail): the file is cut to ``pos`` bytes."""
        self.commit()
        os.ftruncate(self._fd, pos)
        self.committed_position = self.wrote_position = pos
        self.flushed_position = min(self.flushed_position, pos)
        _fsync(self._fd)

    def flush(self, flush_least_pages: int = 0) -> int:
        """Java ``flush``: commit the buffer, then fsync if at least ``flush_least_pages`` pages (any data
        when 0) are unflushed; returns the flushed position."""
        with self._flush_lock:
            value = self.commit()
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
            if pos + size <= self.committed_position:
                return _pread(self._fd, size, pos)
            return self._read_buffered(pos, size)
        finally:
            self.release()

    def _read_buffered(self, pos: int, size: int) -> bytes:
        """Up to ``size`` bytes at ``pos`` from the file and the write buffer (called holding a reference)."""
        with self._commit_lock:
            committed = self.committed_position
            if pos >= committed:
                start = pos - committed
                return bytes(self._write_buffer[start:start + size])
            head = _pread(self._fd, min(size, committed - pos), pos)
            if len(head) < committed - pos or pos + size <= committed:
                return head
            return head + self._write_buffer[:pos + size - committed]

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
            if pos + size <= self.committed_position:
                data = _pread(self._fd, size, pos)
            else:
                data = self._read_buffered(pos, size)
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
        """Java ``shutdown``: commit the buffer, refuse new reads and close the file once the current ones are
        done (callers stop writing first)."""
        if self._available:
            self.commit()
        with self._ref_lock:
            self._available = False
            self._close_if_unused()

    def is_cleanup_over(self) -> bool:
        """Java ``isCleanupOver``: shut down and closed."""
        return self._closed

    def destroy(self) -> bool:
        """Java ``destroy``: close and delete the file."""
        with self._commit_lock:
            self._write_buffer.clear()
            self.committed_position = self.wrote_position
        self.shutdown()
        try:
            os.remove(self.file_name)
            log.info("delete file %s OK, W:%d M:%d", self.file_name, self.wrote_position, self.flushed_position)
        except FileNotFoundError:
            log.info("delete file %s: already gone", self.file_name)
        return True

    def __repr__(self) -> str:
        return self.file_name
