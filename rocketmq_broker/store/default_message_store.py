"""Java ``org.apache.rocketmq.store.DefaultMessageStore``: the message store of one embedded broker.

Life cycle: ``DefaultMessageStore(config, ...)`` then :meth:`load` (open files, recover), :meth:`start`
(re-dispatch what the consume queues miss, start the flush / schedule / cleaning threads, write the ``abort``
file) and :meth:`shutdown` (flush, join every thread, delete ``abort``); ``with DefaultMessageStore(cfg) as s``
does all three. Method names and semantics are Java's ``MessageStore`` in snake_case; the broker's processors
call it as Java's processors call ``MessageStore``.

Records are dispatched (consume queue, index, :meth:`get_dispatcher_list` extras) synchronously by the put
that appends them, so there is no ReputMessageService thread; :meth:`dispatch_behind_bytes` is always 0.
"""
from __future__ import annotations

import concurrent.futures
import logging
import os
import struct
import threading
import time
from typing import Any, Dict, List, Optional, Set

from rocketmq_broker.broker_config import BrokerConfig
from rocketmq_broker.store.clean_files_service import (CleanCommitLogService, CleanConsumeQueueService,
                                                       StoreScheduledService)
from rocketmq_broker.store.commit_log import CommitLog
from rocketmq_broker.store.commit_log_dispatcher import (CommitLogDispatcher, CommitLogDispatcherBuildConsumeQueue,
                                                         CommitLogDispatcherBuildIndex)
from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
from rocketmq_broker.store.config.store_path_config_helper import StorePathConfigHelper
from rocketmq_broker.store.consume_queue import CQ_STORE_UNIT_SIZE, ConsumeQueue
from rocketmq_broker.store.dispatch_request import DispatchRequest
from rocketmq_broker.store.flush_consume_queue_service import FlushConsumeQueueService
from rocketmq_broker.store.get_message_result import GetMessageResult
from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.hook.put_message_hook import PutMessageHook
from rocketmq_broker.store.index.index_service import IndexService
from rocketmq_broker.store.message_arriving_listener import MessageArrivingListener
from rocketmq_broker.store.message_filter import MessageFilter
from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.store.query_message_result import QueryMessageResult
from rocketmq_broker.store.reput_message_service import ReputMessageService
from rocketmq_broker.store.running_flags import RunningFlags
from rocketmq_broker.store.schedule.schedule_message_service import ScheduleMessageService
from rocketmq_broker.store.select_mapped_buffer_result import SelectMappedBufferResult
from rocketmq_broker.store.stats.broker_stats_manager import BrokerStatsManager
from rocketmq_broker.store.store_checkpoint import StoreCheckpoint
from rocketmq_broker.store.store_stats_service import StoreStatsService
from rocketmq_broker.store.store_util import StoreUtil
from rocketmq_broker.store.timer.timer_message_store import TimerMessageStore
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_batch import MessageExtBatch
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.protocol.body.ha_runtime_info import HARuntimeInfo
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, ListOf, MapOf, Prop
from rocketmq_remoting.common.completable_future import CompletableFuture

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["DefaultMessageStore"]

log = logging.getLogger(__name__)

_ENTRY_UNPACK = struct.Struct(">qiq").unpack_from
_BLANK_ENTRY_SIZE = 0x7FFFFFFF  # the size of a blank consume-queue entry (Integer.MAX_VALUE)
_MAX_FILTER_BYTES = 16000
#: Java ``DefaultMessageStore.MAX_PULL_MSG_SIZE``: the byte cap of a batch for callers that give none (128 MiB)
MAX_PULL_MSG_SIZE = 128 * 1024 * 1024
_SCHEDULE_TOPIC = TopicValidator.RMQ_SYS_SCHEDULE_TOPIC
_TIMER_TOPIC = TimerMessageStore.TIMER_TOPIC
_SLAVE = BrokerRole.SLAVE
_PUT_OK = PutMessageStatus.PUT_OK
_FOUND = GetMessageStatus.FOUND
_NO_MATCHED_MESSAGE = GetMessageStatus.NO_MATCHED_MESSAGE


class DefaultMessageStore(Bean):
    """Commit log + consume queues + index of one broker (see the module doc). Extra dispatchers go into
    ``get_dispatcher_list()`` before :meth:`load` (``insert(0, d)`` is Java's ``addFirst``). As in 5.3.3,
    :meth:`put_message` first runs ``get_put_message_hook_list()`` (the broker registers HookUtils' timer
    conversion there) and the timer topic's entries go to ``timer_message_store`` when one is set."""

    message_store_config = Prop(MessageStoreConfig)
    broker_stats_manager = Prop(BrokerStatsManager)
    message_arriving_listener = Prop(MessageArrivingListener)
    broker_config = Prop(BrokerConfig)
    commit_log = Prop(CommitLog)
    store_checkpoint = Prop(StoreCheckpoint)
    schedule_message_service = Prop(ScheduleMessageService)
    store_stats_service = Prop(StoreStatsService)
    index_service = Prop(IndexService)
    running_flags = Prop(RunningFlags)
    consume_queue_table = Prop(MapOf(str, MapOf(int, ConsumeQueue)))
    dispatcher_list = Prop(ListOf(CommitLogDispatcher))
    put_message_hook_list = Prop(ListOf(PutMessageHook))
    timer_message_store = Prop(TimerMessageStore)
    #: 5.3.3: a slave's copy of its master's flushed offset (RESET_MASTER_FLUSH_OFFSET; kept in memory here, not in
    #: the checkpoint file)
    master_flushed_offset = Prop(int, 0)

    def get_message_store_config(self) -> MessageStoreConfig: return self.message_store_config
    def set_message_store_config(self, message_store_config: Optional[MessageStoreConfig]) -> None:
        self.message_store_config = message_store_config
    def get_broker_stats_manager(self) -> BrokerStatsManager: return self.broker_stats_manager
    def set_broker_stats_manager(self, broker_stats_manager: Optional[BrokerStatsManager]) -> None:
        self.broker_stats_manager = broker_stats_manager
    def get_message_arriving_listener(self) -> MessageArrivingListener: return self.message_arriving_listener
    def set_message_arriving_listener(self, message_arriving_listener: Optional[MessageArrivingListener]) -> None:
        self.message_arriving_listener = message_arriving_listener
    def get_broker_config(self) -> BrokerConfig: return self.broker_config
    def set_broker_config(self, broker_config: Optional[BrokerConfig]) -> None: self.broker_config = broker_config
    def get_commit_log(self) -> CommitLog: return self.commit_log
    def set_commit_log(self, commit_log: Optional[CommitLog]) -> None: self.commit_log = commit_log
    def get_store_checkpoint(self) -> StoreCheckpoint: return self.store_checkpoint
    def set_store_checkpoint(self, store_checkpoint: Optional[StoreCheckpoint]) -> None:
        self.store_checkpoint = store_checkpoint
    def get_schedule_message_service(self) -> ScheduleMessageService: return self.schedule_message_service
    def set_schedule_message_service(self, schedule_message_service: Optional[ScheduleMessageService]) -> None:
        self.schedule_message_service = schedule_message_service
    def get_store_stats_service(self) -> StoreStatsService: return self.store_stats_service
    def set_store_stats_service(self, store_stats_service: Optional[StoreStatsService]) -> None:
        self.store_stats_service = store_stats_service
    def get_index_service(self) -> IndexService: return self.index_service
    def set_index_service(self, index_service: Optional[IndexService]) -> None: self.index_service = index_service
    def get_running_flags(self) -> RunningFlags: return self.running_flags
    def set_running_flags(self, running_flags: Optional[RunningFlags]) -> None: self.running_flags = running_flags
    def get_consume_queue_table(self) -> Dict[str, Dict[int, ConsumeQueue]]: return self.consume_queue_table
    def set_consume_queue_table(self, consume_queue_table: Optional[Dict[str, Dict[int, ConsumeQueue]]]) -> None:
        self.consume_queue_table = consume_queue_table
    def get_dispatcher_list(self) -> List[CommitLogDispatcher]: return self.dispatcher_list
    def set_dispatcher_list(self, dispatcher_list: Optional[List[CommitLogDispatcher]]) -> None:
        self.dispatcher_list = dispatcher_list
    def get_put_message_hook_list(self) -> List[PutMessageHook]: return self.put_message_hook_list
    def set_put_message_hook_list(self, put_message_hook_list: Optional[List[PutMessageHook]]) -> None:
        self.put_message_hook_list = put_message_hook_list
    def get_timer_message_store(self) -> TimerMessageStore: return self.timer_message_store
    def set_timer_message_store(self, timer_message_store: Optional[TimerMessageStore]) -> None:
        self.timer_message_store = timer_message_store
    def get_master_flushed_offset(self) -> int: return self.master_flushed_offset
    def set_master_flushed_offset(self, master_flushed_offset: int) -> None:
        self.master_flushed_offset = master_flushed_offset

    def __init__(self, message_store_config: MessageStoreConfig,
                 broker_stats_manager: Optional[BrokerStatsManager] = None,
                 message_arriving_listener: Optional[MessageArrivingListener] = None,
                 broker_config: Optional[BrokerConfig] = None) -> None:
        message_store_config.normalize()
        self.message_store_config = message_store_config
        self.broker_stats_manager = broker_stats_manager
        self.message_arriving_listener = message_arriving_listener
        self.broker_config = broker_config
        self.running_flags = RunningFlags()
        self.store_checkpoint = None  # set by load()
        self.consume_queue_table = {}
        self.store_stats_service = StoreStatsService()
        self.schedule_message_service = ScheduleMessageService(self)
        self.commit_log = CommitLog(self)
        self.index_service = IndexService(self)
        self.flush_consume_queue_service = FlushConsumeQueueService(self)
        self.clean_commit_log_service = CleanCommitLogService(self)
        self.clean_consume_queue_service = CleanConsumeQueueService(self)
        self.store_scheduled_service = StoreScheduledService(self)
        self.reput_message_service = ReputMessageService(self)
        self.dispatcher_list = [CommitLogDispatcherBuildConsumeQueue(self), CommitLogDispatcherBuildIndex(self)]
        self.put_message_hook_list = []
        self.timer_message_store = None
        self.shutdown_flag = True
        self.shut_down_normal = False
        self._loaded = False
        self._cq_table_lock = threading.Lock()
        root = message_store_config.store_path_root_dir
        os.makedirs(root, exist_ok=True)
        os.makedirs(self.get_store_path_physic(), exist_ok=True)
        os.makedirs(self.get_store_path_logic(), exist_ok=True)
        self._lock_fd = os.open(StorePathConfigHelper.get_lock_file(root), os.O_RDWR | os.O_CREAT, 0o644)
        self._locked = False

    def load(self) -> bool:
        """Java ``load``: lock the store directory (Java locks in ``start``, after recovery has already touched
        the files; a second store on the same directory raises ``RuntimeError`` here), open the commit log,
        consume queues, checkpoint and index, then recover (normally when the ``abort`` file is absent, else
        abnormally)."""
        self._lock_directory()
        try:
            last_exit_ok = not os.path.exists(self._abort_file())
            log.info("last shutdown %s", "normally" if last_exit_ok else "abnormally")
            result = self.commit_log.load() and self._load_consume_queue()
            if result:
                self.store_checkpoint = StoreCheckpoint(
                    StorePathConfigHelper.get_store_checkpoint(self.message_store_config.store_path_root_dir))
                result = self.index_service.load(last_exit_ok)
            if result:
                self._recover(last_exit_ok)
                log.info("load over, and the max phy offset = %d", self.get_max_phy_offset())
                result = self.schedule_message_service.load()
        except (OSError, ValueError):
            log.exception("load exception")
            result = False
        self._loaded = result
        return result

    def _lock_directory(self) -> None:
        if self._locked:
            return
        if fcntl is not None:
            try:
                fcntl.flock(self._lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise RuntimeError("Lock failed,MQ already started") from None
        self._locked = True
        os.pwrite(self._lock_fd, b"lock", 0)

    def start(self) -> None:
        """Java ``start``: dispatch the records the consume queues or the index miss, start the threads,
        create the ``abort`` file."""
        if not self._loaded:
            raise RuntimeError("load() the store successfully before start()")
        reput_from = self.commit_log.get_min_offset()
        for queues in list(self.consume_queue_table.values()):
            for cq in list(queues.values()):
                reput_from = max(reput_from, cq.get_max_physic_offset())
        reput_from = max(reput_from, 0, self.commit_log.get_min_offset())
        rebuild_index_from = self.index_service.get_rebuild_from_offset()
        if rebuild_index_from is not None:
            reput_from = max(min(reput_from, rebuild_index_from), self.commit_log.get_min_offset(), 0)
        log.info("[SetReputOffset] reputFrom=%d clMinOffset=%d clMaxOffset=%d", reput_from,
                 self.commit_log.get_min_offset(), self.commit_log.get_max_offset())
        self.reput_message_service.do_reput(reput_from)
        self.recover_topic_queue_table()
        if self.message_store_config.broker_role is not BrokerRole.SLAVE:
            self.schedule_message_service.start()
        self.flush_consume_queue_service.start()
        self.commit_log.start()
        self.store_stats_service.start()
        self.store_scheduled_service.start()
        with open(self._abort_file(), "a"):
            pass
        self.shutdown_flag = False

    def shutdown(self) -> None:
        """Java ``shutdown``: stop every thread after the last flushes, delete the ``abort`` file."""
        if not self.shutdown_flag:
            self.shutdown_flag = True
            self.store_scheduled_service.shutdown()
            self.schedule_message_service.shutdown()
            self.store_stats_service.shutdown()
            with self.commit_log.put_message_lock:
                pass  # the puts already in the lock finish before the files close
            self.commit_log.shutdown()
            self.flush_consume_queue_service.shutdown()
            self.index_service.shutdown()
            self.store_checkpoint.flush()
            if self.running_flags.is_writeable() and not self._has_uncommitted_logics():
                self._delete_file(self._abort_file())
                self.shut_down_normal = True
            else:
                log.warning("the store may be wrong, so shutdown abnormally, and keep abort file.")
        self._close_files()
        if self._locked and fcntl is not None:
            fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
        self._locked = False
        if self._lock_fd >= 0:
            os.close(self._lock_fd)
            self._lock_fd = -1

    def _has_uncommitted_logics(self) -> bool:
        """Consume-queue entries a commit could not write (a full disk): then the next start must rebuild them
        from the commit log (the ``abort`` file stays)."""
        return any(f.has_uncommitted_data() for queues in list(self.consume_queue_table.values())
                   for cq in list(queues.values()) for f in cq.mapped_file_queue.mapped_files)

    def _close_files(self) -> None:
        """Close every file (also after a load without start); idempotent."""
        self.commit_log.mapped_file_queue.shutdown()
        for queues in list(self.consume_queue_table.values()):
            for cq in list(queues.values()):
                cq.shutdown()
        self.index_service.shutdown()
        if self.store_checkpoint is not None:
            self.store_checkpoint.shutdown()

    def destroy(self) -> None:
        """Java ``destroy``: delete the consume queues, commit log, index, ``abort`` and ``checkpoint``."""
        self.destroy_logics()
        self.commit_log.destroy()
        self.index_service.destroy()
        self._delete_file(self._abort_file())
        self._delete_file(StorePathConfigHelper.get_store_checkpoint(self.message_store_config.store_path_root_dir))

    def destroy_logics(self) -> None:
        """Java ``destroyLogics``: delete every consume queue."""
        for queues in list(self.consume_queue_table.values()):
            for cq in list(queues.values()):
                cq.destroy()

    def __enter__(self) -> "DefaultMessageStore":
        if not self.load():
            self.shutdown()
            raise RuntimeError("the message store at %s failed to load" % self.message_store_config.store_path_root_dir)
        self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    def __repr__(self) -> str:
        return "DefaultMessageStore[%s]" % self.message_store_config.store_path_root_dir

    def _abort_file(self) -> str:
        return StorePathConfigHelper.get_abort_file(self.message_store_config.store_path_root_dir)

    @staticmethod
    def _delete_file(path: str) -> None:
        try:
            os.remove(path)
            log.info("%s delete OK", path)
        except FileNotFoundError:
            log.info("%s delete Failed: absent", path)

    def _load_consume_queue(self) -> bool:
        root = self.get_store_path_logic()
        if not os.path.isdir(root):
            return True
        for topic in sorted(os.listdir(root)):
            topic_dir = os.path.join(root, topic)
            if not os.path.isdir(topic_dir):
                continue
            for name in sorted(os.listdir(topic_dir)):
                try:
                    queue_id = int(name)
                except ValueError:
                    continue
                cq = ConsumeQueue(topic, queue_id, root, self.message_store_config.get_mapped_file_size_consume_queue(),
                                  self)
                self.consume_queue_table.setdefault(topic, {})[queue_id] = cq
                if not cq.load():
                    return False
        log.info("load logics queue all over, OK")
        return True

    def _recover(self, last_exit_ok: bool) -> None:
        max_phy_offset_of_consume_queue = -1
        for queues in self.consume_queue_table.values():
            for cq in queues.values():
                cq.recover()
                max_phy_offset_of_consume_queue = max(max_phy_offset_of_consume_queue, cq.get_max_physic_offset())
        if last_exit_ok:
            self.commit_log.recover_normally(max_phy_offset_of_consume_queue)
        else:
            self.commit_log.recover_abnormally(max_phy_offset_of_consume_queue)
        for queues in self.consume_queue_table.values():
            for cq in queues.values():
                cq.get_mapped_file_queue().commit()  # re-dispatched entries reach the files now
        self.index_service.truncate(self.commit_log.get_max_offset())
        self.recover_topic_queue_table()

    def recover_topic_queue_table(self) -> None:
        """Java ``recoverTopicQueueTable``: next queue offsets from the consume queues."""
        table: Dict[str, int] = {}
        min_phy_offset = self.commit_log.get_min_offset()
        for queues in list(self.consume_queue_table.values()):
            for cq in list(queues.values()):
                table["%s-%d" % (cq.topic, cq.queue_id)] = cq.get_max_offset_in_queue()
                cq.correct_min_offset(min_phy_offset)
        self.commit_log.set_topic_queue_table(table)

    def truncate_dirty_logic_files(self, phy_offset: int) -> None:
        """Java ``truncateDirtyLogicFiles``: drop consume-queue entries at or beyond ``phy_offset``."""
        for queues in list(self.consume_queue_table.values()):
            for cq in list(queues.values()):
                cq.truncate_dirty_logic_files(phy_offset)

    def do_dispatch(self, request: DispatchRequest) -> None:
        """Java ``doDispatch``: run every dispatcher (a failing one is logged and skipped)."""
        for dispatcher in self.dispatcher_list:
            try:
                dispatcher.dispatch(request)
            except Exception:  # noqa: BLE001 - Java's reput thread logs and goes on
                log.exception("dispatcher %r failed on the record at %d", dispatcher, request.commit_log_offset)

    def put_message_position_info(self, request: DispatchRequest) -> None:
        """Java ``putMessagePositionInfo``: append the consume-queue entry."""
        queues = self.consume_queue_table.get(request.topic)
        cq = queues.get(request.queue_id) if queues is not None else None
        if cq is None:
            cq = self.find_consume_queue(request.topic, request.queue_id)
        cq.put_message_position_info_wrapper(request)
        if request.topic == _SCHEDULE_TOPIC:
            self.schedule_message_service.on_message_stored(request.queue_id)
        elif request.topic == _TIMER_TOPIC and self.timer_message_store is not None:
            self.timer_message_store.on_message_stored(request)

    def notify_message_arriving(self, request: DispatchRequest) -> None:
        """Java reput's ``messageArrivingListener.arriving`` call (not on a slave, not when long polling
        is disabled in the broker config)."""
        listener = self.message_arriving_listener
        if listener is None or self.message_store_config.broker_role is _SLAVE:
            return
        if self.broker_config is not None and not getattr(self.broker_config, "long_polling_enable", True):
            return
        try:
            listener.arriving(request.topic, request.queue_id, request.consume_queue_offset + 1,
                              request.tags_code, request.store_timestamp, request.bit_map, request.properties_map)
        except Exception:  # noqa: BLE001 - a listener failure must not fail the put
            log.exception("message arriving listener failed for %s-%d", request.topic, request.queue_id)

    def _check_store_status(self) -> PutMessageStatus:
        if self.shutdown_flag:
            log.warning("message store has shutdown, so putMessage is forbidden")
            return PutMessageStatus.SERVICE_NOT_AVAILABLE
        if self.message_store_config.broker_role is BrokerRole.SLAVE:
            return PutMessageStatus.SERVICE_NOT_AVAILABLE
        if not self.running_flags.is_writeable():
            log.warning("the message store is not writable. It may be caused by one of the following reasons: "
                        "the broker's disk is full, write to logic queue error, write to index file error, etc")
            return PutMessageStatus.SERVICE_NOT_AVAILABLE
        if self.is_os_page_cache_busy():
            return PutMessageStatus.OS_PAGECACHE_BUSY
        return PutMessageStatus.PUT_OK

    def put_message(self, msg: MessageExtBrokerInner) -> PutMessageResult:
        """Java ``putMessage``: store one message; the result's status is PUT_OK, FLUSH_DISK_TIMEOUT (stored,
        not yet flushed), SERVICE_NOT_AVAILABLE, MESSAGE_ILLEGAL or PROPERTIES_SIZE_EXCEEDED."""
        if self.shutdown_flag or self.running_flags.flag_bits or self.message_store_config.broker_role is _SLAVE:
            status = self._check_store_status()
            if status is not _PUT_OK:
                return PutMessageResult(status, None)
        if len(msg.topic) > 127:
            log.warning("putMessage message topic length too long %d", len(msg.topic))
            return PutMessageResult(PutMessageStatus.MESSAGE_ILLEGAL, None)
        if msg.born_host is None or msg.store_host is None:
            raise ValueError("a message to store needs its born host and store host")
        for hook in self.put_message_hook_list:
            hook_result = hook.execute_before_put_message(msg)
            if hook_result is not None:
                return hook_result
        properties_string = msg.properties_string
        if properties_string is not None and len(properties_string) > 32767:
            log.warning("putMessage message properties length too long %d", len(properties_string))
            return PutMessageResult(PutMessageStatus.MESSAGE_ILLEGAL, None)
        monotonic = time.monotonic
        begin = monotonic()
        result = self.commit_log.put_message(msg)
        elapsed = monotonic() - begin
        if elapsed > 0.001 or result.append_message_result is None:
            self._after_put(result, elapsed)
        return result

    def put_messages(self, message_ext_batch: MessageExtBatch) -> PutMessageResult:
        """Java ``putMessages``: store a batch (the body holds the batch records)."""
        status = self._check_store_status()
        if status is not PutMessageStatus.PUT_OK:
            return PutMessageResult(status, None)
        if len(message_ext_batch.topic) > 127:
            log.warning("putMessage message topic length too long %d", len(message_ext_batch.topic))
            return PutMessageResult(PutMessageStatus.MESSAGE_ILLEGAL, None)
        if message_ext_batch.born_host is None or message_ext_batch.store_host is None:
            raise ValueError("a batch to store needs its born host and store host")
        body = message_ext_batch.body
        if body is not None and len(body) > self.message_store_config.max_message_size:
            log.warning("PutMessages body length too long %d", len(body))
            return PutMessageResult(PutMessageStatus.MESSAGE_ILLEGAL, None)
        begin = time.monotonic()
        result = self.commit_log.put_messages(message_ext_batch)
        self._after_put(result, time.monotonic() - begin)
        return result

    def _after_put(self, result: PutMessageResult, elapsed_seconds: float) -> None:
        elapsed = int(elapsed_seconds * 1000)
        if elapsed > 500:
            log.warning("putMessage not in lock elapsed time(ms)=%d", elapsed)
        stats = self.store_stats_service
        stats.set_put_message_entire_time_max(elapsed)
        if not result.is_ok():
            stats.get_put_message_failed_times().add(1)

    def async_put_message(self, msg: MessageExtBrokerInner) -> "concurrent.futures.Future[PutMessageResult]":
        """Java ``asyncPutMessage``: :meth:`put_message` as a completed future."""
        return _completed(self.put_message(msg))

    def async_put_messages(self, message_ext_batch: MessageExtBatch
                           ) -> "concurrent.futures.Future[PutMessageResult]":
        """Java ``asyncPutMessages``: :meth:`put_messages` as a completed future."""
        return _completed(self.put_messages(message_ext_batch))

    def is_os_page_cache_busy(self) -> bool:
        """Java ``isOSPageCacheBusy``: never (puts do not block on the page cache here)."""
        return False

    def lock_time_mills(self) -> int:
        """Java ``lockTimeMills``."""
        return self.commit_log.lock_time_mills()

    def is_transient_store_pool_deficient(self) -> bool:
        """Java ``isTransientStorePoolDeficient``: never (write buffers are not drawn from a bounded pool here)."""
        return False

    def get_message(self, group: str, topic: str, queue_id: int, offset: int, max_msg_nums: int,
                    message_filter: Optional[MessageFilter] = None,
                    max_total_msg_size: int = MAX_PULL_MSG_SIZE) -> Optional[GetMessageResult]:
        """Java ``getMessage`` (both overloads of 5.3.3: ``max_total_msg_size``, the byte cap of the batch, is the
        argument before ``messageFilter`` of the long one): up to ``max_msg_nums`` records of a queue from
        ``offset`` (capped by it and by ``max_transfer_*``; the first record always goes), filtered by
        ``message_filter``; None when the store is shut down or unreadable."""
        if self.shutdown_flag:
            log.warning("message store has shutdown, so getMessage is forbidden")
            return None
        if not self.running_flags.is_readable():
            log.warning("message store is not readable, so getMessage is forbidden %d", self.running_flags.flag_bits)
            return None
        begin = time.monotonic()
        get_result: Optional[GetMessageResult] = None
        max_offset_py = self.commit_log.get_max_offset()
        consume_queue = self.find_consume_queue(topic, queue_id)
        min_offset = consume_queue.get_min_offset_in_queue()
        max_offset = consume_queue.get_max_offset_in_queue()
        if max_offset == 0:
            status = GetMessageStatus.NO_MESSAGE_IN_QUEUE
            next_begin_offset = self._next_offset_correction(offset, 0)
        elif offset < min_offset:
            status = GetMessageStatus.OFFSET_TOO_SMALL
            next_begin_offset = self._next_offset_correction(offset, min_offset)
        elif offset == max_offset:
            status = GetMessageStatus.OFFSET_OVERFLOW_ONE
            next_begin_offset = self._next_offset_correction(offset, offset)
        elif offset > max_offset:
            status = GetMessageStatus.OFFSET_OVERFLOW_BADLY
            next_begin_offset = self._next_offset_correction(offset, max_offset)
        else:
            max_filter_bytes = max(_MAX_FILTER_BYTES, max_msg_nums * CQ_STORE_UNIT_SIZE)
            buffer_cq = consume_queue.get_index_buffer(offset, max_filter_bytes)
            if buffer_cq is not None:
                get_result = GetMessageResult()
                status, scanned = self._read_messages(get_result, buffer_cq.byte_buffer, max_msg_nums,
                                                      max_total_msg_size, max_offset_py, message_filter)
                next_begin_offset = offset + scanned
            else:
                status = GetMessageStatus.OFFSET_FOUND_NULL
                next_begin_offset = self._next_offset_correction(offset, consume_queue.roll_next_file(offset))
                log.warning("consumer request topic: %s offset: %d minOffset: %d maxOffset: %d, but access logic "
                            "queue failed.", topic, offset, min_offset, max_offset)
        stats = self.store_stats_service
        if status is GetMessageStatus.FOUND:
            stats.get_get_message_times_total_found().add(1)
        else:
            stats.get_get_message_times_total_miss().add(1)
        stats.set_get_message_entire_time_max(int((time.monotonic() - begin) * 1000))
        if get_result is None:
            get_result = GetMessageResult()
        get_result.status = status
        get_result.next_begin_offset = next_begin_offset
        get_result.max_offset = max_offset
        get_result.min_offset = min_offset
        return get_result

    def _read_messages(self, get_result: GetMessageResult, entries: bytes, max_msg_nums: int,
                       max_total_msg_size: int, max_offset_py: int, message_filter: Optional[MessageFilter]):
        """The scan loop of Java ``getMessage`` (with ``isTheBatchFull`` inline: it runs per message pulled):
        (status, number of entries consumed)."""
        commit_log = self.commit_log
        get_message = commit_log.message_reader()
        config = self.message_store_config
        memory = int(StoreUtil.TOTAL_PHYSICAL_MEMORY_SIZE * (config.access_message_in_memory_max_ratio / 100.0))
        # isTheBatchFull's limits: (bytes, count) for messages in memory and on disk
        memory_limits = (min(config.max_transfer_bytes_on_message_in_memory, max_total_msg_size),
                         config.max_transfer_count_on_message_in_memory - 1)
        disk_limits = (min(config.max_transfer_bytes_on_message_in_disk, max_total_msg_size),
                       config.max_transfer_count_on_message_in_disk - 1)
        buffers = get_result.message_buffer_list
        add_message = get_result.add_message
        status = _NO_MATCHED_MESSAGE
        next_phy_file_start_offset = None
        max_phy_offset_pulling = 0
        unpack = _ENTRY_UNPACK
        size = len(entries) - len(entries) % CQ_STORE_UNIT_SIZE
        i = 0
        while i < size:
            offset_py, size_py, tags_code = unpack(entries, i)
            if size_py == _BLANK_ENTRY_SIZE:  # a blank entry (fillPreBlank, an unreadable record): no message
                i += CQ_STORE_UNIT_SIZE
                continue
            max_phy_offset_pulling = offset_py
            if next_phy_file_start_offset is not None and offset_py < next_phy_file_start_offset:
                i += CQ_STORE_UNIT_SIZE
                continue
            buffer_total = get_result.buffer_total_size
            message_total = len(buffers)
            if buffer_total and message_total:  # isTheBatchFull
                if max_msg_nums <= message_total:
                    break
                max_bytes, max_count = disk_limits if (max_offset_py - offset_py) > memory else memory_limits
                if buffer_total + size_py > max_bytes or message_total > max_count:
                    break
            if message_filter is not None and not message_filter.is_matched_by_consume_queue(tags_code, None):
                if buffer_total == 0:
                    status = _NO_MATCHED_MESSAGE
                i += CQ_STORE_UNIT_SIZE
                continue
            data = get_message(offset_py, size_py)
            if data is None:
                if buffer_total == 0:
                    status = GetMessageStatus.MESSAGE_WAS_REMOVING
                next_phy_file_start_offset = commit_log.roll_next_file(offset_py)
                i += CQ_STORE_UNIT_SIZE
                continue
            if message_filter is not None and not message_filter.is_matched_by_commit_log(data, None):
                if buffer_total == 0:
                    status = _NO_MATCHED_MESSAGE
                i += CQ_STORE_UNIT_SIZE
                continue
            add_message(data, offset_py)
            status = _FOUND
            next_phy_file_start_offset = None
            i += CQ_STORE_UNIT_SIZE
        self.store_stats_service.get_get_message_transfered_msg_count().add(len(buffers))
        get_result.suggest_pulling_from_slave = (max_offset_py - max_phy_offset_pulling) > memory
        return status, i // CQ_STORE_UNIT_SIZE

    def _next_offset_correction(self, old_offset: int, new_offset: int) -> int:
        """Java ``nextOffsetCorrection``: a slave without ``offset_check_in_slave`` keeps the old offset."""
        if self.message_store_config.broker_role is not BrokerRole.SLAVE or \
                self.message_store_config.offset_check_in_slave:
            return new_offset
        return old_offset

    def get_max_offset_in_queue(self, topic: str, queue_id: int) -> int:
        """Java ``getMaxOffsetInQueue``: the queue's next offset (0 for an unknown queue)."""
        cq = self.find_consume_queue(topic, queue_id)
        return cq.get_max_offset_in_queue()

    def get_min_offset_in_queue(self, topic: str, queue_id: int) -> int:
        """Java ``getMinOffsetInQueue``."""
        cq = self.find_consume_queue(topic, queue_id)
        return cq.get_min_offset_in_queue()

    def get_commit_log_offset_in_queue(self, topic: str, queue_id: int, consume_queue_offset: int) -> int:
        """Java ``getCommitLogOffsetInQueue``: commit-log offset of a queue entry (0 when absent)."""
        entry = self.find_consume_queue(topic, queue_id).get_entry(consume_queue_offset)
        return entry[0] if entry is not None else 0

    def get_offset_in_queue_by_time(self, topic: str, queue_id: int, timestamp: int) -> int:
        """Java ``getOffsetInQueueByTime``."""
        return self.find_consume_queue(topic, queue_id).get_offset_in_queue_by_time(timestamp)

    def look_message_by_offset(self, commit_log_offset: int, size: Optional[int] = None) -> Optional[MessageExt]:
        """Java ``lookMessageByOffset``: the decoded message at a commit-log offset (body as stored)."""
        data = self.select_one_message_by_offset(commit_log_offset, size)
        if data is None:
            return None
        return MessageDecoder.decode(data, True, False)

    def select_one_message_by_offset(self, commit_log_offset: int, msg_size: Optional[int] = None
                                     ) -> Optional[bytes]:
        """Java ``selectOneMessageByOffset``: the stored record at a commit-log offset (its own size
        unless ``msg_size`` is given), or None."""
        if msg_size is None:
            head = self.commit_log.get_message(commit_log_offset, 4)
            if head is None:
                return None
            msg_size = int.from_bytes(head, "big", signed=True)
            if msg_size <= 0:
                return None
        return self.commit_log.get_message(commit_log_offset, msg_size)

    def get_commit_log_data(self, offset: int) -> Optional[SelectMappedBufferResult]:
        """Java ``getCommitLogData``: the commit-log bytes from ``offset`` to the end of its segment."""
        if self.shutdown_flag:
            log.warning("message store has shutdown, so getPhyQueueData is forbidden")
            return None
        return self.commit_log.get_data(offset)

    def get_max_phy_offset(self) -> int:
        """Java ``getMaxPhyOffset``."""
        return self.commit_log.get_max_offset()

    def get_min_phy_offset(self) -> int:
        """Java ``getMinPhyOffset``."""
        return self.commit_log.get_min_offset()

    def get_ha_runtime_info(self) -> HARuntimeInfo:
        """Java ``getHARuntimeInfo`` (5.3.3) with Java's ``DefaultHAService.getRuntimeInfo``: this store replicates
        to no slave and from no master, so a master reports its commit log's max offset and no slave, a slave its
        max offset and the master flushed offset it was given."""
        info = HARuntimeInfo()
        if self.message_store_config.broker_role is BrokerRole.SLAVE:
            info.master = False
            info.ha_client_runtime_info.max_offset = self.get_max_phy_offset()
            info.ha_client_runtime_info.master_flush_offset = self.master_flushed_offset
        else:
            info.master = True
            info.master_commit_log_max_offset = self.commit_log.get_max_offset()
        return info

    def get_earliest_message_time(self, topic: Optional[str] = None, queue_id: int = 0) -> int:
        """Java ``getEarliestMessageTime``: store time of a queue's first message, or (no topic) of the
        commit log's first record; -1 when unknown."""
        if topic is None:
            min_phy_offset = self.get_min_phy_offset()
            size = self.message_store_config.max_message_size * 2
            return self.commit_log.pickup_store_timestamp(min_phy_offset, size)
        cq = self.find_consume_queue(topic, queue_id)
        return self._store_time(cq, cq.get_min_logic_offset() // CQ_STORE_UNIT_SIZE)

    def get_message_store_time_stamp(self, topic: str, queue_id: int, consume_queue_offset: int) -> int:
        """Java ``getMessageStoreTimeStamp``."""
        return self._store_time(self.find_consume_queue(topic, queue_id), consume_queue_offset)

    def _store_time(self, cq: ConsumeQueue, index: int) -> int:
        entry = cq.get_entry(index)
        if entry is None:
            return -1
        return self.commit_log.pickup_store_timestamp(entry[0], entry[1])

    def get_message_total_in_queue(self, topic: str, queue_id: int) -> int:
        """Java ``getMessageTotalInQueue``."""
        return self.find_consume_queue(topic, queue_id).get_message_total_in_queue()

    def check_in_disk_by_consume_offset(self, topic: str, queue_id: int, consume_offset: int) -> bool:
        """Java ``checkInDiskByConsumeOffset``: the message is further behind the commit-log end than the
        memory share ``access_message_in_memory_max_ratio`` allows."""
        entry = self.find_consume_queue(topic, queue_id).get_entry(consume_offset)
        if entry is None:
            return False
        ratio = self.message_store_config.access_message_in_memory_max_ratio / 100.0
        memory = int(StoreUtil.TOTAL_PHYSICAL_MEMORY_SIZE * ratio)
        return (self.commit_log.get_max_offset() - entry[0]) > memory

    def get_message_ids(self, topic: str, queue_id: int, min_offset: int, max_offset: int,
                        store_host: Any) -> Dict[str, int]:
        """Java ``getMessageIds``: offset msgId -> queue offset for the entries in ``[min_offset, max_offset]``."""
        message_ids: Dict[str, int] = {}
        if self.shutdown_flag:
            return message_ids
        cq = self.find_consume_queue(topic, queue_id)
        min_offset = max(min_offset, cq.get_min_offset_in_queue())
        max_offset = min(max_offset, cq.get_max_offset_in_queue())
        host = MessageExt.socket_address2byte_buffer(store_host)
        for queue_offset in range(min_offset, max_offset):
            entry = cq.get_entry(queue_offset)
            if entry is None:
                break
            message_ids[MessageDecoder.create_message_id(host, entry[0])] = queue_offset
        return message_ids

    def now(self) -> int:
        """Java ``now``: epoch milliseconds."""
        return int(time.time() * 1000)

    def dispatch_behind_bytes(self) -> int:
        """Java ``dispatchBehindBytes``: 0 while running (records are dispatched by their put)."""
        return self.reput_message_service.behind()

    def flush(self) -> int:
        """Java ``flush``: fsync the commit log; the flushed offset."""
        return self.commit_log.flush()

    def get_confirm_offset(self) -> int:
        """Java ``getConfirmOffset``."""
        return self.commit_log.get_confirm_offset()

    def set_confirm_offset(self, phy_offset: int) -> None:
        """Java ``setConfirmOffset``."""
        self.commit_log.set_confirm_offset(phy_offset)

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> QueryMessageResult:
        """Java ``queryMessage``: the stored records indexed under ``topic#key`` (a key of ``KEYS`` or the
        ``UNIQ_KEY``) stored in ``[begin, end]``, oldest first. Unlike Java, records whose topic and keys do
        not actually match (hash collisions, entries left by a truncated commit log) are left out."""
        result = QueryMessageResult()
        last_query_msg_time = end
        for _ in range(3):
            query = self.index_service.query_offset(topic, key, max_num, begin, last_query_msg_time)
            if not query.phy_offsets:
                break
            result.index_last_update_phyoffset = query.index_last_update_phyoffset
            result.index_last_update_timestamp = query.index_last_update_timestamp
            for m, offset in enumerate(sorted(query.phy_offsets)):
                data = self.select_one_message_by_offset(offset)
                if data is None:
                    continue
                msg = MessageDecoder.decode(data, False, False)
                if msg is None:
                    continue
                if m == 0:
                    last_query_msg_time = msg.store_timestamp
                if IndexService.record_matches_key(msg, topic, key):
                    result.add_message(data)
            if result.buffer_total_size > 0 or last_query_msg_time < begin:
                break
        return result

    def find_consume_queue(self, topic: str, queue_id: int) -> ConsumeQueue:
        """Java ``findConsumeQueue``: the queue, created (empty) if absent."""
        queues = self.consume_queue_table.get(topic)
        if queues is not None:
            cq = queues.get(queue_id)
            if cq is not None:
                return cq
        with self._cq_table_lock:
            queues = self.consume_queue_table.setdefault(topic, {})
            cq = queues.get(queue_id)
            if cq is None:
                cq = ConsumeQueue(topic, queue_id, self.get_store_path_logic(),
                                  self.message_store_config.get_mapped_file_size_consume_queue(), self)
                queues[queue_id] = cq
            return cq

    def get_consume_queue(self, topic: str, queue_id: int) -> Optional[ConsumeQueue]:
        """Java ``getConsumeQueue``: the queue or None (never creates)."""
        queues = self.consume_queue_table.get(topic)
        return queues.get(queue_id) if queues is not None else None

    def clean_unused_topic(self, topics: Set[str]) -> int:
        """Java ``cleanUnusedTopic``: delete the consume queues of topics not in ``topics`` (system
        schedule / transaction-op topics and LMQ topics are kept)."""
        return self.clean_consume_queue_service.clean_unused_topic(topics)

    def delete_topics(self, delete_topics: Set[str]) -> int:
        """RocketMQ 5 ``deleteTopics``: delete the consume queues of the given topics; how many were found."""
        return self.clean_consume_queue_service.delete_topics(delete_topics)

    def clean_expired_consumer_queue(self) -> None:
        """Java ``cleanExpiredConsumerQueue``: delete queues whose entries all precede the commit log."""
        self.clean_consume_queue_service.clean_expired_consumer_queue()

    def clean_files_periodically(self) -> None:
        """Java ``cleanFilesPeriodically``."""
        self.clean_commit_log_service.run()
        self.clean_consume_queue_service.run()

    def execute_delete_files_manually(self) -> None:
        """Java ``executeDeleteFilesManually``."""
        self.clean_commit_log_service.execute_delete_files_manually()

    def check_self(self) -> None:
        """Java ``checkSelf``."""
        self.commit_log.check_self()
        for queues in list(self.consume_queue_table.values()):
            for cq in list(queues.values()):
                cq.check_self()

    def handle_schedule_message_service(self, broker_role: BrokerRole) -> None:
        """Java ``handleScheduleMessageService``: delayed delivery runs on a master only."""
        if broker_role is BrokerRole.SLAVE:
            self.schedule_message_service.shutdown()
        else:
            self.schedule_message_service.start()

    def get_running_data_info(self) -> str:
        """Java ``getRunningDataInfo``."""
        return str(self.store_stats_service)

    def get_runtime_info(self) -> Dict[str, str]:
        """Java ``getRuntimeInfo``: statistics, disk ratios, commit-log offsets, schedule progress."""
        result = self.store_stats_service.get_runtime_info()
        path = self.get_store_path_physic()
        ratio = UtilAll.get_disk_partition_space_used_percent(path) if os.path.exists(path) else -1
        result["commitLogDiskRatio_" + path] = str(ratio)
        result["commitLogDiskRatio"] = str(ratio)
        result["consumeQueueDiskRatio"] = str(UtilAll.get_disk_partition_space_used_percent(
            self.get_store_path_logic()))
        self.schedule_message_service.build_running_stats(result)
        result["commitLogMinOffset"] = str(self.get_min_phy_offset())
        result["commitLogMaxOffset"] = str(self.get_max_phy_offset())
        return result

    def get_store_path_physic(self) -> str:
        """Java ``getStorePathPhysic``."""
        return self.message_store_config.get_store_path_commit_log()

    def get_store_path_logic(self) -> str:
        """Java ``getStorePathLogic``."""
        return StorePathConfigHelper.get_store_path_consume_queue(self.message_store_config.store_path_root_dir)

    def get_access_rights(self) -> RunningFlags:
        """Java ``getAccessRights``: the running flags."""
        return self.running_flags

    def is_shutdown(self) -> bool:
        """Whether the store is not running (before :meth:`start` or after :meth:`shutdown`)."""
        return self.shutdown_flag


def _completed(result: PutMessageResult) -> "concurrent.futures.Future[PutMessageResult]":
    future: "concurrent.futures.Future[PutMessageResult]" = CompletableFuture()
    future.set_result(result)
    return future
