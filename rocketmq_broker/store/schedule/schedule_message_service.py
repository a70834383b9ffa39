"""Java ``org.apache.rocketmq.store.schedule.ScheduleMessageService``: delayed-message delivery.

A message put with delay level L (``DELAY`` property) is stored in ``SCHEDULE_TOPIC_XXXX`` queue L-1 (the
commit log's swap, see :class:`CommitLog`) with its delivery time as consume-queue tags code. One timer thread
walks each level's queue from the offset persisted in ``config/delayOffset.json`` and, once a message is due,
puts a copy into its real topic and queue (``REAL_TOPIC`` / ``REAL_QID``) like Java's synchronous delivery.
Unlike Java's timers (every level polled every 100 ms) a level with nothing left waits for
:meth:`ScheduleMessageService.on_message_stored`, and a level whose next message is not due waits until it is.
"""
from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from typing import TYPE_CHECKING, Dict, List, Optional, Set, Tuple

from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_broker.store.config.store_path_config_helper import StorePathConfigHelper
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.store.schedule.delay_offset_serialize_wrapper import DelayOffsetSerializeWrapper
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

if TYPE_CHECKING:
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["ScheduleMessageService"]

log = logging.getLogger(__name__)

_FIRST_DELAY_TIME = 1000
_DELAY_FOR_A_WHILE = 100
_DELAY_FOR_A_PERIOD = 10000
_TIME_UNITS = {"s": 1000, "m": 1000 * 60, "h": 1000 * 60 * 60, "d": 1000 * 60 * 60 * 24}


class ScheduleMessageService(Bean):
    """Delay levels, delivery times and the delivery thread."""

    #: level -> delay in ms
    delay_level_table: Prop[Dict[int, int]] = Prop(MapOf(int, int), {})
    #: level -> next schedule-queue offset to deliver
    offset_table: Prop[Dict[int, int]] = Prop(MapOf(int, int), {})
    max_delay_level = Prop(int, 0)
    #: the store the due messages are put into (Java ``setWriteMessageStore``)
    # Java's MessageStore; the class is not importable here (it imports this module)
    write_message_store: Prop[DefaultMessageStore] = Prop(object)  # type: ignore[assignment]

    def get_delay_level_table(self) -> Dict[int, int]: return self.delay_level_table
    def set_delay_level_table(self, delay_level_table: Dict[int, int]) -> None:
        self.delay_level_table = delay_level_table
    def get_offset_table(self) -> Dict[int, int]: return self.offset_table
    def set_offset_table(self, offset_table: Dict[int, int]) -> None: self.offset_table = offset_table
    def get_max_delay_level(self) -> int: return self.max_delay_level
    def set_max_delay_level(self, max_delay_level: int) -> None: self.max_delay_level = max_delay_level
    def get_write_message_store(self) -> DefaultMessageStore: return self.write_message_store
    def set_write_message_store(self, write_message_store: Optional[DefaultMessageStore]) -> None:
        self.write_message_store = write_message_store

    def __init__(self, default_message_store: "DefaultMessageStore") -> None:
        super().__init__()  # the declared defaults
        self.default_message_store = default_message_store
        self.write_message_store = default_message_store
        self.max_delay_level = 0
        self._started = False
        self._cond = threading.Condition()
        self._tasks: List[Tuple[float, int, int, int]] = []
        self._seq = itertools.count()
        self._thread: Optional[threading.Thread] = None
        self._parked: Dict[int, int] = {}
        self._stored: Set[int] = set()
        self.parse_delay_level()

    # ------------------------------------------------------------------ levels

    @staticmethod
    def queue_id2_delay_level(queue_id: int) -> int:
        """Java ``queueId2DelayLevel``."""
        return queue_id + 1

    @staticmethod
    def delay_level2_queue_id(delay_level: int) -> int:
        """Java ``delayLevel2QueueId``."""
        return delay_level - 1

    def parse_delay_level(self) -> bool:
        """Java ``parseDelayLevel``: ``messageDelayLevel`` ("1s 5s ... 2h") to level -> milliseconds."""
        level_string = self.default_message_store.message_store_config.message_delay_level
        table: Dict[int, int] = {}
        try:
            for i, value in enumerate(level_string.split(" ")):
                table[i + 1] = int(value[:-1]) * _TIME_UNITS[value[-1]]
        except (KeyError, ValueError, IndexError):
            log.exception("parseDelayLevel exception, levelString String = %s", level_string)
            return False
        self.delay_level_table = table
        self.max_delay_level = max(self.max_delay_level, len(table))
        return True

    def compute_deliver_timestamp(self, delay_level: int, store_timestamp: int) -> int:
        """Java ``computeDeliverTimestamp``: store time plus the level's delay (1 s for an unknown level)."""
        delay = self.delay_level_table.get(delay_level)
        if delay is not None:
            return delay + store_timestamp
        return store_timestamp + 1000

    # ------------------------------------------------------------------ persistence (Java ConfigManager)

    def config_file_path(self) -> str:
        """Java ``configFilePath``: ``<root>/config/delayOffset.json``."""
        return StorePathConfigHelper.get_delay_offset_store_path(
            self.default_message_store.message_store_config.store_path_root_dir)

    def encode(self) -> str:
        """Java ``encode``."""
        return DelayOffsetSerializeWrapper(offset_table=dict(self.offset_table)).to_json()

    def decode(self, json_string: Optional[str]) -> None:
        """Java ``decode``."""
        if json_string:
            wrapper = DelayOffsetSerializeWrapper.from_json(json_string)
            if wrapper is not None and wrapper.offset_table:
                self.offset_table.update(wrapper.offset_table)

    def load(self) -> bool:
        """Java ``load``: read the offsets (or their ``.bak``), parse the levels, correct the offsets."""
        path = self.config_file_path()
        for candidate in (path, path + ".bak"):
            try:
                text = MixAll.file2string(candidate)
                self.decode(text)
                if text:
                    log.info("load %s OK", candidate)
                    break
            except (OSError, ValueError):
                log.exception("load %s failed", candidate)
        return self.parse_delay_level() and self.correct_delay_offset()

    def persist(self) -> None:
        """Java ``persist``: write the offsets."""
        try:
            MixAll.string2file(self.encode(), self.config_file_path())
        except OSError:
            log.exception("persist file %s exception", self.config_file_path())

    def correct_delay_offset(self) -> bool:
        """Java ``correctDelayOffset``: clamp each offset into its queue's range."""
        for level in list(self.delay_level_table):
            cq = self.default_message_store.get_consume_queue(TopicValidator.RMQ_SYS_SCHEDULE_TOPIC,
                                                              self.delay_level2_queue_id(level))
            current = self.offset_table.get(level)
            if current is None or cq is None:
                continue
            corrected = min(max(current, cq.get_min_offset_in_queue()), cq.get_max_offset_in_queue())
            if corrected != current:
                log.error("correct delay offset [ delayLevel %d ] from %d to %d", level, current, corrected)
                self.offset_table[level] = corrected
        return True

    def build_running_stats(self, stats: Dict[str, str]) -> None:
        """Java ``buildRunningStats``: ``scheduleMessageOffset_<level>`` = ``"<offset>,<max offset>"``."""
        for level, offset in list(self.offset_table.items()):
            max_offset = self.default_message_store.get_max_offset_in_queue(
                TopicValidator.RMQ_SYS_SCHEDULE_TOPIC, self.delay_level2_queue_id(level))
            stats["scheduleMessageOffset_%d" % level] = "%d,%d" % (offset, max_offset)

    # ------------------------------------------------------------------ delivery

    def is_started(self) -> bool:
        """Java ``isStarted``."""
        return self._started

    def start(self) -> None:
        """Java ``start``: one delivery task per level after 1 s, offsets persisted every
        ``flush_delay_offset_interval`` ms."""
        with self._cond:
            if self._started:
                return
            self._started = True
            self._tasks = []
            self._parked = {}
            for level in self.delay_level_table:
                self._schedule(level, self.offset_table.get(level, 0), _FIRST_DELAY_TIME)
            self._schedule(0, 0, _DELAY_FOR_A_PERIOD)
        self._thread = threading.Thread(target=self._run, name="ScheduleMessageTimerThread", daemon=True)
        self._thread.start()

    def shutdown(self) -> None:
        """Java ``shutdown``: stop the thread and persist the offsets."""
        with self._cond:
            if not self._started:
                return
            self._started = False
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        self._thread = None
        self.persist()

    def on_message_stored(self, queue_id: int) -> None:
        """A message reached schedule queue ``queue_id``: wake its level up if it waits for one."""
        level = self.queue_id2_delay_level(queue_id)
        with self._cond:
            offset = self._parked.pop(level, None)
            if offset is not None:
                if self._started:
                    self._schedule(level, offset, 0)
            else:
                self._stored.add(level)

    def _schedule(self, level: int, offset: int, delay_ms: int) -> None:
        heapq.heappush(self._tasks, (time.monotonic() + delay_ms / 1000.0, next(self._seq), level, offset))
        self._cond.notify_all()

    def _run(self) -> None:
        log.info("ScheduleMessageService started")
        while True:
            with self._cond:
                while self._started and (not self._tasks or self._tasks[0][0] > time.monotonic()):
                    timeout = self._tasks[0][0] - time.monotonic() if self._tasks else None
                    self._cond.wait(timeout)
                if not self._started:
                    break
                _due, _seq, level, offset = heapq.heappop(self._tasks)
                self._stored.discard(level)
            if level == 0:
                self.persist()
                next_level, next_offset = 0, 0
                delay: Optional[int] = self.default_message_store.message_store_config.flush_delay_offset_interval
            else:
                next_level = level
                try:
                    next_offset, delay = self._execute_on_timeup(level, offset)
                except Exception:  # noqa: BLE001 - Java catches everything to keep the timer alive
                    log.exception("ScheduleMessageService, executeOnTimeup exception")
                    next_offset, delay = offset, _DELAY_FOR_A_PERIOD
            with self._cond:
                if not self._started:
                    continue
                if delay is None and next_level not in self._stored:
                    self._parked[next_level] = next_offset
                else:
                    self._schedule(next_level, next_offset, 0 if delay is None else delay)
        log.info("ScheduleMessageService end")

    def _correct_deliver_timestamp(self, level: int, now: int, deliver_timestamp: int) -> int:
        if deliver_timestamp > now + self.delay_level_table[level]:
            return now
        return deliver_timestamp

    def _execute_on_timeup(self, level: int, offset: int) -> Tuple[int, Optional[int]]:
        """Java ``DeliverDelayedMessageTimerTask.executeOnTimeup``: deliver the due messages from ``offset``;
        the next offset and the delay before the next run (None: wait for the next stored message)."""
        store = self.default_message_store
        cq = store.find_consume_queue(TopicValidator.RMQ_SYS_SCHEDULE_TOPIC, self.delay_level2_queue_id(level))
        buffer = cq.get_index_buffer(offset)
        if buffer is None:
            reset = offset
            if cq.get_min_offset_in_queue() > offset:
                reset = cq.get_min_offset_in_queue()
                log.error("schedule CQ offset invalid. offset=%d, cqMinOffset=%d, queueId=%d", offset, reset,
                          cq.queue_id)
            elif cq.get_max_offset_in_queue() < offset:
                reset = cq.get_max_offset_in_queue()
                log.error("schedule CQ offset invalid. offset=%d, cqMaxOffset=%d, queueId=%d", offset, reset,
                          cq.queue_id)
            else:
                return offset, None
            return reset, _DELAY_FOR_A_WHILE
        data = buffer.byte_buffer
        next_offset = offset
        count = len(data) // 20
        for i in range(count):
            if not self._started:
                return offset + i, _DELAY_FOR_A_WHILE
            offset_py = int.from_bytes(data[i * 20:i * 20 + 8], "big", signed=True)
            size_py = int.from_bytes(data[i * 20 + 8:i * 20 + 12], "big", signed=True)
            tags_code = int.from_bytes(data[i * 20 + 12:i * 20 + 20], "big", signed=True)
            now = int(time.time() * 1000)
            deliver_timestamp = self._correct_deliver_timestamp(level, now, tags_code)
            next_offset = offset + i
            if deliver_timestamp - now > 0:
                return next_offset, min(deliver_timestamp - now, _DELAY_FOR_A_PERIOD)
            msg_ext = store.look_message_by_offset(offset_py, size_py)
            if msg_ext is None:
                continue
            msg_inner = self.message_timeup(msg_ext)
            if msg_inner.topic == TopicValidator.RMQ_SYS_TRANS_HALF_TOPIC:
                log.error("[BUG] the real topic of schedule msg is %s, discard the msg. msg=%s", msg_inner.topic,
                          msg_inner)
                continue
            result = self.write_message_store.put_message(msg_inner)
            if result is None or result.put_message_status is not PutMessageStatus.PUT_OK:
                log.error("ScheduleMessageService, a message time up, but reput it failed, topic: %s msgId %s",
                          msg_inner.topic, msg_ext.msg_id)
                return next_offset, _DELAY_FOR_A_WHILE
            self.offset_table[level] = next_offset + 1
        return offset + count, 0

    @staticmethod
    def message_timeup(msg_ext: MessageExt) -> MessageExtBrokerInner:
        """Java ``messageTimeup``: the message to put into its real topic and queue. Like Java the stored
        properties string (in the order of Java's ``HashMap`` of the properties) is taken before ``WAIT`` and
        ``DELAY`` are changed, so it keeps them."""
        msg_inner = MessageExtBrokerInner()
        msg_inner.body = msg_ext.body
        msg_inner.flag = msg_ext.flag
        msg_inner.properties = dict(msg_ext.properties) if msg_ext.properties else {}
        msg_inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(msg_inner.get_tags())
        msg_inner.properties_string = MessageDecoder.message_properties2string(
            java_hash_map_order(msg_ext.properties) if msg_ext.properties else None)
        msg_inner.sys_flag = msg_ext.sys_flag
        msg_inner.born_timestamp = msg_ext.born_timestamp
        msg_inner.born_host = msg_ext.born_host
        msg_inner.store_host = msg_ext.store_host
        msg_inner.reconsume_times = msg_ext.reconsume_times
        msg_inner.set_wait_store_msg_ok(False)
        msg_inner.clear_property(MessageConst.PROPERTY_DELAY_TIME_LEVEL)
        msg_inner.topic = msg_inner.get_property(MessageConst.PROPERTY_REAL_TOPIC)
        real_queue_id = msg_inner.get_property(MessageConst.PROPERTY_REAL_QUEUE_ID)
        if real_queue_id is None:  # Java's Integer.parseInt(null) throws NumberFormatException
            raise ValueError("delayed message %s has no %s property" % (msg_ext.msg_id,
                                                                        MessageConst.PROPERTY_REAL_QUEUE_ID))
        msg_inner.queue_id = int(real_queue_id)
        return msg_inner
