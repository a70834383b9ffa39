"""Java ``org.apache.rocketmq.store.StoreCheckpoint``: the ``checkpoint`` file.

Layout (Java's): one 4 KiB page; big-endian longs at 0 (physicMsgTimestamp: store time of the last flushed
commit-log record), 8 (logicsMsgTimestamp: last flushed consume-queue entry) and 16 (indexMsgTimestamp: last
flushed index entry). Abnormal recovery starts from the commit-log segment older than these times.
"""
from __future__ import annotations

import logging
import os
import struct
import threading

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["StoreCheckpoint"]

log = logging.getLogger(__name__)

_FILE_SIZE = 4096
_LAYOUT = struct.Struct(">qqq")


class StoreCheckpoint(Bean):
    """The three flush timestamps, persisted by :meth:`flush`."""

    physic_msg_timestamp = Prop(int, 0)
    logics_msg_timestamp = Prop(int, 0)
    index_msg_timestamp = Prop(int, 0)

    def get_physic_msg_timestamp(self) -> int: return self.physic_msg_timestamp
    def set_physic_msg_timestamp(self, physic_msg_timestamp: int) -> None:
        self.physic_msg_timestamp = physic_msg_timestamp
    def get_logics_msg_timestamp(self) -> int: return self.logics_msg_timestamp
    def set_logics_msg_timestamp(self, logics_msg_timestamp: int) -> None:
        self.logics_msg_timestamp = logics_msg_timestamp
    def get_index_msg_timestamp(self) -> int: return self.index_msg_timestamp
    def set_index_msg_timestamp(self, index_msg_timestamp: int) -> None: self.index_msg_timestamp = index_msg_timestamp

    def __init__(self, scp_path: str) -> None:
        parent = os.path.dirname(scp_path)
        if parent:
            os.makedirs(parent, exist_ok=True)
        exists = os.path.exists(scp_path)
        self._path = scp_path
        self._fd = os.open(scp_path, os.O_RDWR | os.O_CREAT, 0o644)
        self._lock = threading.Lock()
        self.physic_msg_timestamp = 0
        self.logics_msg_timestamp = 0
        self.index_msg_timestamp = 0
        if exists:
            data = os.pread(self._fd, _LAYOUT.size, 0)
            if len(data) == _LAYOUT.size:
                self.physic_msg_timestamp, self.logics_msg_timestamp, self.index_msg_timestamp = _LAYOUT.unpack(data)
            log.info("store checkpoint file exists, %s: physic %d logics %d index %d", scp_path,
                     self.physic_msg_timestamp, self.logics_msg_timestamp, self.index_msg_timestamp)
        else:
            # its block allocated now: a later write in place then needs no space (a full disk)
            os.pwrite(self._fd, bytes(_FILE_SIZE), 0)
            log.info("store checkpoint file not exists, %s", scp_path)

    def flush(self) -> None:
        """Java ``flush``: write the three timestamps and fsync (an I/O error is logged: the checkpoint only
        shortens the next crash recovery)."""
        with self._lock:
            if self._fd < 0:
                return
            try:
                os.pwrite(self._fd, _LAYOUT.pack(self.physic_msg_timestamp, self.logics_msg_timestamp,
                                                 self.index_msg_timestamp), 0)
                os.fsync(self._fd)
            except OSError as e:
                log.error("cannot write the store checkpoint: %s", e)

    def shutdown(self) -> None:
        """Java ``shutdown``: flush and close."""
        self.flush()
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1

    def get_min_timestamp(self) -> int:
        """Java ``getMinTimestamp``: min(physic, logics) - 3 s, at least 0."""
        return max(0, min(self.physic_msg_timestamp, self.logics_msg_timestamp) - 3000)

    def get_min_timestamp_index(self) -> int:
        """Java ``getMinTimestampIndex``."""
        return min(self.get_min_timestamp(), self.index_msg_timestamp)
