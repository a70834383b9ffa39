"""Java 5.3.3 ``org.apache.rocketmq.store.timer.TimerMessageStore``: delivers the messages of the timer topic
``rmq_sys_wheel_timer`` to their real topic at their time (delay by any time).

HookUtils stores a message whose deliver time is ahead under the timer topic, queue 0, with its slot in
``TIMER_OUT_MS`` (the deliver time floored to ``timerPrecisionMs``) and its topic and queue in ``REAL_TOPIC`` /
``REAL_QID``. The store's dispatch hands each such entry to :meth:`on_message_stored`, which puts it into the
wheel; one thread (``TimerDequeueGetService``) sleeps until the earliest slot has passed (a slot is read once
``now >= slot + timerPrecisionMs``, so nothing is delivered before the time asked), or until a new entry wakes it,
and puts the slot's messages into their real topic, the slot's deletion markers first: a marker
(``TIMER_DEL_UNIQKEY`` = :meth:`build_delete_key` of the real topic and the message's ``UNIQ_KEY``) cancels the
message of that key in its slot and is itself never delivered (Java's behaviour).

Behaves like Java's wheel rather than copying its files: the wheel is in memory, one tuple per pending message
(about 200 bytes with its keys), so memory is bounded by the number of messages delayed at once (at most
``timerMaxDelaySec`` ahead; ``timerCongestNumEachSlot`` refuses more than twice that many in one slot). It is
rebuilt on :meth:`start` from the timer topic's consume queue, from the checkpoint's ``minPendingQueueOffset``:
an entry below ``lastTimerQueueOffset`` whose slot is older than ``lastReadTimeMs`` was delivered; any other is
pending. The checkpoint (``config/timercheck``) is written every ``timerFlushIntervalMs`` after a change, and
never claims a slot whose messages are still being put, so a broker killed at any moment re-delivers what it may
have delivered rather than losing it (at least once). The thread waits without a timeout when nothing is
pending and nothing is unflushed.
"""
from __future__ import annotations

import heapq
import logging
import threading
import time
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from rocketmq_broker.store.dispatch_request import DispatchRequest
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.store.schedule.schedule_message_service import ScheduleMessageService
from rocketmq_broker.store.timer.timer_checkpoint import TimerCheckpoint
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.topic.topic_validator import TopicValidator

if TYPE_CHECKING:
    from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["TimerMessageStore"]

log = logging.getLogger(__name__)

#: (slot ms, queue offset, commit-log offset, size, deletion key it carries or None, its own deletion key or None)
_Entry = Tuple[int, int, int, int, Optional[str], Optional[str]]

_NO_RETRY = frozenset((PutMessageStatus.MESSAGE_ILLEGAL, PutMessageStatus.PROPERTIES_SIZE_EXCEEDED,
                       PutMessageStatus.WHEEL_TIMER_NOT_ENABLE, PutMessageStatus.WHEEL_TIMER_MSG_ILLEGAL))
_OK = frozenset((PutMessageStatus.PUT_OK, PutMessageStatus.FLUSH_DISK_TIMEOUT,
                 PutMessageStatus.FLUSH_SLAVE_TIMEOUT, PutMessageStatus.SLAVE_NOT_AVAILABLE))
_RETRY_WAIT_SECONDS = 0.1  # Java's holdMomentForUnknownError is 50 ms per try; 100 ms between retries here
_TPS_WINDOW_SECONDS = 10


class _TpsWindow:
    """Events a second over the last ten whole seconds (Java's PerfCounter rate, simplified): ten buckets."""

    def __init__(self) -> None:
        self._buckets = [0] * _TPS_WINDOW_SECONDS
        self._seconds = [0] * _TPS_WINDOW_SECONDS

    def add(self, n: int) -> None:
        second = int(time.time())
        i = second % _TPS_WINDOW_SECONDS
        if self._seconds[i] != second:
            self._seconds[i] = second
            self._buckets[i] = 0
        self._buckets[i] += n

    def tps(self) -> float:
        now = int(time.time())
        return sum(n for n, s in zip(self._buckets, self._seconds)
                   if now - _TPS_WINDOW_SECONDS <= s < now) / float(_TPS_WINDOW_SECONDS)


class TimerMessageStore:
    """The timer wheel of one broker (see the module doc)."""

    TIMER_TOPIC = TopicValidator.SYSTEM_TOPIC_PREFIX + "wheel_timer"
    TIMER_OUT_MS = MessageConst.PROPERTY_TIMER_OUT_MS
    TIMER_ENQUEUE_MS = MessageConst.PROPERTY_TIMER_ENQUEUE_MS
    TIMER_DEQUEUE_MS = MessageConst.PROPERTY_TIMER_DEQUEUE_MS
    TIMER_ROLL_TIMES = MessageConst.PROPERTY_TIMER_ROLL_TIMES
    TIMER_DELETE_UNIQUE_KEY = MessageConst.PROPERTY_TIMER_DEL_UNIQKEY

    def __init__(self, message_store: "DefaultMessageStore", store_config: "MessageStoreConfig",
                 timer_checkpoint: TimerCheckpoint) -> None:
        self.message_store = message_store
        self.store_config = store_config
        self.timer_checkpoint = timer_checkpoint
        self.precision_ms = store_config.timer_precision_ms
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._wheel: List[_Entry] = []
        self._slot_nums: Dict[int, int] = {}
        self._in_flight: Optional[Tuple[int, int]] = None  # (slot, lowest queue offset) being put
        self._enqueued_offset = 0  # the next queue offset the wheel expects
        self._accepting = False
        self._dirty = False
        self._last_read_time_ms = timer_checkpoint.last_read_time_ms
        self._enqueue_tps = _TpsWindow()
        self._dequeue_tps = _TpsWindow()
        self._thread: Optional[threading.Thread] = None

    @staticmethod
    def build_delete_key(real_topic: str, unique_key: str) -> str:
        """Java ``buildDeleteKey``: what a deletion marker's ``TIMER_DEL_UNIQKEY`` names."""
        return real_topic + "+" + unique_key

    # ------------------------------------------------------------------ life cycle

    def load(self) -> bool:
        """Java ``load``: the checkpoint was read when it was built; the wheel is rebuilt by :meth:`start`."""
        return True

    def start(self) -> None:
        """Java ``start``: rebuild the wheel from the timer topic's consume queue (after the message store has
        started, so its recovery has dispatched every record) and start the thread."""
        if self._thread is not None:
            return
        self._recover()
        self._thread = threading.Thread(target=self._run, name="TimerDequeueGetService", daemon=True)
        self._thread.start()

    def shutdown(self) -> None:
        """Java ``shutdown``: stop and join the thread (a slot being put is re-delivered after a restart), then
        flush the checkpoint."""
        self._stop.set()
        with self._cond:
            self._accepting = False
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None
        self._flush_checkpoint()
        self.timer_checkpoint.shutdown()

    def _recover(self) -> None:
        cp = self.timer_checkpoint
        scanned = self._scan(max(cp.min_pending_queue_offset, 0), cp)
        with self._cond:
            # what was stored while scanning; later entries come through on_message_stored
            self._enqueued_offset = self._scan(scanned, cp)
            self._accepting = True
            self._dirty = True
        log.info("timer wheel rebuilt: %d pending, queue offset %d, lastReadTimeMs %d", len(self._wheel),
                 self._enqueued_offset, cp.last_read_time_ms)

    def _scan(self, begin: int, cp: TimerCheckpoint) -> int:
        """Put the pending entries of queue offsets ``begin..`` into the wheel; the offset after the last."""
        cq = self.message_store.get_consume_queue(self.TIMER_TOPIC, 0)
        if cq is None:
            return begin
        end = cq.get_max_offset_in_queue()
        offset = max(min(begin, end), cq.get_min_offset_in_queue())
        while offset < end:
            entry = cq.get_entry(offset)
            phy_offset, size = (entry[0], entry[1]) if entry is not None else (-1, 0)
            msg = self.message_store.look_message_by_offset(phy_offset, size) if entry is not None else None
            if msg is None or not msg.properties:
                log.warning("timer queue offset %d: no message at its commit-log offset, skipped", offset)
            else:
                new = self._entry(offset, phy_offset, size, msg.properties)
                if new is not None and (offset >= cp.last_timer_queue_offset or new[0] >= cp.last_read_time_ms):
                    self._add(new)
            offset += 1
        return offset

    def _entry(self, queue_offset: int, phy_offset: int, size: int, properties: Dict[str, str]
               ) -> Optional[_Entry]:
        try:
            slot = int(properties[self.TIMER_OUT_MS])
        except (KeyError, ValueError):
            log.warning("timer queue offset %d has no valid %s, skipped", queue_offset, self.TIMER_OUT_MS)
            return None
        del_key = properties.get(self.TIMER_DELETE_UNIQUE_KEY)
        real_topic = properties.get(MessageConst.PROPERTY_REAL_TOPIC)
        uniq_key = properties.get(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX)
        own_key = self.build_delete_key(real_topic, uniq_key) if real_topic and uniq_key else None
        return slot, queue_offset, phy_offset, size, del_key, own_key

    def _add(self, entry: _Entry) -> None:
        heapq.heappush(self._wheel, entry)
        # as Java's slot num: a deletion marker counts -1 (it cancels one message of its slot)
        self._slot_nums[entry[0]] = self._slot_nums.get(entry[0], 0) + (1 if entry[4] is None else -1)

    # ------------------------------------------------------------------ enqueue

    def on_message_stored(self, request: DispatchRequest) -> None:
        """Called by the store's dispatch for each timer-topic entry (Java's TimerEnqueueGetService reads them
        from the consume queue): into the wheel, waking the thread when it is the earliest."""
        if not self._accepting or request.queue_id != 0:
            return
        with self._cond:
            if not self._accepting or request.consume_queue_offset < self._enqueued_offset:
                return  # already taken by the rebuild
            self._enqueued_offset = request.consume_queue_offset + 1
            entry = self._entry(request.consume_queue_offset, request.commit_log_offset, request.msg_size,
                                request.properties_map or {})
            if entry is None:
                return
            self._add(entry)
            self._enqueue_tps.add(1)
            self._dirty = True
            if self._wheel[0] is entry:
                self._cond.notify_all()

    def is_reject(self, deliver_time_ms: int) -> bool:
        """Java ``isReject``: flow control of one slot past ``timerCongestNumEachSlot`` (always past twice it,
        at random in between)."""
        congest = self._slot_nums.get(deliver_time_ms, 0)
        limit = self.store_config.timer_congest_num_each_slot
        if congest <= limit:
            return False
        if congest >= limit * 2:
            return True
        return (int(time.time() * 1000) % 1000) > 1000 * (congest - limit) / (limit + 0.1)

    # ------------------------------------------------------------------ dequeue

    def _run(self) -> None:
        flush_interval = self.store_config.timer_flush_interval_ms / 1000.0
        next_flush = time.monotonic() + flush_interval
        while not self._stop.is_set():
            batch: List[_Entry] = []
            with self._cond:
                now = int(time.time() * 1000)
                wheel = self._wheel
                if wheel and wheel[0][0] + self.precision_ms <= now:
                    slot = wheel[0][0]
                    while wheel and wheel[0][0] == slot:
                        batch.append(heapq.heappop(wheel))
                    self._slot_nums.pop(slot, None)
                    self._in_flight = (slot, min(e[1] for e in batch))
                else:
                    timeout = (wheel[0][0] + self.precision_ms - now) / 1000.0 if wheel else None
                    if self._dirty:
                        until_flush = max(next_flush - time.monotonic(), 0.0)
                        timeout = until_flush if timeout is None else min(timeout, until_flush)
                    if timeout is None or timeout > 0:
                        self._cond.wait(timeout)
            if batch:
                if not self._deliver(batch):
                    break  # stopped with the slot half put: the checkpoint keeps it, a restart re-delivers it
                with self._cond:
                    self._in_flight = None
                    self._last_read_time_ms = max(self._last_read_time_ms, batch[0][0] + self.precision_ms)
                    self._dirty = True
            if self._dirty and time.monotonic() >= next_flush:
                self._flush_checkpoint()
                next_flush = time.monotonic() + flush_interval

    def _deliver(self, batch: List[_Entry]) -> bool:
        """Put one slot's messages into their real topics, the markers' keys cancelling theirs; False when the
        store stopped first."""
        deleted = {e[4] for e in batch if e[4] is not None}
        for _slot, queue_offset, phy_offset, size, del_key, own_key in batch:
            if del_key is not None:
                continue
            if own_key is not None and own_key in deleted:
                log.debug("timer message %s cancelled by its deletion marker", own_key)
                continue
            msg_ext = self.message_store.look_message_by_offset(phy_offset, size)
            if msg_ext is None:
                log.warning("timer queue offset %d: the message at %d is gone, skipped", queue_offset, phy_offset)
                continue
            msg_ext.properties[self.TIMER_DEQUEUE_MS] = str(int(time.time() * 1000))
            if not self._do_put(self.convert_message(msg_ext)):
                return False
            self._dequeue_tps.add(1)
        return True

    def _do_put(self, message: MessageExtBrokerInner) -> bool:
        """Java ``doPut`` with its retries: False only when the store stops."""
        while not self._stop.is_set():
            result = self.message_store.put_message(message)
            status = result.put_message_status
            if status in _OK:
                return True
            if status in _NO_RETRY or (status is PutMessageStatus.UNKNOWN_ERROR
                                       and self.store_config.timer_skip_unknown_error):
                log.warning("timer message to %s not delivered: %s", message.topic, status.name)
                return True
            self._stop.wait(_RETRY_WAIT_SECONDS)
        return False

    @staticmethod
    def convert_message(msg_ext: MessageExt) -> MessageExtBrokerInner:
        """Java ``convertMessage`` (not rolled): the message for its real topic and queue, the record that
        ``ScheduleMessageService.message_timeup`` makes (Java's two methods build the same): the stored properties
        string is taken before ``REAL_TOPIC`` / ``REAL_QID`` are read, so the delivered message keeps them, with
        ``TIMER_OUT_MS`` and ``TIMER_DEQUEUE_MS``."""
        return ScheduleMessageService.message_timeup(msg_ext)

    def _flush_checkpoint(self) -> None:
        cp = self.timer_checkpoint
        with self._cond:
            pending_offsets = [e[1] for e in self._wheel]
            read_time = self._wheel[0][0] if self._wheel else self._last_read_time_ms
            if self._in_flight is not None:
                read_time = min(read_time, self._in_flight[0])
                pending_offsets.append(self._in_flight[1])
            cp.last_read_time_ms = read_time
            cp.last_timer_queue_offset = self._enqueued_offset
            cp.min_pending_queue_offset = min(pending_offsets) if pending_offsets else self._enqueued_offset
            self._dirty = False
        cp.flush()

    # ------------------------------------------------------------------ metrics (5.3.3's brokerStatus keys)

    def get_dequeue_behind_millis(self) -> int:
        """Java ``getDequeueBehindMillis``: how long the earliest passed slot has waited."""
        with self._cond:
            if self._in_flight is not None:
                earliest = self._in_flight[0]
            elif self._wheel:
                earliest = self._wheel[0][0]
            else:
                return 0
        return max(int(time.time() * 1000) - earliest - self.precision_ms, 0)

    def get_dequeue_behind(self) -> int:
        """Java ``getDequeueBehind`` (``timerReadBehind``): in seconds."""
        return self.get_dequeue_behind_millis() // 1000

    def get_enqueue_behind_messages(self) -> int:
        """Java ``getEnqueueBehindMessages`` (``timerOffsetBehind``): timer entries not yet in the wheel."""
        cq = self.message_store.get_consume_queue(self.TIMER_TOPIC, 0)
        return max(cq.get_max_offset_in_queue() - self._enqueued_offset, 0) if cq is not None else 0

    def get_all_congest_num(self) -> int:
        """Java ``getAllCongestNum`` (``timerCongestNum``): the messages pending in the wheel."""
        return len(self._wheel)

    def get_enqueue_tps(self) -> float:
        """Java ``getEnqueueTps`` (``timerEnqueueTps``)."""
        return self._enqueue_tps.tps()

    def get_dequeue_tps(self) -> float:
        """Java ``getDequeueTps`` (``timerDequeueTps``)."""
        return self._dequeue_tps.tps()
