"""Java ``org.apache.rocketmq.client.trace.AsyncTraceDispatcher`` as of 5.3.3: buffers trace contexts and sends
them, encoded, in batches with an inner producer to the trace topic.

Hooks :meth:`~AsyncTraceDispatcher.append` TraceContexts to a bounded queue (2048; a full queue drops the context
and logs it). The worker thread ``MQ-AsyncArrayDispatcher-Thread<n>`` takes up to ``batch_num`` contexts
(``ClientConfig.trace_msg_batch_num``, at most 20) once the queue holds ``batch_num`` of them, or once the last
batch left more than 5 s ago (Java's ``flushTraceInterval``), and hands them to the ``MQTraceSendThread_<n>_`` pool
(2 to 4 threads over a queue of 2048 tasks; a full pool drops the batch, logged). A send task encodes each context
(:class:`TraceDataEncoder`; contexts without trace beans are skipped), groups the records by traced
topic and trace topic and sends each group as one message, split where the text reaches the inner producer's
``max_message_size`` (128000). The inner producer (group ``_INNER_TRACE_PRODUCER-<group>-<PRODUCE|CONSUME>-<n>``,
instance ``PID_CLIENT_INNER_TRACE_PRODUCER_<namesrv>``, 5 s timeout, no VIP channel, trace off) sends
asynchronously; the keys of a trace message are the traced message ids and keys. When the trace topic has a route
the message goes to a queue of one of its brokers (Java ``tryGetMessageQueueBrokerSet``); without one it is sent
normally (the broker may create it). With the CLOUD access channel a context goes to
``rmq_sys_TRACE_DATA_<regionId>`` instead.

The worker waits on a condition (Java polls every 5 ms): it wakes when the queue reaches ``batch_num``, when the
first context arrives, at the 5 s deadline of a non-empty queue, and at shutdown. Nothing of a failure reaches the
host: every trace error is logged. :meth:`~AsyncTraceDispatcher.shutdown` stops the worker, flushes what is queued
(Java ``flush``), lets the pool finish and waits for the sends' answers (5 s in all, Java's ``WAIT_FOR_SHUTDOWN``),
then stops the inner producer; an ``atexit`` hook (Java's shutdown hook) flushes at interpreter exit.
"""
from __future__ import annotations

import atexit
import collections
import itertools
import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Deque, Dict, List, Optional, Set, Tuple

from rocketmq_client.client_config import AccessChannel
from rocketmq_client.common.thread_local_index import ThreadLocalIndex
from rocketmq_client.impl.consumer.default_mq_push_consumer_impl import DefaultMQPushConsumerImpl
from rocketmq_client.impl.producer.default_mq_producer_impl import DefaultMQProducerImpl
from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.trace.trace_constants import TraceConstants
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_data_encoder import TraceDataEncoder
from rocketmq_client.trace.trace_dispatcher import TraceDispatcher
from rocketmq_client.trace.trace_transfer_bean import TraceTransferBean
from rocketmq_common.message.message import Message
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.common.thread_pool import RejectedExecutionException, ThreadPoolExecutor

if TYPE_CHECKING:
    from rocketmq_client.producer.send_result import SendResult
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["AsyncTraceDispatcher", "AsyncDataSendTask"]

log = logging.getLogger(__name__)

_COUNTER = itertools.count(1)
_INSTANCE_NUM = itertools.count(0)


def _now_millis() -> int:
    return int(time.time() * 1000)


class AsyncTraceDispatcher(TraceDispatcher, Bean):
    """See the module docstring."""

    WAIT_FOR_SHUTDOWN = 5000
    #: the most contexts of one batch (Java caps ``batchNum`` at 20)
    MAX_BATCH_NUM = 20
    QUEUE_CAPACITY = 2048

    #: contexts dropped because the queue was full
    discard_count = Prop(int, 0)
    trace_topic_name = Prop(str, TopicValidator.RMQ_SYS_TRACE_TOPIC)
    access_channel = Prop(AccessChannel, AccessChannel.LOCAL)
    host_producer = Prop(DefaultMQProducerImpl)
    host_consumer = Prop(DefaultMQPushConsumerImpl)
    #: the inner producer
    trace_producer = Prop(DefaultMQProducer, required=True)

    def get_discard_count(self) -> int: return self.discard_count
    def set_discard_count(self, discard_count: int) -> None: self.discard_count = discard_count
    def get_trace_topic_name(self) -> str: return self.trace_topic_name
    def set_trace_topic_name(self, trace_topic_name: str) -> None: self.trace_topic_name = trace_topic_name
    def get_access_channel(self) -> AccessChannel: return self.access_channel
    def set_access_channel(self, access_channel: AccessChannel) -> None: self.access_channel = access_channel
    def get_host_producer(self) -> DefaultMQProducerImpl: return self.host_producer
    def set_host_producer(self, host_producer: Optional[DefaultMQProducerImpl]) -> None:
        self.host_producer = host_producer
    def get_host_consumer(self) -> DefaultMQPushConsumerImpl: return self.host_consumer
    def set_host_consumer(self, host_consumer: Optional[DefaultMQPushConsumerImpl]) -> None:
        self.host_consumer = host_consumer
    def get_trace_producer(self) -> DefaultMQProducer: return self.trace_producer
    def set_trace_producer(self, trace_producer: Optional[DefaultMQProducer]) -> None:
        self.trace_producer = trace_producer

    def __init__(self, group: Optional[str], type_: TraceDispatcher.Type, batch_num: int,
                 trace_topic_name: Optional[str], rpc_hook: "Optional[RPCHook]") -> None:
        """Java 5.3.3 ``AsyncTraceDispatcher(group, type, batchNum, traceTopicName, rpcHook)``: ``batch_num`` is
        capped at 20; a blank ``trace_topic_name`` means ``RMQ_SYS_TRACE_TOPIC``."""
        self.trace_instance_id = next(_INSTANCE_NUM)
        self.batch_num = min(batch_num, self.MAX_BATCH_NUM)
        self.max_msg_size = 128000
        self.flush_trace_interval = 5000
        self.discard_count = 0
        #: Java's ``ArrayBlockingQueue<TraceContext>(2048)``, guarded by ``_queue_cond``
        self.trace_context_queue: Deque[TraceContext] = collections.deque()
        self._queue_cond = threading.Condition()
        self.last_flush_time = _now_millis()
        self.group = group
        self.type = type_
        self.trace_topic_name = (TopicValidator.RMQ_SYS_TRACE_TOPIC if UtilAll.is_blank(trace_topic_name)
                                 else trace_topic_name)
        self.trace_executor = ThreadPoolExecutor(2, 4, self.QUEUE_CAPACITY,
                                                 "MQTraceSendThread_%d_" % self.trace_instance_id,
                                                 keep_alive_time=60.0)
        self.access_channel = AccessChannel.LOCAL
        self.send_which_queue = ThreadLocalIndex()
        self.host_producer = None
        self.host_consumer = None
        self.worker: Optional[threading.Thread] = None
        self.stopped = False
        self._is_started = False
        self._start_lock = threading.Lock()
        self._shutdown_hook_registered = False
        #: trace messages handed to the inner producer and not yet answered (waited for at shutdown)
        self._sending = 0
        self._sending_cond = threading.Condition()
        self.trace_producer = self._get_and_create_trace_producer(rpc_hook)

    @classmethod
    def create_for_client(cls, type_: TraceDispatcher.Type, group: Optional[str], batch_num: int,
                          trace_topic_name: Optional[str], rpc_hook: "Optional[RPCHook]", client_impl: Any,
                          set_host: bool = True) -> "Optional[AsyncTraceDispatcher]":
        """The trace set-up Java 5.3.3 repeats in ``start()`` of DefaultMQProducer and DefaultMQPushConsumer and in
        ``DefaultLitePullConsumer.setTraceDispatcher``: a dispatcher whose trace hooks are registered on
        ``client_impl`` (PRODUCE: the send and end-transaction hooks on a DefaultMQProducerImpl and the recall RPC
        hook on its client instance; CONSUME: the consume hook on a consumer impl) and which knows it as its host
        unless ``set_host`` is false (Java sets none for the lite pull consumer). None, logged, when it cannot be
        set up."""
        try:
            dispatcher = cls(group, type_, batch_num, trace_topic_name, rpc_hook)
            if type_ is TraceDispatcher.Type.PRODUCE:
                from rocketmq_client.trace.hook.default_recall_message_trace_hook import \
                    DefaultRecallMessageTraceHook
                from rocketmq_client.trace.hook.end_transaction_trace_hook_impl import EndTransactionTraceHookImpl
                from rocketmq_client.trace.hook.send_message_trace_hook_impl import SendMessageTraceHookImpl

                if set_host:
                    dispatcher.set_host_producer(client_impl)
                client_impl.register_send_message_hook(SendMessageTraceHookImpl(dispatcher))
                client_impl.register_end_transaction_hook(EndTransactionTraceHookImpl(dispatcher))
                # 5.3.3: recalls are traced by an RPC hook of the producer's client instance
                client_impl.get_mq_client_factory().get_mq_client_api_impl().get_remoting_client() \
                    .register_rpc_hook(DefaultRecallMessageTraceHook(dispatcher))
            else:
                from rocketmq_client.trace.hook.consume_message_trace_hook_impl import ConsumeMessageTraceHookImpl

                if set_host:
                    dispatcher.set_host_consumer(client_impl)
                client_impl.register_consume_message_hook(ConsumeMessageTraceHookImpl(dispatcher))
            return dispatcher
        except Exception:
            log.error("system mqtrace hook init failed ,maybe can't send msg trace data", exc_info=True)
            return None

    # ------------------------------------------------------------------ life cycle

    def start(self, name_srv_addr: Optional[str], access_channel: AccessChannel) -> None:
        """Java ``start``: start the inner producer on ``name_srv_addr`` (once, with trace off), then the worker
        thread."""
        with self._start_lock:
            if not self._is_started:
                self._is_started = True
                self.trace_producer.set_namesrv_addr(name_srv_addr)
                self.trace_producer.set_instance_name(TraceConstants.TRACE_INSTANCE_NAME + "_"
                                                      + ("null" if name_srv_addr is None else name_srv_addr))
                self.trace_producer.set_enable_trace(False)
                self.trace_producer.start()
            self.access_channel = access_channel
            if self.worker is None and not self.stopped:
                self.worker = threading.Thread(target=AsyncRunnable(self).run,
                                               name="MQ-AsyncArrayDispatcher-Thread%d" % self.trace_instance_id,
                                               daemon=True)
                self.worker.start()
            self.register_shut_down_hook()

    def _get_and_create_trace_producer(self, rpc_hook: "Optional[RPCHook]") -> DefaultMQProducer:
        trace_producer = DefaultMQProducer(None, rpc_hook)
        trace_producer.set_producer_group(self._gen_group_name_for_trace())
        trace_producer.set_send_msg_timeout(5000)
        trace_producer.set_vip_channel_enabled(False)
        # the max size of a trace message is 128K
        trace_producer.set_max_message_size(self.max_msg_size)
        return trace_producer

    def _gen_group_name_for_trace(self) -> str:
        return "%s-%s-%s-%d" % (TraceConstants.GROUP_NAME_PREFIX, self.group, self.type.name, next(_COUNTER))

    def append(self, ctx: Any) -> bool:
        """Java ``append``: queue ``ctx``; a full queue (or a shut-down dispatcher) drops it."""
        if self.stopped:
            log.debug("trace dispatcher is shut down, context dropped: %s", ctx)
            return False
        with self._queue_cond:
            size = len(self.trace_context_queue)
            if size >= self.QUEUE_CAPACITY:
                self.discard_count += 1
                discard_count = self.discard_count
            else:
                self.trace_context_queue.append(ctx)
                # wake the worker when its condition may have changed: a first context, a full batch
                if size == 0 or size + 1 == self.batch_num:
                    self._queue_cond.notify_all()
                return True
        log.info("buffer full%d ,context is %s", discard_count, ctx)
        return False

    def flush(self) -> None:
        """Java ``flush``: hand every queued context to the send pool, in batches of ``batch_num``."""
        while self.trace_context_queue:
            try:
                self.flush_trace_context(True)
            except Exception:
                log.error("flushTraceContext error", exc_info=True)

    def shutdown(self) -> None:
        """Java ``shutdown``: stop the worker, flush, let the send pool finish and the sends be answered (5 s in
        all), then stop the inner producer. Idempotent."""
        if self.stopped:
            return
        deadline = time.monotonic() + self.WAIT_FOR_SHUTDOWN / 1000.0
        with self._queue_cond:
            self.stopped = True
            self._queue_cond.notify_all()
        worker = self.worker
        if worker is not None:
            worker.join()
        self.flush()
        self.trace_executor.shutdown()
        self.trace_executor.await_termination(max(0.0, deadline - time.monotonic()))
        with self._sending_cond:
            self._sending_cond.wait_for(lambda: self._sending == 0, max(0.0, deadline - time.monotonic()))
        if self._is_started:
            self.trace_producer.shutdown()
        self.remove_shutdown_hook()

    def register_shut_down_hook(self) -> None:
        """Java ``registerShutDownHook``: flush at interpreter exit."""
        if not self._shutdown_hook_registered:
            self._shutdown_hook_registered = True
            atexit.register(self.flush)

    def remove_shutdown_hook(self) -> None:
        """Java ``removeShutdownHook``."""
        if self._shutdown_hook_registered:
            self._shutdown_hook_registered = False
            atexit.unregister(self.flush)

    # ------------------------------------------------------------------ worker side

    def flush_trace_context(self, force_flush: bool) -> bool:
        """Java ``flushTraceContext``: hand up to ``batch_num`` queued contexts to the send pool when forced, when
        ``batch_num`` are queued or when the last batch left more than ``flush_trace_interval`` ago. Without that,
        the worker (``force_flush`` false) waits until one of these may hold; True when a batch left."""
        with self._queue_cond:
            context_list = self._take_batch(force_flush)
            if context_list is None:
                if not force_flush and not self.stopped:
                    self._queue_cond.wait(self._wait_timeout())
                return False
        self._async_send_trace_message(context_list)
        return True

    def _take_batch(self, force_flush: bool) -> Optional[List[TraceContext]]:
        queue_ = self.trace_context_queue
        size = len(queue_)
        if size and (force_flush or size >= self.batch_num
                     or _now_millis() - self.last_flush_time > self.flush_trace_interval):
            return [queue_.popleft() for _ in range(min(self.batch_num, size))]
        return None

    def _wait_timeout(self) -> Optional[float]:
        """Seconds until the flush interval passes for a non-empty queue; None (until notified) when empty."""
        if not self.trace_context_queue:
            return None
        return max(0.001, (self.last_flush_time + self.flush_trace_interval + 1 - _now_millis()) / 1000.0)

    def _async_send_trace_message(self, context_list: List[TraceContext]) -> None:
        """Java ``asyncSendTraceMessage``: the batch goes to the send pool (a full pool drops it, logged)."""
        try:
            self.trace_executor.execute(AsyncDataSendTask(self, context_list).run)
        except RejectedExecutionException:
            log.error("trace send pool is full, a batch of %d trace contexts is dropped", len(context_list))
        self.last_flush_time = _now_millis()

    def send_started(self) -> None:
        """A trace message was handed to the inner producer."""
        with self._sending_cond:
            self._sending += 1

    def send_done(self) -> None:
        """A trace message was answered (or failed)."""
        with self._sending_cond:
            self._sending -= 1
            self._sending_cond.notify_all()


class AsyncRunnable:
    """Java ``AsyncTraceDispatcher.AsyncRunnable``: the worker loop."""

    def __init__(self, dispatcher: AsyncTraceDispatcher) -> None:
        self.dispatcher = dispatcher
        self.stopped = False

    def run(self) -> None:
        dispatcher = self.dispatcher
        while not self.stopped:
            try:
                dispatcher.flush_trace_context(False)
            except Exception:
                log.error("flushTraceContext error", exc_info=True)
            if dispatcher.stopped:
                self.stopped = True


class _TraceSendCallback(SendCallback):
    """Logs a failed trace send; tells the dispatcher once that the message is answered."""

    def __init__(self, dispatcher: AsyncTraceDispatcher, data: str) -> None:
        self._dispatcher = dispatcher
        self._data = data
        self._done = False
        self._lock = threading.Lock()

    def finish(self) -> None:
        with self._lock:
            if self._done:
                return
            self._done = True
        self._dispatcher.send_done()

    def on_success(self, send_result: "SendResult") -> None:
        self.finish()

    def on_exception(self, e: BaseException) -> None:
        log.error("send trace data failed, the traceData is %s", self._data, exc_info=e)
        self.finish()


class _BrokerSetSelector(MessageQueueSelector):
    """The anonymous selector of ``sendTraceDataByMQ``: round robin over the queues of the trace brokers."""

    def __init__(self, send_which_queue: ThreadLocalIndex) -> None:
        self._send_which_queue = send_which_queue

    def select(self, mqs: "List[MessageQueue]", msg: Message, arg: Any) -> "MessageQueue":
        broker_set: Set[str] = arg
        filter_mqs = [queue_ for queue_ in mqs if queue_.get_broker_name() in broker_set]
        index = self._send_which_queue.increment_and_get()
        return filter_mqs[abs(index) % len(filter_mqs)]


class AsyncDataSendTask:
    """Java 5.3.3 ``AsyncTraceDispatcher.AsyncDataSendTask``: encodes a batch of contexts and sends it, one trace
    message per traced topic and trace topic."""

    def __init__(self, dispatcher: AsyncTraceDispatcher, context_list: List[TraceContext]) -> None:
        self.dispatcher = dispatcher
        self.context_list = context_list

    def run(self) -> None:
        self.send_trace_data(self.context_list)

    def send_trace_data(self, context_list: List[TraceContext]) -> None:
        """Java ``sendTraceData``: skips contexts without trace beans; an encoding error drops the batch (logged).
        Java 5.3.3 also skips contexts without a region, which drops every consume record on a broker that stores
        no ``MSG_REGION`` (a stock broker without send hooks, 4.9.7 or 5.3.3): kept, as 4.9.7 keeps them (the
        region is encoded as ``null``), so consume traces that work against a 4.9.7 broker keep working."""
        dispatcher = self.dispatcher
        trans_bean_map: Dict[Tuple[str, str], List[TraceTransferBean]] = {}
        try:
            for context in context_list:
                access_channel = context.get_access_channel() or dispatcher.access_channel
                current_region_id = context.get_region_id()
                if not context.get_trace_beans():
                    continue
                if access_channel is AccessChannel.CLOUD:
                    trace_topic = TraceConstants.TRACE_TOPIC_PREFIX + ("null" if current_region_id is None
                                                                       else current_region_id)
                else:
                    trace_topic = dispatcher.trace_topic_name
                topic = context.get_trace_beans()[0].get_topic()
                trans_bean_list = trans_bean_map.setdefault((topic, trace_topic), [])
                trans_bean_list.append(TraceDataEncoder.encoder_from_context_bean(context))  # type: ignore[arg-type]
        except Exception:
            log.error("encoding trace contexts failed, a batch of %d is dropped", len(context_list), exc_info=True)
            return
        for (topic, trace_topic), trans_bean_list in trans_bean_map.items():
            self.flush_data(trans_bean_list, topic, trace_topic)

    def flush_data(self, trans_bean_list: List[TraceTransferBean], topic: str, trace_topic: str) -> None:
        """Java ``flushData``: one message of the records, a new one each time the text reaches the inner
        producer's ``max_message_size``."""
        buffer: List[str] = []
        length = 0
        key_set: Set[str] = set()
        max_message_size = self.dispatcher.trace_producer.get_max_message_size()
        for bean in trans_bean_list:
            key_set.update(bean.get_trans_key())
            buffer.append(bean.get_trans_data())
            length += len(bean.get_trans_data())
            if length >= max_message_size:
                self.send_trace_data_by_mq(key_set, "".join(buffer), trace_topic)
                buffer, length, key_set = [], 0, set()
        if buffer:
            self.send_trace_data_by_mq(key_set, "".join(buffer), trace_topic)

    def send_trace_data_by_mq(self, key_set: Set[str], data: str, trace_topic: str) -> None:
        """Java ``sendTraceDataByMQ``: asynchronously, to a broker of the trace topic's route when it has one;
        failures are logged."""
        dispatcher = self.dispatcher
        message = Message(trace_topic, data.encode("utf-8"))
        # the keys of a trace message are the ids (not offset ids) and keys of the traced messages
        message.set_keys(key_set)
        callback = _TraceSendCallback(dispatcher, data)
        dispatcher.send_started()
        try:
            trace_producer = dispatcher.trace_producer
            trace_broker_set = self.try_get_message_queue_broker_set(trace_producer.get_default_mq_producer_impl(),
                                                                     trace_topic)
            if not trace_broker_set:
                # no cross set
                trace_producer.send(message, callback, 5000)
            else:
                trace_producer.send(message, _BrokerSetSelector(dispatcher.send_which_queue), trace_broker_set,
                                    callback)
        except Exception as e:
            callback.on_exception(e)

    @staticmethod
    def try_get_message_queue_broker_set(producer: "DefaultMQProducerImpl", topic: str) -> Set[str]:
        """Java ``tryGetMessageQueueBrokerSet``: the brokers of ``topic``'s route (empty without one)."""
        broker_set: Set[str] = set()
        table = producer.get_topic_publish_info_table()
        topic_publish_info = table.get(topic)
        if topic_publish_info is None or not topic_publish_info.ok():
            table.setdefault(topic, TopicPublishInfo())
            factory = producer.get_mq_client_factory()
            if factory is not None:
                factory.update_topic_route_info_from_name_server(topic)
            topic_publish_info = table.get(topic)
        if topic_publish_info is not None and (topic_publish_info.have_topic_router_info or topic_publish_info.ok()):
            for queue_ in topic_publish_info.get_message_queue_list():
                broker_set.add(queue_.get_broker_name())
        return broker_set
