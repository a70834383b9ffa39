"""Java ``org.apache.rocketmq.client.trace.AsyncTraceDispatcher``: buffers trace contexts and sends them, encoded,
with an inner producer to the trace topic.

Hooks :meth:`~AsyncTraceDispatcher.append` TraceContexts to a bounded queue (1024; a full queue drops the context
and logs it). The worker thread ``MQ-AsyncTraceDispatcher-Thread-<uuid>`` polls it in 100 ms rounds, encodes each
context (:class:`TraceDataEncoder`) into the TraceDataSegment of its trace topic and sends a segment when it
reaches ``max_msg_size - 10000`` characters or ``batch_size`` records, or once its first record is 500 ms old.
Sends run on the ``MQTraceSendThread_`` pool (10 to 20 threads over a queue of ``queue_size`` = 2048 tasks) as
asynchronous sends of the inner producer (group ``_INNER_TRACE_PRODUCER-<group>-<PRODUCE|CONSUME>-<n>``, instance
``PID_CLIENT_INNER_TRACE_PRODUCER_<namesrv>``, 5 s timeout, no VIP channel, 128000-byte messages) whose keys are
the traced message ids and keys. When the trace topic has a route, the trace message goes to a queue of one of the
topic's brokers (Java ``tryGetMessageQueueBrokerSet``); without one it is sent normally (the broker may create
it). With the CLOUD access channel each context goes to ``rmq_sys_TRACE_DATA_<regionId>`` instead.

Nothing of a failure reaches the host: every trace error is logged. :meth:`~AsyncTraceDispatcher.shutdown`
flushes what is buffered (waiting for the sends' answers up to the inner producer's send timeout), then stops the
worker, the pool and the inner producer; an ``atexit`` hook (Java's shutdown hook) flushes at interpreter exit.
"""
from __future__ import annotations

import atexit
import itertools
import logging
import queue
import threading
import time
import uuid
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set

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
from rocketmq_remoting.common.bean import Prop, TypedBean
from rocketmq_remoting.common.thread_pool import RejectedExecutionException, ThreadPoolExecutor

if TYPE_CHECKING:
    from rocketmq_client.producer.send_result import SendResult
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["AsyncTraceDispatcher", "TraceDataSegment", "AsyncDataSendTask"]

log = logging.getLogger(__name__)

_COUNTER = itertools.count(1)


def _now_millis() -> int:
    return int(time.time() * 1000)


class AsyncTraceDispatcher(TraceDispatcher, TypedBean):
    """See the module docstring."""

    #: contexts dropped because the queue was full
    discard_count = Prop(int, 0)
    trace_topic_name = Prop(str, TopicValidator.RMQ_SYS_TRACE_TOPIC)
    access_channel = Prop(AccessChannel, AccessChannel.LOCAL)
    host_producer = Prop(DefaultMQProducerImpl)
    host_consumer = Prop(DefaultMQPushConsumerImpl)
    #: the inner producer
    trace_producer = Prop(DefaultMQProducer, required=True)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_discard_count(self) -> int: ...
        def set_discard_count(self, discard_count: int) -> None: ...
        def get_trace_topic_name(self) -> str: ...
        def set_trace_topic_name(self, trace_topic_name: str) -> None: ...
        def get_access_channel(self) -> AccessChannel: ...
        def set_access_channel(self, access_channel: AccessChannel) -> None: ...
        def get_host_producer(self) -> Optional[DefaultMQProducerImpl]: ...
        def set_host_producer(self, host_producer: Optional[DefaultMQProducerImpl]) -> None: ...
        def get_host_consumer(self) -> Optional[DefaultMQPushConsumerImpl]: ...
        def set_host_consumer(self, host_consumer: Optional[DefaultMQPushConsumerImpl]) -> None: ...
        def get_trace_producer(self) -> DefaultMQProducer: ...
        def set_trace_producer(self, trace_producer: DefaultMQProducer) -> None: ...
    # end of generated accessors

    def __init__(self, group: Optional[str], type_: TraceDispatcher.Type, trace_topic_name: Optional[str],
                 rpc_hook: "Optional[RPCHook]") -> None:
        """Java ``AsyncTraceDispatcher(group, type, traceTopicName, rpcHook)``: a blank ``trace_topic_name`` means
        ``RMQ_SYS_TRACE_TOPIC``."""
        self.queue_size = 2048
        self.batch_size = 100
        self.max_msg_size = 128000
        self.polling_time_mil = 100
        self.wait_time_threshold_mil = 500
        self.discard_count = 0
        self.trace_context_queue: "queue.Queue[TraceContext]" = queue.Queue(1024)
        self.task_queue_by_topic: Dict[str, TraceDataSegment] = {}
        self.group = group
        self.type = type_
        self.trace_topic_name = (TopicValidator.RMQ_SYS_TRACE_TOPIC if UtilAll.is_blank(trace_topic_name)
                                 else trace_topic_name)
        self.trace_executor = ThreadPoolExecutor(10, 20, self.queue_size, "MQTraceSendThread_", keep_alive_time=60.0)
        self.dispatcher_id = str(uuid.uuid4())
        self.access_channel = AccessChannel.LOCAL
        self.send_which_queue = ThreadLocalIndex()
        self.host_producer = None
        self.host_consumer = None
        self.worker: Optional[threading.Thread] = None
        self.stopped = False
        self._started = False
        self._shutdown_hook_registered = False
        self._start_lock = threading.Lock()
        #: Java ``synchronized (taskQueueByTopic)``
        self._segment_lock = threading.Lock()
        #: contexts appended but not yet in a segment, and batches handed to the producer but not yet answered
        self._state = threading.Condition()
        self._unencoded = 0
        self._sending = 0
        self.trace_producer = self._get_and_create_trace_producer(rpc_hook)

    @classmethod
    def create_for_client(cls, type_: TraceDispatcher.Type, group: Optional[str], trace_topic_name: Optional[str],
                          rpc_hook: "Optional[RPCHook]", client_impl: Any,
                          set_host: bool = True) -> "Optional[AsyncTraceDispatcher]":
        """The trace set-up Java repeats in the DefaultMQProducer and DefaultMQPushConsumer constructors and
        ``DefaultLitePullConsumer.setTraceDispatcher``: a dispatcher whose trace hooks are registered on
        ``client_impl`` (PRODUCE: the send and end-transaction hooks on a DefaultMQProducerImpl; CONSUME: the
        consume hook on a consumer impl) and which knows it as its host unless ``set_host`` is false (Java sets
        none for the lite pull consumer). None, logged, when it cannot be set up."""
        try:
            dispatcher = cls(group, type_, trace_topic_name, rpc_hook)
            if type_ is TraceDispatcher.Type.PRODUCE:
                from rocketmq_client.trace.hook.end_transaction_trace_hook_impl import EndTransactionTraceHookImpl
                from rocketmq_client.trace.hook.send_message_trace_hook_impl import SendMessageTraceHookImpl

                if set_host:
                    dispatcher.set_host_producer(client_impl)
                client_impl.register_send_message_hook(SendMessageTraceHookImpl(dispatcher))
                client_impl.register_end_transaction_hook(EndTransactionTraceHookImpl(dispatcher))
            else:
                from rocketmq_client.trace.hook.consume_message_trace_hook_impl import ConsumeMessageTraceHookImpl

                if set_host:
                    dispatcher.set_host_consumer(client_impl)
                client_impl.register_consume_message_hook(ConsumeMessageTraceHookImpl(dispatcher))
            return dispatcher
        except Exception:
            log.error("system mqtrace hook init failed ,maybe can't send msg trace data", exc_info=True)
            return None

    # ------------------------------------------------------------------ accessors

    # ------------------------------------------------------------------ life cycle

    def start(self, name_srv_addr: Optional[str], access_channel: AccessChannel) -> None:
        """Java ``start``: start the inner producer on ``name_srv_addr`` (once), then the worker thread."""
        with self._start_lock:
            if not self._started:
                self._started = True
                self.trace_producer.set_namesrv_addr(name_srv_addr)
                self.trace_producer.set_instance_name(TraceConstants.TRACE_INSTANCE_NAME + "_"
                                                      + ("null" if name_srv_addr is None else name_srv_addr))
                self.trace_producer.start()
            self.access_channel = access_channel
            if self.worker is None and not self.stopped:
                self.worker = threading.Thread(target=AsyncRunnable(self).run,
                                               name="MQ-AsyncTraceDispatcher-Thread-" + self.dispatcher_id,
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
        with self._state:
            try:
                self.trace_context_queue.put_nowait(ctx)
            except queue.Full:
                self.discard_count += 1
                discard_count = self.discard_count
            else:
                self._unencoded += 1
                return True
        log.info("buffer full%d ,context is %s", discard_count, ctx)
        return False

    def flush(self) -> None:
        """Java ``flush``: send every segment and wait, at most 500 ms, until nothing is buffered or in flight."""
        self._flush(0.5)

    def _flush(self, max_wait: float) -> None:
        deadline = time.monotonic() + max_wait
        while True:
            with self._segment_lock:
                for segment in list(self.task_queue_by_topic.values()):
                    segment.send_all_data()
            with self._state:
                unencoded = self._unencoded
            with self._segment_lock:
                buffered = any(segment.trace_transfer_bean_list for segment in self.task_queue_by_topic.values())
            with self._state:
                if unencoded == 0 and not buffered and self._sending == 0:
                    break
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                self._state.wait(min(remaining, self.polling_time_mil / 1000.0))
        log.info("------end trace send %d   %d", self.trace_context_queue.qsize(), self.trace_executor.get_queue_size())

    def shutdown(self) -> None:
        """Java ``shutdown``: stop taking contexts, flush (up to the inner producer's send timeout), then stop the
        worker, the send pool and the inner producer. Idempotent."""
        if self.stopped:
            return
        self.stopped = True
        worker = self.worker
        if worker is not None:
            worker.join()
        self._encode_queued_contexts()
        self._flush(self.trace_producer.get_send_msg_timeout() / 1000.0)
        self.trace_executor.shutdown()
        self.trace_executor.await_termination(self.trace_producer.get_send_msg_timeout() / 1000.0)
        if self._started:
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

    def _encode_queued_contexts(self) -> None:
        """Move every queued context into its segment (at shutdown, once the worker ended)."""
        while True:
            try:
                ctx = self.trace_context_queue.get_nowait()
            except queue.Empty:
                return
            self.add_trace_context(ctx)

    def add_trace_context(self, trace_context: TraceContext) -> None:
        """Encode a polled context into the segment of its trace topic (the AsyncRunnable's loop body); errors
        are logged and the context dropped."""
        try:
            if trace_context is not None and trace_context.get_trace_beans():
                # get the topic which the trace message will send to
                trace_topic_name = self.get_trace_topic_name_for(trace_context.get_region_id())
                trace_transfer_bean = TraceDataEncoder.encoder_from_context_bean(trace_context)
                with self._segment_lock:
                    segment = self.task_queue_by_topic.get(trace_topic_name)
                    if segment is None:
                        segment = TraceDataSegment(self, trace_topic_name, trace_context.get_region_id())
                        self.task_queue_by_topic[trace_topic_name] = segment
                    segment.add_trace_transfer_bean(trace_transfer_bean)  # type: ignore[arg-type]
        except Exception:
            log.error("encoding trace context failed, it is dropped: %s", trace_context, exc_info=True)
        finally:
            with self._state:
                self._unencoded -= 1
                self._state.notify_all()

    def send_data_by_time_threshold(self) -> None:
        """Send the segments whose first record waited ``wait_time_threshold_mil``."""
        now = _now_millis()
        with self._segment_lock:
            for segment in list(self.task_queue_by_topic.values()):
                if segment.first_bean_add_time and now - segment.first_bean_add_time >= self.wait_time_threshold_mil:
                    segment.send_all_data()

    def get_trace_topic_name_for(self, region_id: Optional[str]) -> str:
        """Java ``AsyncRunnable.getTraceTopicName``: ``rmq_sys_TRACE_DATA_<region>`` on the CLOUD channel."""
        if self.access_channel is AccessChannel.CLOUD:
            return TraceConstants.TRACE_TOPIC_PREFIX + ("null" if region_id is None else region_id)
        return self.trace_topic_name

    def submit_send_task(self, task: "AsyncDataSendTask") -> None:
        """Hand a batch to the send pool (counted in flight until the producer answers)."""
        with self._state:
            self._sending += 1
        try:
            self.trace_executor.execute(task.run)
        except RejectedExecutionException:
            log.error("trace send pool refused a batch of %d records, dropped", len(task.trace_transfer_bean_list))
            self.send_done()

    def send_done(self) -> None:
        with self._state:
            self._sending -= 1
            self._state.notify_all()


class AsyncRunnable:
    """Java ``AsyncTraceDispatcher.AsyncRunnable``: the worker loop."""

    def __init__(self, dispatcher: AsyncTraceDispatcher) -> None:
        self.dispatcher = dispatcher
        self.stopped = False

    def run(self) -> None:
        dispatcher = self.dispatcher
        poll = dispatcher.trace_context_queue.get
        while not self.stopped:
            end_time = time.monotonic() + dispatcher.polling_time_mil / 1000.0
            while True:
                remaining = end_time - time.monotonic()
                if remaining <= 0:
                    break
                try:
                    trace_context = poll(True, remaining)
                except queue.Empty:
                    break
                dispatcher.add_trace_context(trace_context)
            # send the segments whose first record is older than waitTimeThreshold
            try:
                dispatcher.send_data_by_time_threshold()
            except Exception:
                log.error("sending trace data by time threshold failed", exc_info=True)
            if dispatcher.stopped:
                self.stopped = True


class TraceDataSegment:
    """Java ``AsyncTraceDispatcher.TraceDataSegment``: the encoded records waiting for one trace topic. Callers
    hold the dispatcher's segment lock."""

    def __init__(self, dispatcher: AsyncTraceDispatcher, trace_topic_name: str, region_id: Optional[str]) -> None:
        self.dispatcher = dispatcher
        self.first_bean_add_time = 0
        self.current_msg_size = 0
        self.trace_topic_name = trace_topic_name
        self.region_id = region_id
        self.trace_transfer_bean_list: List[TraceTransferBean] = []

    def add_trace_transfer_bean(self, trace_transfer_bean: TraceTransferBean) -> None:
        """Java ``addTraceTransferBean``: send once the segment is near the maximum message size (or holds
        ``batch_size`` records)."""
        if self.first_bean_add_time == 0:
            self.first_bean_add_time = _now_millis()
        self.trace_transfer_bean_list.append(trace_transfer_bean)
        self.current_msg_size += len(trace_transfer_bean.get_trans_data())
        dispatcher = self.dispatcher
        if (self.current_msg_size >= dispatcher.trace_producer.get_max_message_size() - 10 * 1000
                or len(self.trace_transfer_bean_list) >= dispatcher.batch_size):
            self.send_all_data()

    def send_all_data(self) -> None:
        """Java ``sendAllData``."""
        if not self.trace_transfer_bean_list:
            return
        data_to_send = list(self.trace_transfer_bean_list)
        self.clear()
        self.dispatcher.submit_send_task(AsyncDataSendTask(self.dispatcher, self.trace_topic_name, self.region_id,
                                                           data_to_send))

    def clear(self) -> None:
        self.first_bean_add_time = 0
        self.current_msg_size = 0
        self.trace_transfer_bean_list.clear()


class _TraceSendCallback(SendCallback):
    """Logs a failed trace send; tells the dispatcher once that the batch is answered."""

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
    """Java ``AsyncTraceDispatcher.AsyncDataSendTask``: one trace message of a batch of records."""

    def __init__(self, dispatcher: AsyncTraceDispatcher, trace_topic_name: str, region_id: Optional[str],
                 trace_transfer_bean_list: List[TraceTransferBean]) -> None:
        self.dispatcher = dispatcher
        self.trace_topic_name = trace_topic_name
        self.region_id = region_id
        self.trace_transfer_bean_list = trace_transfer_bean_list

    def run(self) -> None:
        buffer: List[str] = []
        key_set: Set[str] = set()
        for bean in self.trace_transfer_bean_list:
            key_set.update(bean.get_trans_key())
            buffer.append(bean.get_trans_data())
        self.send_trace_data_by_mq(key_set, "".join(buffer), self.trace_topic_name)

    def send_trace_data_by_mq(self, key_set: Set[str], data: str, trace_topic: str) -> None:
        """Java ``sendTraceDataByMQ``: asynchronously, to a broker of the trace topic's route when it has one;
        failures are logged."""
        dispatcher = self.dispatcher
        message = Message(trace_topic, data.encode("utf-8"))
        # the keys of a trace message are the ids (not offset ids) and keys of the traced messages
        message.set_keys(key_set)
        callback = _TraceSendCallback(dispatcher, data)
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
