"""Java ``org.apache.rocketmq.store.index.IndexService``: index messages by key and unique id.

Each dispatched record is indexed under ``topic#UNIQ_KEY`` and ``topic#key`` for every space-separated key
of its ``KEYS`` property (rolled-back transactional messages are not indexed). :meth:`query_offset` walks
the files newest first. After an abnormal exit, files written after the last index flush recorded in the
checkpoint are deleted (Java's rule) and :meth:`get_rebuild_from_offset` tells the store where to re-dispatch
the commit log from to rebuild them.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from typing import TYPE_CHECKING, List, Optional

from rocketmq_broker.store.config.store_path_config_helper import StorePathConfigHelper
from rocketmq_broker.store.dispatch_request import DispatchRequest
from rocketmq_broker.store.index.index_file import IndexFile
from rocketmq_broker.store.index.query_offset_result import QueryOffsetResult
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.util_all import UtilAll

if TYPE_CHECKING:
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["IndexService"]

log = logging.getLogger(__name__)

_TRANSACTION_ROLLBACK_TYPE = MessageSysFlag.TRANSACTION_ROLLBACK_TYPE
_KEY_SEPARATOR = MessageConst.KEY_SEPARATOR


class IndexService:
    """The index files of a store (``<root>/index``)."""

    def __init__(self, store: "DefaultMessageStore") -> None:
        self.default_message_store = store
        config = store.message_store_config
        self.hash_slot_num = config.max_hash_slot_num
        self.index_num = config.max_index_num
        self.store_path = StorePathConfigHelper.get_store_path_index(config.store_path_root_dir)
        self.index_file_list: List[IndexFile] = []
        self._lock = threading.RLock()
        #: commit-log offset of the last indexed record (-1: none); older records are not indexed again
        self._last_indexed_offset = -1
        self._rebuild_from_offset: Optional[int] = None

    def load(self, last_exit_ok: bool) -> bool:
        """Java ``load``: open the index files; after an abnormal exit drop those not covered by the
        checkpoint's index timestamp."""
        if not os.path.isdir(self.store_path):
            return True
        checkpoint = self.default_message_store.store_checkpoint
        for name in sorted(os.listdir(self.store_path)):
            if not name.isdigit():
                log.warning("ignore %s in the index directory", name)
                continue
            path = os.path.join(self.store_path, name)
            try:
                f = IndexFile(path, self.hash_slot_num, self.index_num, 0, 0)
            except (OSError, ValueError):
                log.exception("load file %s error", path)
                return False
            f.load()
            if not last_exit_ok and f.get_end_timestamp() > checkpoint.index_msg_timestamp:
                begin = f.get_begin_phy_offset()
                if self._rebuild_from_offset is None or begin < self._rebuild_from_offset:
                    self._rebuild_from_offset = begin
                log.info("index file %s has entries after the last index flush, delete it to rebuild it", path)
                f.destroy()
                continue
            log.info("load index file OK, %s", path)
            self.index_file_list.append(f)
            if f.get_index_count() > 1:
                self._last_indexed_offset = max(self._last_indexed_offset, f.get_end_phy_offset())
        return True

    def get_rebuild_from_offset(self) -> Optional[int]:
        """Commit-log offset from which records must be indexed again (None: the index is complete)."""
        return self._rebuild_from_offset

    def truncate(self, phy_offset: int) -> None:
        """Forget index files that start at or beyond commit-log ``phy_offset`` (their records were
        truncated by recovery); entries beyond it in older files are harmless: the query checks the record."""
        with self._lock:
            keep = []
            for f in self.index_file_list:
                if f.get_index_count() > 1 and f.get_begin_phy_offset() >= phy_offset:
                    f.destroy()
                else:
                    keep.append(f)
            self.index_file_list = keep
            if self._last_indexed_offset >= phy_offset:
                self._last_indexed_offset = phy_offset - 1

    def delete_expired_file(self, offset: int) -> None:
        """Java ``deleteExpiredFile``: drop files (never the last) whose entries all point below ``offset``."""
        with self._lock:
            files = self.index_file_list
            if not files or files[0].get_end_phy_offset() >= offset:
                return
            deleted = []
            for f in files[:-1]:
                if f.get_end_phy_offset() < offset:
                    f.destroy()
                    deleted.append(f)
                else:
                    break
            self.index_file_list = files[len(deleted):]

    def destroy(self) -> None:
        """Java ``destroy``: delete every index file."""
        with self._lock:
            for f in self.index_file_list:
                f.destroy()
            self.index_file_list = []
            self._last_indexed_offset = -1

    def query_offset(self, topic: str, key: str, max_num: int, begin: int, end: int) -> QueryOffsetResult:
        """Java ``queryOffset``: commit-log offsets of the messages indexed under ``topic#key`` and stored in
        ``[begin, end]`` (at most ``min(max_num, max_msgs_num_batch)``)."""
        phy_offsets: List[int] = []
        index_last_update_timestamp = 0
        index_last_update_phyoffset = 0
        max_num = min(max_num, self.default_message_store.message_store_config.max_msgs_num_batch)
        idx_key = self.build_key(topic, key)
        with self._lock:
            files = self.index_file_list
            for i in range(len(files), 0, -1):
                f = files[i - 1]
                if i == len(files):
                    index_last_update_timestamp = f.get_end_timestamp()
                    index_last_update_phyoffset = f.get_end_phy_offset()
                if f.is_time_matched(begin, end):
                    f.select_phy_offset(phy_offsets, idx_key, max_num, begin, end)
                if f.get_begin_timestamp() < begin:
                    break
                if len(phy_offsets) >= max_num:
                    break
        return QueryOffsetResult(phy_offsets, index_last_update_timestamp, index_last_update_phyoffset)

    @staticmethod
    def record_matches_key(msg: MessageExt, topic: str, key: str) -> bool:
        """Whether a stored message belongs to ``topic`` and has ``key`` as unique key or among its keys
        (the store's check of what the hash index found)."""
        if msg.topic != topic:
            return False
        properties = msg.properties or {}
        if properties.get(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX) == key:
            return True
        keys = properties.get(MessageConst.PROPERTY_KEYS)
        return bool(keys and key in keys.split(_KEY_SEPARATOR))

    @staticmethod
    def build_key(topic: str, key: str) -> str:
        """Java ``buildKey``: ``topic#key``."""
        return topic + "#" + key

    def build_index(self, req: DispatchRequest) -> None:
        """Java ``buildIndex``: index the record under its unique key and each of its keys.

        Records are dispatched one at a time (under the commit log's put lock, or by the recovery before the
        store starts), so like Java's ``putKey`` this takes no lock: the file list only changes under
        ``_lock`` (copy on write), and a concurrent query reads entries that are written before their slot."""
        commit_log_offset = req.commit_log_offset
        if commit_log_offset <= self._last_indexed_offset:
            return
        if (req.sys_flag & _TRANSACTION_ROLLBACK_TYPE) == _TRANSACTION_ROLLBACK_TYPE:
            return
        uniq_key = req.uniq_key
        keys = req.keys
        if uniq_key is None and not keys:
            return
        topic_prefix = req.topic + "#"
        timestamp = req.store_timestamp
        files = self.index_file_list
        index_file = files[-1] if files else None
        if index_file is None or index_file.index_header.index_count >= index_file.index_num:  # is_write_full()
            index_file = self.retry_get_and_create_index_file()
        if index_file is None:
            log.error("build index error, stop building index")
            return
        if uniq_key is not None:
            if not index_file.put_key(topic_prefix + uniq_key, commit_log_offset, timestamp):
                index_file = self._put_key(index_file, topic_prefix + uniq_key, commit_log_offset, timestamp)
                if index_file is None:
                    log.error("putKey error commitlog %d uniqkey %s", commit_log_offset, uniq_key)
                    return
        if keys:
            for key in keys.split(_KEY_SEPARATOR):
                if key:
                    index_file = self._put_key(index_file, topic_prefix + key, commit_log_offset, timestamp)
                    if index_file is None:
                        log.error("putKey error commitlog %d key %s", commit_log_offset, key)
                        return
        self._last_indexed_offset = commit_log_offset

    def _put_key(self, index_file: IndexFile, idx_key: str, offset: int, timestamp: int) -> Optional[IndexFile]:
        while not index_file.put_key(idx_key, offset, timestamp):
            log.warning("Index file [%s] is full, trying to create another one", index_file.get_file_name())
            next_file = self.retry_get_and_create_index_file()
            if next_file is None:
                return None
            index_file = next_file
        return index_file

    def retry_get_and_create_index_file(self) -> Optional[IndexFile]:
        """Java ``retryGetAndCreateIndexFile``: the last file, or a new one when it is full."""
        with self._lock:
            files = self.index_file_list
            if files and not files[-1].is_write_full():
                return files[-1]
            prev = files[-1] if files else None
            end_phy_offset = prev.get_end_phy_offset() if prev is not None else 0
            end_timestamp = prev.get_end_timestamp() if prev is not None else 0
            try:
                index_file = IndexFile(self._new_file_name(), self.hash_slot_num, self.index_num, end_phy_offset,
                                       end_timestamp)
            except OSError:
                log.exception("getLastIndexFile exception")
                self.default_message_store.running_flags.make_index_file_error()
                log.error("Mark index file cannot build flag")
                return None
            self.index_file_list = files + [index_file]
        if prev is not None:
            self.flush(prev)
        return index_file

    def _new_file_name(self) -> str:
        now = int(time.time() * 1000)
        while True:
            path = os.path.join(self.store_path, UtilAll.time_millis_to_human_string(now))
            if not os.path.exists(path):
                return path
            now += 1

    def flush(self, f: Optional[IndexFile]) -> None:
        """Java ``flush``: msync a file; a full one also moves the checkpoint's index timestamp."""
        if f is None:
            return
        index_msg_timestamp = f.get_end_timestamp() if f.is_write_full() else 0
        f.flush()
        if index_msg_timestamp > 0:
            checkpoint = self.default_message_store.store_checkpoint
            checkpoint.index_msg_timestamp = index_msg_timestamp
            checkpoint.flush()

    def flush_last(self) -> None:
        """Flush the file being written and record its end time as the checkpoint's index timestamp (the
        checkpoint itself is written by the caller; used at shutdown)."""
        files = self.index_file_list
        if not files:
            return
        last = files[-1]
        end_timestamp = last.get_end_timestamp()
        last.flush()
        checkpoint = self.default_message_store.store_checkpoint
        if end_timestamp > checkpoint.index_msg_timestamp:
            checkpoint.index_msg_timestamp = end_timestamp

    def start(self) -> None:
        """Java ``start``: nothing to start."""

    def shutdown(self) -> None:
        """Flush and unmap the files (idempotent)."""
        with self._lock:
            files = [f for f in self.index_file_list if not f.mapped_byte_buffer.closed]
            if not files:
                return
            self.flush_last()
            for f in files:
                f.close()
