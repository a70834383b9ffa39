"""Java ``org.apache.rocketmq.store.MappedFileQueue``: the ordered segment files of one log.

The list of segments is copied on every change (Java's ``CopyOnWriteArrayList``): readers take
``self.mapped_files`` once and index it without locking; only the writer (under its own lock) adds segments.
"""
from __future__ import annotations

import logging
import os
import time
from typing import List, Optional

from rocketmq_broker.store.mapped_file import MappedFile
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["MappedFileQueue"]

log = logging.getLogger(__name__)

_DELETE_FILES_BATCH_MAX = 10


class MappedFileQueue(Bean):
    """Segments of ``mapped_file_size`` bytes in ``store_path``, named by their start offset."""

    store_path = Prop(str)
    mapped_file_size = Prop(int, 0)
    mapped_files: Prop[List[MappedFile]] = Prop(ListOf(MappedFile), [])
    flushed_where = Prop(int, 0)
    committed_where = Prop(int, 0)
    #: store time of the last record of the last whole flush
    store_timestamp = Prop(int, 0)

    def get_store_path(self) -> str: return self.store_path
    def set_store_path(self, store_path: Optional[str]) -> None: self.store_path = store_path
    def get_mapped_file_size(self) -> int: return self.mapped_file_size
    def set_mapped_file_size(self, mapped_file_size: int) -> None: self.mapped_file_size = mapped_file_size
    def get_mapped_files(self) -> List[MappedFile]: return self.mapped_files
    def set_mapped_files(self, mapped_files: List[MappedFile]) -> None: self.mapped_files = mapped_files
    def get_flushed_where(self) -> int: return self.flushed_where
    def set_flushed_where(self, flushed_where: int) -> None: self.flushed_where = flushed_where
    def get_committed_where(self) -> int: return self.committed_where
    def set_committed_where(self, committed_where: int) -> None: self.committed_where = committed_where
    def get_store_timestamp(self) -> int: return self.store_timestamp
    def set_store_timestamp(self, store_timestamp: int) -> None: self.store_timestamp = store_timestamp

    def __init__(self, store_path: str, mapped_file_size: int, buffered: bool = False,
                 refuse_unwritten: bool = False) -> None:
        super().__init__()  # the declared defaults
        self.store_path = store_path
        self.mapped_file_size = mapped_file_size
        #: segments keep appends in a write buffer (see :class:`MappedFile`, also for ``refuse_unwritten``)
        self.buffered = buffered
        self.refuse_unwritten = refuse_unwritten
        self.flushed_where = 0
        self.committed_where = 0
        self.store_timestamp = 0

    # ------------------------------------------------------------------ load and recovery

    def load(self) -> bool:
        """Java ``load``: open every segment in name order; all but the last must be full size."""
        if not os.path.isdir(self.store_path):
            return True
        names = sorted(n for n in os.listdir(self.store_path) if n.isdigit())
        files: List[MappedFile] = []
        for i, name in enumerate(names):
            path = os.path.join(self.store_path, name)
            length = os.path.getsize(path)
            last = i == len(names) - 1
            if length > self.mapped_file_size or (not last and length != self.mapped_file_size):
                log.warning("%s\t%d length not matched message store config value, please check it manually",
                            path, length)
                for f in files:
                    f.shutdown()
                return False
            files.append(MappedFile(path, self.mapped_file_size, self.buffered, self.refuse_unwritten))
            log.info("load %s OK", path)
        self.mapped_files = files
        return True

    def check_self(self) -> None:
        """Java ``checkSelf``: log gaps between adjacent segments."""
        files = self.mapped_files
        for pre, cur in zip(files, files[1:]):
            if cur.file_from_offset - pre.file_from_offset != self.mapped_file_size:
                log.error("[BUG]The mappedFile queue's data is damaged, the adjacent mappedFile's offset don't "
                          "match. pre file %s, cur file %s", pre.file_name, cur.file_name)

    def truncate_dirty_files(self, offset: int) -> None:
        """Java ``truncateDirtyFiles``: cut the segment holding ``offset`` there, delete the later ones."""
        keep: List[MappedFile] = []
        for f in self.mapped_files:
            tail = f.file_from_offset + self.mapped_file_size
            if tail > offset:
                if offset >= f.file_from_offset:
                    f.truncate(offset % self.mapped_file_size)
                    keep.append(f)
                else:
                    f.destroy()
            else:
                keep.append(f)
        self.mapped_files = keep

    def delete_last_mapped_file(self) -> None:
        """Java ``deleteLastMappedFile``."""
        last = self.get_last_mapped_file()
        if last is not None:
            last.destroy()
            self.mapped_files = self.mapped_files[:-1]
            log.info("on recover, destroy a logic mapped file %s", last.file_name)

    # ------------------------------------------------------------------ segments

    def get_first_mapped_file(self) -> Optional[MappedFile]:
        """Java ``getFirstMappedFile``."""
        files = self.mapped_files
        return files[0] if files else None

    def get_last_mapped_file(self, start_offset: Optional[int] = None, need_create: bool = True
                             ) -> Optional[MappedFile]:
        """Java ``getLastMappedFile``: without ``start_offset``, the last segment; with it, the last segment
        or a new one (at ``start_offset``'s segment when the queue is empty, after the last when it is full)."""
        files = self.mapped_files
        last = files[-1] if files else None
        if start_offset is None:
            return last
        create_offset = -1
        if last is None:
            create_offset = start_offset - start_offset % self.mapped_file_size
        elif last.is_full():
            create_offset = last.file_from_offset + self.mapped_file_size
        if create_offset != -1 and need_create:
            return self._create_mapped_file(create_offset)
        return last

    def _create_mapped_file(self, create_offset: int) -> MappedFile:
        path = os.path.join(self.store_path, "%020d" % create_offset)
        mapped_file = MappedFile(path, self.mapped_file_size, self.buffered, self.refuse_unwritten)
        if not self.mapped_files:
            mapped_file.set_first_create_in_queue(True)
        self.mapped_files = self.mapped_files + [mapped_file]
        return mapped_file

    def find_mapped_file_by_offset(self, offset: int, return_first_on_not_found: bool = False
                                   ) -> Optional[MappedFile]:
        """Java ``findMappedFileByOffset``."""
        files = self.mapped_files
        if not files:
            return None
        first = files[0]
        size = self.mapped_file_size
        if first.file_from_offset <= offset < files[-1].file_from_offset + size:
            index = offset // size - first.file_from_offset // size
            if 0 <= index < len(files):
                target = files[index]
                if target.file_from_offset <= offset < target.file_from_offset + size:
                    return target
            for f in files:
                if f.file_from_offset <= offset < f.file_from_offset + size:
                    return f
        else:
            log.debug("Offset not matched. Request offset: %d, firstOffset: %d, lastOffset: %d, mappedFileSize: %d",
                      offset, first.file_from_offset, files[-1].file_from_offset + size, size)
        return first if return_first_on_not_found else None

    def get_mapped_file_by_time(self, timestamp: int) -> Optional[MappedFile]:
        """Java ``getMappedFileByTime``: the first segment modified at or after ``timestamp``, else the last."""
        files = self.mapped_files
        if not files:
            return None
        for f in files:
            if f.get_last_modified_timestamp() >= timestamp:
                return f
        return files[-1]

    # ------------------------------------------------------------------ offsets

    def get_min_offset(self) -> int:
        """Java ``getMinOffset``: -1 when empty."""
        files = self.mapped_files
        return files[0].file_from_offset if files else -1

    def get_max_offset(self) -> int:
        """Java ``getMaxOffset``: end of the readable data."""
        files = self.mapped_files
        if files:
            last = files[-1]
            return last.file_from_offset + last.wrote_position
        return 0

    def get_max_wrote_position(self) -> int:
        """Java ``getMaxWrotePosition``."""
        return self.get_max_offset()

    def remain_how_many_data_to_flush(self) -> int:
        """Java ``remainHowManyDataToFlush``."""
        return self.get_max_offset() - self.flushed_where

    # ------------------------------------------------------------------ flush

    def flush(self, flush_least_pages: int = 0) -> bool:
        """Java ``flush``: fsync the segment holding ``flushed_where``; True when nothing was flushed."""
        mapped_file = self.find_mapped_file_by_offset(self.flushed_where, self.flushed_where == 0)
        if mapped_file is None:
            return True
        timestamp = mapped_file.store_timestamp
        last = self.mapped_files[-1]
        if last is not mapped_file:
            last.commit()  # what was appended since the flushed segment filled up
        offset = mapped_file.flush(flush_least_pages)
        where = mapped_file.file_from_offset + offset
        result = where == self.flushed_where
        self.flushed_where = where
        if flush_least_pages == 0:
            self.store_timestamp = timestamp
        return result

    def commit(self) -> None:
        """Java ``commit``: write every segment's buffered appends to its file."""
        for mapped_file in self.mapped_files:
            mapped_file.commit()

    def flush_all(self, target: Optional[int] = None) -> int:
        """Flush every segment up to ``target`` (the current end when None), across segment boundaries;
        the new flushed offset."""
        if target is None:
            target = self.get_max_offset()
        for _ in range(len(self.mapped_files) + 1):
            if self.flushed_where >= target:
                break
            self.flush(0)
        return self.flushed_where

    # ------------------------------------------------------------------ deletion

    def delete_expired_file_by_time(self, expired_time: int, delete_files_interval: int,
                                    clean_immediately: bool) -> int:
        """Java ``deleteExpiredFileByTime``: delete leading segments (never the last) not modified for
        ``expired_time`` ms (or all of them when ``clean_immediately``)."""
        files = self.mapped_files
        deleted: List[MappedFile] = []
        now = int(time.time() * 1000)
        for i, f in enumerate(files[:-1]):
            if now >= f.get_last_modified_timestamp() + expired_time or clean_immediately:
                f.destroy()
                deleted.append(f)
                if len(deleted) >= _DELETE_FILES_BATCH_MAX:
                    break
                if delete_files_interval > 0 and i + 1 < len(files) - 1:
                    time.sleep(delete_files_interval / 1000.0)
            else:
                break
        self._remove(deleted)
        return len(deleted)

    def delete_expired_file_by_offset(self, offset: int, unit_size: int) -> int:
        """Java ``deleteExpiredFileByOffset`` (consume queues): delete leading segments (never the last)
        whose last entry points below commit-log ``offset``."""
        files = self.mapped_files
        deleted: List[MappedFile] = []
        for f in files[:-1]:
            data = f.select_mapped_buffer(self.mapped_file_size - unit_size, 8)
            if data is None:
                break
            if int.from_bytes(data, "big", signed=True) >= offset:
                break
            log.info("physic min offset %d, logics in current mappedFile max offset below it, delete it", offset)
            f.destroy()
            deleted.append(f)
        self._remove(deleted)
        return len(deleted)

    def _remove(self, deleted: List[MappedFile]) -> None:
        if deleted:
            gone = set(id(f) for f in deleted)
            self.mapped_files = [f for f in self.mapped_files if id(f) not in gone]

    # ------------------------------------------------------------------ life cycle

    def shutdown(self) -> None:
        """Close every segment."""
        for f in self.mapped_files:
            f.shutdown()

    def destroy(self) -> None:
        """Java ``destroy``: delete every segment and the directory."""
        for f in self.mapped_files:
            f.destroy()
        self.mapped_files = []
        self.flushed_where = 0
        try:
            os.rmdir(self.store_path)
        except OSError as e:
            log.info("keep directory %s: %s", self.store_path, e)
