"""Java ``org.apache.rocketmq.store.MappedFile``: one segment file of a commit log or consume queue.

The file is named by the 20-digit offset of its first byte in the whole queue and is "full" at ``file_size``
bytes. A segment has one of two write paths:

* memory-mapped (the default; the commit log unless ``transientStorePoolEnable``), like Java's: the file is
  preallocated to ``file_size`` (a sparse hole; a shorter file is extended on open) and mapped whole with
  :mod:`mmap`, and an append is a copy into the map - into the OS page cache, so it survives a kill -9, with no
  system call (one per append would release the GIL under the store's put lock, which costs far more than the
  write). The file length says nothing about the data: on open ``wrote_position`` is the file length and the
  commit-log recovery finds the end of the records and cuts the segment there (:meth:`truncate`
  zeroes the rest). The disk blocks are allocated (``posix_fallocate``) ``ALLOCATE_AHEAD`` bytes at a time
  before the appends reach them, keeping ``DISK_RESERVE`` bytes of the file system free for the consume queues,
  index and config: a full disk is an ``OSError`` before anything is written, never a SIGBUS on a write to a
  hole (a whole segment is not allocated at creation: its 1 GiB would be taken from the disk however little is
  written to it).
  :meth:`flush` is ``fdatasync`` of the file where the OS has it (Linux: it covers the map, and releases the
  GIL), else ``mmap.flush``.
* buffered (``buffered=True``; consume queues always, the commit log with ``transientStorePoolEnable``): the
  file grows as data is appended, and the appends stay in a write buffer, as Java's ``writeBuffer`` of the
  transient store pool does. They are readable by other threads at once (reads merge the file and the buffer),
  and :meth:`commit` writes the buffer to the file (one ``os.pwrite``; Java's ``commit``) - when it holds
  ``COMMIT_THRESHOLD`` bytes, before every :meth:`flush` (so the flush services bound the time data stays in
  memory), and before the file is filled, truncated or shut down. A process crash loses what is still buffered
  (consume queues are rebuilt from the commit log by recovery); a write that fails (a full disk) keeps the bytes
  buffered for the next commit (:meth:`has_uncommitted_data`), and a commit-log segment refuses appends until a
  commit succeeds (``refuse_unwritten``), so memory does not grow with a full disk. A full buffered commit-log
  segment is extended to ``file_size`` with a sparse hole, so finished segments look like Java's.
"""
from __future__ import annotations

import errno
import logging
import mmap
import os
import threading
from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["MappedFile"]

log = logging.getLogger(__name__)

#: Java ``OS_PAGE_SIZE``
OS_PAGE_SIZE = 1024 * 4

_fdatasync = getattr(os, "fdatasync", None)
_fsync = _fdatasync or os.fsync

#: buffered bytes that make an append commit them to the file at once
COMMIT_THRESHOLD = 64 * 1024
#: disk space a memory-mapped segment allocates at once ahead of its appends
ALLOCATE_AHEAD = 4 * 1024 * 1024
#: free space an allocation leaves on the file system, for the consume queues, index and config files
DISK_RESERVE = 4 * 1024 * 1024

_posix_fallocate = getattr(os, "posix_fallocate", None)


def allocate(fd: int, offset: int, length: int, keep_free: int = 0) -> None:
    """Give ``length`` bytes at ``offset`` of the file ``fd`` their disk blocks (``posix_fallocate``), so that a
    write through a memory map there cannot fault: raises ``OSError`` (``ENOSPC``) when the file system lacks the
    space, or would keep less than ``keep_free`` bytes free after it. Where the OS or file system cannot
    preallocate, the space is only checked."""
    if keep_free:
        st = os.fstatvfs(fd)
        if st.f_bavail * st.f_frsize < length + keep_free:
            raise OSError(errno.ENOSPC, "%d bytes free, %d needed with the reserve of %d" % (
                st.f_bavail * st.f_frsize, length + keep_free, keep_free))
    if _posix_fallocate is not None:
        try:
            _posix_fallocate(fd, offset, length)
        except OSError as e:
            if e.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
                raise


def is_disk_full_error(e: BaseException) -> bool:
    """An ``OSError`` of a file system out of space (or quota)."""
    return isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT)


class MappedFile(Bean):
    """A segment file: append, read, flush, truncate, delete."""

    OS_PAGE_SIZE = OS_PAGE_SIZE

    file_name = Prop(str)
    file_size = Prop(int, 0)
    file_from_offset = Prop(int, 0)
    #: bytes of valid data, readable (Java wrotePosition)
    wrote_position = Prop(int, 0)
    #: bytes in the file or the map; the rest, up to ``wrote_position``, is in the write buffer (Java
    #: committedPosition)
    committed_position = Prop(int, 0)
    flushed_position = Prop(int, 0)
    #: store time of the last record appended
    store_timestamp = Prop(int, 0)
    first_create_in_queue = Prop(bool, False)

    def get_file_name(self) -> str: return self.file_name
    def set_file_name(self, file_name: Optional[str]) -> None: self.file_name = file_name
    def get_file_size(self) -> int: return self.file_size
    def set_file_size(self, file_size: int) -> None: self.file_size = file_size
    def get_file_from_offset(self) -> int: return self.file_from_offset
    def set_file_from_offset(self, file_from_offset: int) -> None: self.file_from_offset = file_from_offset
    def get_wrote_position(self) -> int: return self.wrote_position
    def set_wrote_position(self, wrote_position: int) -> None: self.wrote_position = wrote_position
    def get_committed_position(self) -> int: return self.committed_position
    def set_committed_position(self, committed_position: int) -> None: self.committed_position = committed_position
    def get_flushed_position(self) -> int: return self.flushed_position
    def set_flushed_position(self, flushed_position: int) -> None: self.flushed_position = flushed_position
    def get_store_timestamp(self) -> int: return self.store_timestamp
    def set_store_timestamp(self, store_timestamp: int) -> None: self.store_timestamp = store_timestamp
    def get_first_create_in_queue(self) -> bool: return self.first_create_in_queue
    def is_first_create_in_queue(self) -> bool: return self.first_create_in_queue
    def set_first_create_in_queue(self, first_create_in_queue: bool) -> None:
        self.first_create_in_queue = first_create_in_queue

    def __init__(self, file_name: str, file_size: int, buffered: bool = False, refuse_unwritten: bool = False
                 ) -> None:
        self.file_name = file_name
        self.buffered = buffered
        #: a buffered segment refuses appends while its buffer cannot be written (the commit log's: its appends
        #: are refused then; a consume queue's entries of stored records are kept instead)
        self.refuse_unwritten = refuse_unwritten
        self.file_size = file_size
        self.file_from_offset = int(os.path.basename(file_name))
        parent = os.path.dirname(file_name)
        if parent:
            os.makedirs(parent, exist_ok=True)
        self._fd = os.open(file_name, os.O_RDWR | os.O_CREAT, 0o644)
        length = os.fstat(self._fd).st_size
        self.wrote_position = min(length, file_size)
        #: the whole segment mapped, None when buffered
        self._map: Optional[mmap.mmap] = None
        #: the end of the part of a memory-mapped segment whose disk blocks are allocated (see write_at)
        self._allocated = 0
        if not buffered:
            try:
                if length < file_size:
                    os.ftruncate(self._fd, file_size)
                self._map = mmap.mmap(self._fd, file_size)
            except (OSError, ValueError):
                os.close(self._fd)
                raise
        self.committed_position = self.wrote_position
        self.flushed_position = self.wrote_position
        self._write_buffer = bytearray()
        self._commit_failing = False
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

    def get_mapped_byte_buffer(self) -> Optional[mmap.mmap]:
        """Java ``getMappedByteBuffer``: the segment's memory map (None for a buffered segment)."""
        return self._map

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
        writer at a time). The write position moves after the copy, so readers never see a partial record."""
        mapped = self._map
        if mapped is not None:
            end = pos + len(data)
            if end > self._allocated:
                self._allocate_to(end)
            mapped[pos:end] = data
            self.committed_position = self.wrote_position = end
            return
        if pos != self.wrote_position:
            raise ValueError("append at %d, but the write position of %s is %d" % (pos, self.file_name,
                                                                                    self.wrote_position))
        if self._commit_failing and self.refuse_unwritten:
            raise OSError(errno.ENOSPC, "%d appended bytes of %s cannot be written" % (len(self._write_buffer),
                                                                                       self.file_name))
        buffer = self._write_buffer
        buffer += data
        self.wrote_position = pos + len(data)
        if len(buffer) >= COMMIT_THRESHOLD:
            self.commit()

    def _allocate_to(self, end: int) -> None:
        """Allocate the disk blocks up to ``end`` and ``ALLOCATE_AHEAD`` beyond (to the segment's end at most)
        before a write through the map reaches them: a full disk is then an ``OSError`` here, before anything is
        written, never a SIGBUS on the write. (The file is a sparse hole until then, as Java's.)"""
        start = self._allocated - self._allocated % OS_PAGE_SIZE
        stop = min(self.file_size, max(end, start + ALLOCATE_AHEAD))
        allocate(self._fd, start, stop - start, DISK_RESERVE)
        self._allocated = stop

    def has_uncommitted_data(self) -> bool:
        """Buffered appends a commit could not write to the file (a full disk)."""
        return bool(self._write_buffer)

    def commit(self) -> int:
        """Java ``commit``: write the buffered bytes to the file; the committed position. A write error (a full
        disk) is logged and the bytes stay buffered (readable) for the next commit."""
        if self._map is not None:
            return self.committed_position
        with self._commit_lock:
            buffer = self._write_buffer
            if buffer and self.hold():
                data = bytes(buffer)
                pos = self.committed_position
                done = 0
                try:
                    if self.refuse_unwritten:  # keep the reserve, as the memory-mapped appends do
                        allocate(self._fd, pos, len(data), DISK_RESERVE)
                    view = memoryview(data)
                    while done < len(data):
                        done += os.pwrite(self._fd, view[done:], pos + done)
                except OSError as e:
                    if not self._commit_failing:
                        log.error("cannot write %d bytes to %s at %d, kept in memory: %s", len(data) - done,
                                  self.file_name, pos + done, e)
                    self._commit_failing = True
                else:
                    if self._commit_failing:
                        log.info("%s is written again", self.file_name)
                    self._commit_failing = False
                finally:
                    self.committed_position = pos + done
                    del buffer[:done]
                    self.release()
            return self.committed_position

    def fill_to_end(self) -> None:
        """Mark the segment full (a buffered segment's file is extended to ``file_size``: a sparse hole after
        the data)."""
        if self._map is None:
            self.commit()
            if os.fstat(self._fd).st_size < self.file_size:
                os.ftruncate(self._fd, self.file_size)
        self.committed_position = self.wrote_position = self.file_size

    def truncate(self, pos: int) -> None:
        """Drop everything from ``pos`` on (recovery of a torn tail; no concurrent readers): a buffered
        segment's file is cut to ``pos`` bytes, a mapped one is unmapped, cut and extended again, which zeroes
        the rest (a sparse hole)."""
        if self._map is not None:
            self._map.close()
            os.ftruncate(self._fd, pos)
            os.ftruncate(self._fd, self.file_size)
            self._map = mmap.mmap(self._fd, self.file_size)
            self._allocated = pos  # the blocks before it (the cut freed those after)
        else:
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
                    if self._map is not None and _fdatasync is None:
                        self._map.flush()
                    else:
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
        the file is closed). A memory-mapped segment is read with ``pread`` too: recovery reads past the data,
        and a fault on a hole of the map can need a page the file system does not have (tmpfs), which is a
        SIGBUS on a full disk; ``pread`` of a hole gives zeros."""
        if not self.hold():
            return b""
        try:
            if self._map is not None or pos + size <= self.committed_position:
                return os.pread(self._fd, size, pos)
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
            head = os.pread(self._fd, min(size, committed - pos), pos)
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
        mapped = self._map
        if mapped is not None:
            # no reference needed (a read per message pulled): the slice is copied under the GIL, and a map
            # closed meanwhile raises ValueError
            if not self._available:
                return None
            try:
                data = mapped[pos:pos + size]
            except ValueError:
                return None
        else:
            data = self.read(pos, size)  # empty when the file is closed
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
            if self._map is not None:
                self._map.close()
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
