"""Java 5.3.3 ``org.apache.rocketmq.store.timer.TimerCheckpoint``: the ``config/timercheck`` file.

Layout (ours, not Java's byte for byte): big-endian longs at 0 (lastReadTimeMs: every timer message of the
timer topic's queue below lastTimerQueueOffset whose slot is older than this was delivered or cancelled), 8
(lastTimerQueueOffset: the queue offset up to which entries were taken into the wheel) and 16
(minPendingQueueOffset: the lowest queue offset still pending, where the wheel is rebuilt from on start; Java
keeps the timer log's flush position there instead).
"""
from __future__ import annotations

import logging
import os
import struct
import threading

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["TimerCheckpoint"]

log = logging.getLogger(__name__)

_LAYOUT = struct.Struct(">qqq")


class TimerCheckpoint(Bean):
    """The timer store's progress, persisted by :meth:`flush` (write then fsync)."""

    last_read_time_ms = Prop(int, 0)
    last_timer_queue_offset = Prop(int, 0)
    min_pending_queue_offset = Prop(int, 0)

    def get_last_read_time_ms(self) -> int: return self.last_read_time_ms
    def set_last_read_time_ms(self, last_read_time_ms: int) -> None: self.last_read_time_ms = last_read_time_ms
    def get_last_timer_queue_offset(self) -> int: return self.last_timer_queue_offset
    def set_last_timer_queue_offset(self, last_timer_queue_offset: int) -> None:
        self.last_timer_queue_offset = last_timer_queue_offset
    def get_min_pending_queue_offset(self) -> int: return self.min_pending_queue_offset
    def set_min_pending_queue_offset(self, min_pending_queue_offset: int) -> None:
        self.min_pending_queue_offset = min_pending_queue_offset

    def __init__(self, scp_path: str) -> None:
        parent = os.path.dirname(scp_path)
        if parent:
            os.makedirs(parent, exist_ok=True)
        self._lock = threading.Lock()
        self._fd = os.open(scp_path, os.O_RDWR | os.O_CREAT, 0o644)
        self.last_read_time_ms = 0
        self.last_timer_queue_offset = 0
        self.min_pending_queue_offset = 0
        data = os.pread(self._fd, _LAYOUT.size, 0)
        if len(data) == _LAYOUT.size:
            self.last_read_time_ms, self.last_timer_queue_offset, self.min_pending_queue_offset = \
                _LAYOUT.unpack(data)
            log.info("timer checkpoint %s: lastReadTimeMs %d lastTimerQueueOffset %d minPendingQueueOffset %d",
                     scp_path, self.last_read_time_ms, self.last_timer_queue_offset, self.min_pending_queue_offset)

    def flush(self) -> None:
        """Java ``flush``: write the three values and fsync (an I/O error is logged; the last flushed values
        stay, so a restart re-delivers rather than loses)."""
        with self._lock:
            if self._fd < 0:
                return
            try:
                os.pwrite(self._fd, _LAYOUT.pack(self.last_read_time_ms, self.last_timer_queue_offset,
                                                 self.min_pending_queue_offset), 0)
                os.fsync(self._fd)
            except OSError as e:
                log.warning("timer checkpoint flush failed: %s", e)

    def shutdown(self) -> None:
        """Java ``shutdown``: flush and close."""
        self.flush()
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1
