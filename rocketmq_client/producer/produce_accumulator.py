"""Java 5.3.3 ``org.apache.rocketmq.client.producer.ProduceAccumulator``: auto batching of a producer's sends.

With ``DefaultMQProducer.set_auto_batch(True)`` the sends without a timeout (``send(msg)``, ``send(msg, callback)``,
``send(msg, mq)``, ``send(msg, mq, callback)``) join a *MessageAccumulation* per (topic, queue, waitStoreMsgOK,
tags); an accumulation goes as one MessageBatch once it holds more than ``batch_max_bytes`` body bytes or is
``batch_max_delay_ms`` old, and the batch's SendResult is split into one per message (msgId, offsetMsgId, queue
offset + i). A synchronous send waits for its accumulation's batch; an asynchronous one returns at once and its
callback gets its own result. At most ``total_batch_max_bytes`` of bodies are held; beyond, sends go directly.

Two service threads, ``Client_<clientId>_GuardForSyncSend`` and ``Client_<clientId>_GuardForAsyncSend``, look at
the accumulations every ``max(1, holdMs / 2)`` ms (Java's interval) and send the ripe ones. They start with the
first batched send (Java starts them with the producer: a producer that never batches has none here) and end on
``shutdown``. One accumulator per client id (``MQClientManager.get_or_create_produce_accumulator``).
"""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Set, Tuple

from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_result import SendResult
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.service_thread import ServiceThread

if TYPE_CHECKING:
    from rocketmq_client.producer.default_mq_producer import DefaultMQProducer

__all__ = ["ProduceAccumulator"]

log = logging.getLogger(__name__)

#: Java's AggregateKey: (topic, mq, waitStoreMsgOK, tag)
AggregateKey = Tuple[str, Optional[MessageQueue], bool, Optional[str]]


def _body_size(msg: Message) -> int:
    body = msg.get_body()
    return 0 if body is None else len(body)


class _Guard(ServiceThread):
    """Java ``GuardForSyncSendService`` / ``GuardForAsyncSendService``: ``do_work`` every ``max(1, holdMs / 2)``
    ms until stopped."""

    def __init__(self, name: str, work: Callable[[], None]) -> None:
        super().__init__()
        self._name = name
        self._work = work

    def get_service_name(self) -> str:
        return self._name

    def run(self) -> None:
        log.info("%s service started", self._name)
        while not self.is_stopped():
            try:
                self._work()
            except Exception:
                log.warning("%s service has exception. ", self._name, exc_info=True)
        log.info("%s service end", self._name)


class ProduceAccumulator:
    """See the module docstring."""

    def __init__(self, instance_name: str) -> None:
        self.total_hold_size = 32 * 1024 * 1024
        self.hold_size = 32 * 1024
        self.hold_ms = 10
        self.instance_name = instance_name
        self._sync_batches: Dict[AggregateKey, "MessageAccumulation"] = {}
        self._async_batches: Dict[AggregateKey, "MessageAccumulation"] = {}
        self._tables_lock = threading.Lock()
        self._hold_lock = threading.Lock()
        self.currently_hold_size = 0
        self._guard_sync = _Guard("Client_%s_GuardForSyncSend" % instance_name, self._guard_sync_work)
        self._guard_async = _Guard("Client_%s_GuardForAsyncSend" % instance_name, self._guard_async_work)
        self._running = False
        #: True once both guards were started: each send then checks one attribute, not two thread states
        self._guards_started = False

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``: the guard threads start with the first batched send (see the module docstring)."""
        self._running = True

    def _ensure_guards(self) -> None:
        if self._running and not self._guards_started:
            self._guard_sync.start()  # each starts once, whichever sending thread gets here first
            self._guard_async.start()
            self._guards_started = True

    def shutdown(self) -> None:
        """Java ``shutdown``: stop and join both guard threads."""
        self._running = False
        self._guards_started = False
        self._guard_sync.shutdown()
        self._guard_async.shutdown()

    def _interval(self) -> int:
        return max(1, self.hold_ms // 2)

    def _guard_sync_work(self) -> None:
        with self._tables_lock:
            values = list(self._sync_batches.values())
        for v in values:
            with v.cond:
                with v.closed_lock:
                    if v.closed or not v.messages:
                        v.closed = True
                        self._remove(self._sync_batches, v)
                    else:
                        v.cond.notify()
        self._guard_sync.wait_for_running(self._interval())

    def _guard_async_work(self) -> None:
        with self._tables_lock:
            values = list(self._async_batches.values())
        for v in values:
            if v.ready_to_send():
                v.send_async()
            with v.closed_lock:
                if v.closed or not v.messages:
                    v.closed = True
                    self._remove(self._async_batches, v)
        self._guard_async.wait_for_running(self._interval())

    # ------------------------------------------------------------------ settings (Java's package-private ones)

    def get_batch_max_delay_ms(self) -> int:
        return self.hold_ms

    def batch_max_delay_ms(self, hold_ms: int) -> None:
        check_batch_max_delay_ms(hold_ms)
        self.hold_ms = hold_ms

    def get_batch_max_bytes(self) -> int:
        return self.hold_size

    def batch_max_bytes(self, hold_size: int) -> None:
        check_batch_max_bytes(hold_size)
        self.hold_size = hold_size

    def get_total_batch_max_bytes(self) -> int:
        """Java ``getTotalBatchMaxBytes`` (which returns ``holdSize`` there, a Java bug; here the total)."""
        return self.total_hold_size

    def total_batch_max_bytes(self, total_hold_size: int) -> None:
        check_total_batch_max_bytes(total_hold_size)
        self.total_hold_size = total_hold_size

    # ------------------------------------------------------------------ sending

    def _get_or_create(self, table: Dict[AggregateKey, "MessageAccumulation"], key: AggregateKey,
                       producer: "DefaultMQProducer") -> "MessageAccumulation":
        batch = table.get(key)
        if batch is not None:
            return batch
        with self._tables_lock:
            batch = table.get(key)
            if batch is None:
                batch = table[key] = MessageAccumulation(self, key, producer)
        return batch

    def _remove(self, table: Dict[AggregateKey, "MessageAccumulation"], batch: "MessageAccumulation") -> None:
        with self._tables_lock:
            if table.get(batch.aggregate_key) is batch:
                del table[batch.aggregate_key]

    @staticmethod
    def _key(msg: Message, mq: Optional[MessageQueue]) -> AggregateKey:
        return (msg.get_topic(), mq, msg.is_wait_store_msg_ok(), msg.get_tags())

    def send(self, msg: Message, mq: Optional[MessageQueue], producer: "DefaultMQProducer") -> SendResult:
        """Java ``send(msg[, mq], producer)``: wait for the batch ``msg`` joins; its own SendResult."""
        self._ensure_guards()
        key = self._key(msg, mq)
        while True:
            batch = self._get_or_create(self._sync_batches, key, producer)
            index = batch.add(msg)
            if index == -1:
                self._remove(self._sync_batches, batch)
            else:
                return batch.result_of(index)

    def send_async(self, msg: Message, mq: Optional[MessageQueue], send_callback: SendCallback,
                   producer: "DefaultMQProducer") -> None:
        """Java ``send(msg[, mq], sendCallback, producer)``: join a batch; the callback gets its own SendResult."""
        self._ensure_guards()
        key = self._key(msg, mq)
        while True:
            batch = self._get_or_create(self._async_batches, key, producer)
            if batch.add_async(msg, send_callback):
                return
            self._remove(self._async_batches, batch)

    def try_add_message(self, message: Message) -> bool:
        """Java ``tryAddMessage``: count ``message``'s body as held unless ``total_batch_max_bytes`` are held."""
        with self._hold_lock:
            if self.currently_hold_size < self.total_hold_size:
                self.currently_hold_size += _body_size(message)
                return True
            return False

    def _release_hold(self, size: int) -> None:
        with self._hold_lock:
            self.currently_hold_size -= size


def check_batch_max_delay_ms(hold_ms: int) -> None:
    if hold_ms <= 0 or hold_ms > 30 * 1000:
        raise ValueError("batchMaxDelayMs expect between 1ms and 30s, but get %d!" % hold_ms)


def check_batch_max_bytes(hold_size: int) -> None:
    if hold_size <= 0 or hold_size > 2 * 1024 * 1024:
        raise ValueError("batchMaxBytes expect between 1B and 2MB, but get %d!" % hold_size)


def check_total_batch_max_bytes(total_hold_size: int) -> None:
    if total_hold_size <= 0:
        raise ValueError("totalBatchMaxBytes must bigger then 0, but get %d!" % total_hold_size)


class MessageAccumulation:
    """Java ``ProduceAccumulator.MessageAccumulation``: the messages of one key waiting to go as one batch."""

    def __init__(self, owner: ProduceAccumulator, aggregate_key: AggregateKey,
                 producer: "DefaultMQProducer") -> None:
        self._owner = owner
        self.producer = producer
        self.aggregate_key = aggregate_key
        self.messages: List[Message] = []
        self.send_callbacks: List[SendCallback] = []
        self.keys: Set[str] = set()
        self.closed = False
        self.closed_lock = threading.Lock()  # Java's synchronized (closed)
        self.cond = threading.Condition()  # Java's synchronized (this) / wait / notify
        self.send_results: Optional[List[SendResult]] = None
        self.error: Optional[BaseException] = None
        self.messages_size = 0
        self.count = 0
        self.create_time = time.monotonic()

    def ready_to_send(self) -> bool:
        return (self.messages_size > self._owner.hold_size
                or time.monotonic() >= self.create_time + self._owner.hold_ms / 1000.0)

    def _append(self, msg: Message) -> int:
        index = self.count
        self.count += 1
        self.messages.append(msg)
        self.messages_size += _body_size(msg)
        return index

    def add(self, msg: Message) -> int:
        """Java ``add(msg)``: join, then wait (woken by the guard) until the batch went; -1 if closed."""
        with self.closed_lock:
            if self.closed:
                return -1
            index = self._append(msg)
            msg_keys = msg.get_keys()
            if msg_keys is not None:
                self.keys.update(msg_keys.split(MessageConst.KEY_SEPARATOR))
        with self.cond:
            while not self.closed:
                if self.ready_to_send():
                    self._send_sync()
                    break
                self.cond.wait(self._owner.hold_ms / 1000.0)  # the guard also wakes it (Java waits for that)
        return index

    def result_of(self, index: int) -> SendResult:
        """The SendResult of the ``index``-th message, or the batch's failure raised."""
        with self.cond:
            self.cond.wait_for(lambda: self.send_results is not None or self.error is not None)
        if self.error is not None:
            raise self.error
        assert self.send_results is not None
        return self.send_results[index]

    def add_async(self, msg: Message, send_callback: SendCallback) -> bool:
        """Java ``add(msg, sendCallback)``: join (False if closed) and send when ready."""
        with self.closed_lock:
            if self.closed:
                return False
            self._append(msg)
            self.send_callbacks.append(send_callback)
        if self.ready_to_send():
            self.send_async()
        return True

    def _close(self) -> bool:
        with self.closed_lock:
            if self.closed:
                return False
            self.closed = True
            return True

    def batch(self) -> MessageBatch:
        """Java ``batch``: one MessageBatch of the messages, with the key's topic, flag and tags, all keys. Java
        also gives the batch a unique id; the broker appends a batch's properties to each of its messages, so that
        id would replace every message's own (consumers would see one id, not the SendResults'): left out, as
        ``DefaultMQProducer._batch`` leaves it out."""
        topic, _, wait_store_msg_ok, tag = self.aggregate_key
        message_batch = MessageBatch(self.messages)
        message_batch.set_topic(topic)
        message_batch.set_wait_store_msg_ok(wait_store_msg_ok)
        if self.keys:
            message_batch.set_keys(sorted(self.keys))
        if tag is not None:
            message_batch.set_tags(tag)
        message_batch.set_body(MessageDecoder.encode_messages(self.messages))
        return message_batch

    def split_send_results(self, send_result: SendResult) -> List[SendResult]:
        """Java ``splitSendResults``: one SendResult per message from the batch's comma-joined ids (the same
        result for each when the broker returned a single id: a batch consume queue)."""
        msg_ids = send_result.get_msg_id().split(",")
        if len(msg_ids) == 1:
            return [send_result] * self.count
        offset_msg_ids = send_result.get_offset_msg_id().split(",")
        if len(offset_msg_ids) != self.count or len(msg_ids) != self.count:
            raise ValueError("sendResult is illegal")
        return [SendResult(send_result.get_send_status(), msg_ids[i], send_result.get_message_queue(),
                           send_result.get_queue_offset() + i, send_result.get_transaction_id(), offset_msg_ids[i],
                           send_result.get_region_id()) for i in range(self.count)]

    def _send_sync(self) -> None:
        """Java ``send()``: the batch, synchronously, by the thread that found it ready (holding ``cond``)."""
        if not self._close():
            return
        try:
            result = self.producer.send_direct(self.batch(), self.aggregate_key[1], None)
            assert result is not None
            self.send_results = self.split_send_results(result)
        except Exception as e:  # every waiter of this batch raises it
            self.error = e
        finally:
            self._owner._release_hold(self.messages_size)
            self.cond.notify_all()

    def send_async(self) -> None:
        """Java ``send(sendCallback)``: the batch, asynchronously; each callback gets its own result."""
        if not self._close():
            return
        size = self.messages_size
        try:
            self.producer.send_direct(self.batch(), self.aggregate_key[1], _SplittingCallback(self, size))
        except Exception as e:
            for callback in self.send_callbacks:
                callback.on_exception(e)
            self._owner._release_hold(size)


class _SplittingCallback(SendCallback):
    """The batch's callback of :meth:`MessageAccumulation.send_async` (Java's anonymous SendCallback)."""

    def __init__(self, accumulation: MessageAccumulation, size: int) -> None:
        self._accumulation = accumulation
        self._size = size

    def on_success(self, send_result: SendResult) -> None:
        try:
            results = self._accumulation.split_send_results(send_result)
        except Exception as e:
            self.on_exception(e)
            return
        for callback, result in zip(self._accumulation.send_callbacks, results):
            callback.on_success(result)
        self._accumulation._owner._release_hold(self._size)

    def on_exception(self, e: BaseException) -> None:
        for callback in self._accumulation.send_callbacks:
            callback.on_exception(e)
        self._accumulation._owner._release_hold(self._size)
