"""Java ``org.apache.rocketmq.client.consumer.DefaultLitePullConsumer``: a consumer the application polls.

::

    consumer = DefaultLitePullConsumer("ConsumerGroup")
    consumer.set_namesrv_addr("127.0.0.1:9876")
    consumer.subscribe("TopicTest", "*")            # or consumer.assign(queues)
    consumer.start()
    while running:
        for msg in consumer.poll():                   # up to pull_batch_size messages, waits poll_timeout_millis
            ...
    consumer.shutdown()

or ``with DefaultLitePullConsumer("ConsumerGroup") as consumer:`` (entering starts it unless started already,
leaving shuts it down). In subscribe mode the group's rebalance shares the queues out; in assign mode the
application chooses them (and may ``seek``, ``pause``, ``resume``); the modes exclude each other. With
``auto_commit`` (default) the offsets of what was polled are committed at the next ``poll`` once
``auto_commit_interval_millis`` has passed; otherwise use ``commit_sync``. Committed offsets reach the broker
(CLUSTERING) every ``persist_consumer_offset_interval`` and at shutdown.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Collection, List, Mapping, Optional, Set, Union, cast

from rocketmq_client.client_config import ClientConfig
from rocketmq_client.consumer.default_mq_pull_consumer import default_allocate_message_queue_strategy
from rocketmq_client.consumer.message_queue_listener import MessageQueueListener, as_message_queue_listener
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.impl.consumer.default_lite_pull_consumer_impl import DefaultLitePullConsumerImpl
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.service_state import ServiceState
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Prop

if TYPE_CHECKING:
    from rocketmq_client.hook.consume_message_hook import ConsumeMessageHook
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["DefaultLitePullConsumer"]

log = logging.getLogger(__name__)

#: Java ``MIN_AUTOCOMMIT_INTERVAL_MILLIS``
MIN_AUTOCOMMIT_INTERVAL_MILLIS = 1000

_CONSUME_FROM_WHERE_ALLOWED = (ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                               ConsumeFromWhere.CONSUME_FROM_TIMESTAMP)


def _half_an_hour_ago() -> str:
    """Java's ``consumeTimestamp`` initialiser: now - 30 min as ``yyyyMMddHHmmss``."""
    return UtilAll.time_millis_to_human_string3(int(time.time() * 1000) - 1000 * 60 * 30)


class DefaultLitePullConsumer(ClientConfig):
    """A consumer the application polls: Java ``org.apache.rocketmq.client.consumer.DefaultLitePullConsumer``.

    ::

        consumer = DefaultLitePullConsumer("my_group", namesrv_addr="127.0.0.1:9876")
        consumer.subscribe("MyTopic", "*")      # or consumer.assign(queues): the two modes exclude each other
        consumer.start()
        for msg in consumer.poll():             # up to pull_batch_size messages, waits up to poll_timeout_millis
            ...
        consumer.shutdown()                     # or ``with DefaultLitePullConsumer(...) as consumer:``

    Main keyword options (Java's fields; each also has ``get_x`` / ``set_x``): ``namesrv_addr``
    (``host:port[;host:port]``, the separator is ``;``), ``message_model`` (CLUSTERING), ``consume_from_where``
    (CONSUME_FROM_LAST_OFFSET), ``pull_batch_size`` (10), ``poll_timeout_millis`` (5000), ``auto_commit`` (True:
    what was polled is committed at a later ``poll`` once ``auto_commit_interval_millis``, 5000, has passed;
    otherwise call ``commit_sync``), ``pull_thread_nums`` (20), ``pull_threshold_for_queue`` (1000),
    ``namespace``, ``enable_trace``. In assign mode ``seek``, ``pause`` and ``resume`` choose what is read.
    """

    consumer_group = Prop(str, MixAll.DEFAULT_CONSUMER_GROUP)
    #: long polling: how long the broker may hold a pull (ms)
    broker_suspend_max_time_millis = Prop(int, 1000 * 20)
    #: long polling: the client-side timeout of a pull, greater than the above (ms)
    consumer_timeout_millis_when_suspend = Prop(int, 1000 * 30)
    #: the timeout of a non-blocking pull (ms)
    consumer_pull_timeout_millis = Prop(int, 1000 * 10)
    message_model = Prop(MessageModel, MessageModel.CLUSTERING)
    message_queue_listener = Prop(object)
    offset_store = Prop(object)
    allocate_message_queue_strategy = Prop(object, factory=default_allocate_message_queue_strategy)
    unit_mode = Prop(bool, False)
    auto_commit = Prop(bool, True)
    #: threads pulling the assigned queues (read at start)
    pull_thread_nums = Prop(int, 20)
    #: minimum time between two automatic commits (ms, at least 1000)
    auto_commit_interval_millis = Prop(int, 5 * 1000)
    #: most messages per pull, hence per poll
    pull_batch_size = Prop(int, 10)
    #: flow control: cached pulls x pull_batch_size above this stop every pull
    pull_threshold_for_all = Prop(int, 10000)
    #: flow control: offset span of a queue's cached messages
    consume_max_span = Prop(int, 2000)
    #: flow control: cached messages per queue
    pull_threshold_for_queue = Prop(int, 1000)
    #: flow control: cached body MiB per queue
    pull_threshold_size_for_queue = Prop(int, 100)
    #: the timeout of ``poll()`` without argument (ms)
    poll_timeout_millis = Prop(int, 1000 * 5)
    #: how often the queues of topics with a TopicMessageQueueChangeListener are checked (ms)
    topic_metadata_check_interval_millis = Prop(int, 30 * 1000)
    consume_from_where = Prop(ConsumeFromWhere, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET)
    #: start of CONSUME_FROM_TIMESTAMP, ``yyyyMMddHHmmss`` (default half an hour ago)
    consume_timestamp = Prop(str, factory=_half_an_hour_ago)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: str) -> None: self.consumer_group = consumer_group
    def get_broker_suspend_max_time_millis(self) -> int: return self.broker_suspend_max_time_millis
    def set_broker_suspend_max_time_millis(self, broker_suspend_max_time_millis: int) -> None:
        self.broker_suspend_max_time_millis = broker_suspend_max_time_millis
    def get_consumer_timeout_millis_when_suspend(self) -> int: return self.consumer_timeout_millis_when_suspend
    def set_consumer_timeout_millis_when_suspend(self, consumer_timeout_millis_when_suspend: int) -> None:
        self.consumer_timeout_millis_when_suspend = consumer_timeout_millis_when_suspend
    def get_consumer_pull_timeout_millis(self) -> int: return self.consumer_pull_timeout_millis
    def set_consumer_pull_timeout_millis(self, consumer_pull_timeout_millis: int) -> None:
        self.consumer_pull_timeout_millis = consumer_pull_timeout_millis
    def get_message_model(self) -> MessageModel: return self.message_model
    def set_message_model(self, message_model: MessageModel) -> None: self.message_model = message_model
    def get_offset_store(self) -> Any: return self.offset_store
    def set_offset_store(self, offset_store: Any) -> None: self.offset_store = offset_store
    def get_allocate_message_queue_strategy(self) -> Any: return self.allocate_message_queue_strategy
    def set_allocate_message_queue_strategy(self, allocate_message_queue_strategy: Any) -> None:
        self.allocate_message_queue_strategy = allocate_message_queue_strategy
    def get_auto_commit(self) -> bool: return self.auto_commit
    def is_auto_commit(self) -> bool: return self.auto_commit
    def set_auto_commit(self, auto_commit: bool) -> None: self.auto_commit = auto_commit
    def get_pull_thread_nums(self) -> int: return self.pull_thread_nums
    def set_pull_thread_nums(self, pull_thread_nums: int) -> None: self.pull_thread_nums = pull_thread_nums
    def get_auto_commit_interval_millis(self) -> int: return self.auto_commit_interval_millis
    def get_pull_batch_size(self) -> int: return self.pull_batch_size
    def set_pull_batch_size(self, pull_batch_size: int) -> None: self.pull_batch_size = pull_batch_size
    def get_pull_threshold_for_all(self) -> int: return self.pull_threshold_for_all
    def set_pull_threshold_for_all(self, pull_threshold_for_all: int) -> None:
        self.pull_threshold_for_all = pull_threshold_for_all
    def get_consume_max_span(self) -> int: return self.consume_max_span
    def set_consume_max_span(self, consume_max_span: int) -> None: self.consume_max_span = consume_max_span
    def get_pull_threshold_for_queue(self) -> int: return self.pull_threshold_for_queue
    def set_pull_threshold_for_queue(self, pull_threshold_for_queue: int) -> None:
        self.pull_threshold_for_queue = pull_threshold_for_queue
    def get_pull_threshold_size_for_queue(self) -> int: return self.pull_threshold_size_for_queue
    def set_pull_threshold_size_for_queue(self, pull_threshold_size_for_queue: int) -> None:
        self.pull_threshold_size_for_queue = pull_threshold_size_for_queue
    def get_poll_timeout_millis(self) -> int: return self.poll_timeout_millis
    def set_poll_timeout_millis(self, poll_timeout_millis: int) -> None: self.poll_timeout_millis = poll_timeout_millis
    def get_topic_metadata_check_interval_millis(self) -> int: return self.topic_metadata_check_interval_millis
    def set_topic_metadata_check_interval_millis(self, topic_metadata_check_interval_millis: int) -> None:
        self.topic_metadata_check_interval_millis = topic_metadata_check_interval_millis
    def get_consume_from_where(self) -> ConsumeFromWhere: return self.consume_from_where
    def get_consume_timestamp(self) -> str: return self.consume_timestamp
    def set_consume_timestamp(self, consume_timestamp: str) -> None: self.consume_timestamp = consume_timestamp

    def __init__(self, consumer_group: Optional[str] = None, rpc_hook: Optional["RPCHook"] = None,
                 namespace: Optional[str] = None, enable_msg_trace: bool = False,
                 customized_trace_topic: Optional[str] = None, **config: Any) -> None:
        """Java's constructors: ``consumer_group`` defaults to ``DEFAULT_CONSUMER`` (which ``start`` refuses).
        ``enable_msg_trace`` / ``customized_trace_topic`` are :meth:`set_enable_msg_trace` /
        :meth:`set_customized_trace_topic`. Every setting is also a keyword, applied through its setter."""
        if isinstance(rpc_hook, str):
            raise TypeError("rpc_hook must be an RPCHook, got %r (Java's DefaultLitePullConsumer(namespace, group, "
                            "hook) is DefaultLitePullConsumer(group, hook, namespace=namespace) here)" % (rpc_hook,))
        super().__init__()
        self.namespace = namespace
        self.consumer_group = MixAll.DEFAULT_CONSUMER_GROUP if consumer_group is None else consumer_group
        self.enable_stream_request_type = True
        self._trace_dispatcher: Any = None
        self._rpc_hook = rpc_hook
        self.default_lite_pull_consumer_impl = DefaultLitePullConsumerImpl(self, rpc_hook)
        self.enable_trace = enable_msg_trace
        self.trace_topic = customized_trace_topic
        self._apply_config(config, ("consumer_group", "rpc_hook", "enable_msg_trace", "customized_trace_topic"))

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``: set up message trace if enabled, wrap the group with the namespace, start the engine
        (and then the trace dispatcher)."""
        self._set_trace_dispatcher()
        self.set_consumer_group(self.with_namespace(self.consumer_group))
        self.default_lite_pull_consumer_impl.start()
        if self._trace_dispatcher is not None:
            try:
                self._trace_dispatcher.start(self.get_namesrv_addr(), self.get_access_channel())
            except Exception:
                log.warning("trace dispatcher start failed ", exc_info=True)
        MQClientManager.get_instance().register_started_client(self, consumer=True)

    def shutdown(self) -> None:
        """Java ``shutdown``: offsets are persisted first; no thread of this consumer is left afterwards. A started
        consumer not shut down is shut down at interpreter exit (see :class:`MQClientManager`)."""
        MQClientManager.get_instance().unregister_started_client(self)
        self.default_lite_pull_consumer_impl.shutdown()
        if self._trace_dispatcher is not None:
            self._trace_dispatcher.shutdown()

    def is_running(self) -> bool:
        """Java ``isRunning``."""
        return self.default_lite_pull_consumer_impl.is_running()

    def __enter__(self) -> "DefaultLitePullConsumer":
        if self.default_lite_pull_consumer_impl.get_service_state() == ServiceState.CREATE_JUST:
            self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    def _set_trace_dispatcher(self) -> None:
        """Java 5.3.3 ``setTraceDispatcher``: the consume trace hook when ``enable_trace`` (see
        :meth:`AsyncTraceDispatcher.create_for_client`; ``trace_msg_batch_num``, ``trace_topic``, this consumer's RPC
        hook, no host; the trace producer uses TLS as this consumer does)."""
        if not self.enable_trace or self._trace_dispatcher is not None:
            return
        from rocketmq_client.trace.async_trace_dispatcher import AsyncTraceDispatcher
        from rocketmq_client.trace.trace_dispatcher import TraceDispatcher

        dispatcher = AsyncTraceDispatcher.create_for_client(TraceDispatcher.Type.CONSUME, self.consumer_group,
                                                            self.get_trace_msg_batch_num(), self.trace_topic,
                                                            self._rpc_hook, self.default_lite_pull_consumer_impl,
                                                            set_host=False)
        if dispatcher is not None:
            dispatcher.get_trace_producer().set_use_tls(self.is_use_tls())
            self._trace_dispatcher = dispatcher

    def get_customized_trace_topic(self) -> Optional[str]:
        """Java ``getCustomizedTraceTopic``: 5.3.3's ``trace_topic``."""
        return self.trace_topic

    def set_customized_trace_topic(self, customized_trace_topic: Optional[str]) -> None:
        """Java ``setCustomizedTraceTopic``: sets 5.3.3's ``trace_topic``."""
        self.trace_topic = customized_trace_topic

    def is_enable_msg_trace(self) -> bool:
        """Java ``isEnableMsgTrace``: 5.3.3's ``enable_trace``."""
        return self.enable_trace

    def set_enable_msg_trace(self, enable_msg_trace: bool) -> None:
        """Java ``setEnableMsgTrace``: sets 5.3.3's ``enable_trace``."""
        self.enable_trace = enable_msg_trace

    # ------------------------------------------------------------------ subscribe / assign

    def subscribe(self, topic: str, subscription: Union[str, MessageSelector, None] = None,
                  message_queue_listener: Any = None) -> None:
        """Java ``subscribe(topic, subExpression)``, ``subscribe(topic, messageSelector)`` and ``subscribe(topic,
        subExpression, messageQueueListener)``: ``subscription`` is a tag expression (None: ``*``) or a
        MessageSelector; ``message_queue_listener`` (a MessageQueueListener or a function ``(topic, mq_all,
        mq_divided)``) is told of each new assignment."""
        self.default_lite_pull_consumer_impl.subscribe(self.with_namespace(topic), subscription,
                                                       message_queue_listener)

    def unsubscribe(self, topic: str) -> None:
        """Java ``unsubscribe``."""
        self.default_lite_pull_consumer_impl.unsubscribe(self.with_namespace(topic))

    def assign(self, message_queues: Collection[MessageQueue]) -> None:
        """Java ``assign``: read exactly these queues (assign mode)."""
        self.default_lite_pull_consumer_impl.assign(self.queues_with_namespace(message_queues))  # type: ignore

    def set_sub_expression_for_assign(self, topic: str, sub_expression: str) -> None:
        """Java ``setSubExpressionForAssign``: the tag filter of an assigned topic (before start)."""
        self.default_lite_pull_consumer_impl.set_sub_expression_for_assign(self.with_namespace(topic), sub_expression)

    def assignment(self) -> Set[MessageQueue]:
        """Java ``assignment``: the queues this consumer reads now (copies with the topic without namespace; Java
        4.9.7 hands out the namespaced queues)."""
        queues = self.default_lite_pull_consumer_impl.assignment()
        return {self.queue_without_namespace(mq) for mq in queues} if self.get_namespace() else queues

    # ------------------------------------------------------------------ poll, seek, pause

    def poll(self, timeout: Optional[int] = None) -> List["MessageExt"]:
        """Java ``poll()`` / ``poll(timeout)``: up to ``pull_batch_size`` messages, waiting up to ``timeout`` ms
        (default ``poll_timeout_millis``); an empty list when none came."""
        return self.default_lite_pull_consumer_impl.poll(self.poll_timeout_millis if timeout is None else timeout)

    def seek(self, message_queue: MessageQueue, offset: int) -> None:
        """Java ``seek``: the next messages of ``message_queue`` start at ``offset``."""
        self.default_lite_pull_consumer_impl.seek(self.queue_with_namespace(message_queue), offset)

    def seek_to_begin(self, message_queue: MessageQueue) -> None:
        """Java ``seekToBegin``."""
        self.default_lite_pull_consumer_impl.seek_to_begin(self.queue_with_namespace(message_queue))

    def seek_to_end(self, message_queue: MessageQueue) -> None:
        """Java ``seekToEnd``."""
        self.default_lite_pull_consumer_impl.seek_to_end(self.queue_with_namespace(message_queue))

    def pause(self, message_queues: Collection[MessageQueue]) -> None:
        """Java ``pause``: stop pulling these queues (what is cached can still be polled)."""
        self.default_lite_pull_consumer_impl.pause(self.queues_with_namespace(message_queues))  # type: ignore

    def resume(self, message_queues: Collection[MessageQueue]) -> None:
        """Java ``resume``."""
        self.default_lite_pull_consumer_impl.resume(self.queues_with_namespace(message_queues))  # type: ignore

    # ------------------------------------------------------------------ offsets

    def commit_sync(self, offset_map: Optional[Mapping[MessageQueue, int]] = None, persist: bool = False) -> None:
        """Java ``commitSync()`` (the consumed offsets of every assigned queue) and ``commitSync(offsetMap,
        persist)`` (the given offsets; ``persist`` sends them to the store at once; queues with or without the
        namespace, where Java 4.9.7 needs them with it)."""
        if offset_map is None:
            self.default_lite_pull_consumer_impl.commit_all()
        else:
            self.default_lite_pull_consumer_impl.commit({self.queue_with_namespace(mq): offset
                                                         for mq, offset in offset_map.items()}, persist)

    def commit(self, message_queues: Set[MessageQueue], persist: bool) -> None:
        """Java ``commit(messageQueues, persist)``: the consumed offsets of these queues (queues with or without
        the namespace; Java 4.9.7 needs them with it)."""
        self.default_lite_pull_consumer_impl.commit({self.queue_with_namespace(mq) for mq in message_queues},
                                                    persist)

    def committed(self, message_queue: MessageQueue) -> int:
        """Java ``committed``: the group's offset of ``message_queue`` (memory first, then the broker)."""
        return self.default_lite_pull_consumer_impl.committed(self.queue_with_namespace(message_queue))

    def offset_for_timestamp(self, message_queue: MessageQueue, timestamp: int) -> int:
        """Java ``offsetForTimestamp``."""
        return self.default_lite_pull_consumer_impl.search_offset(self.queue_with_namespace(message_queue), timestamp)

    # ------------------------------------------------------------------ topic metadata

    def fetch_message_queues(self, topic: str) -> Set[MessageQueue]:
        """Java ``fetchMessageQueues``: the readable queues of ``topic``."""
        return self.default_lite_pull_consumer_impl.fetch_message_queues(self.with_namespace(topic))

    def register_topic_message_queue_change_listener(self, topic: str, listener: Any) -> None:
        """Java ``registerTopicMessageQueueChangeListener``: ``listener`` (a TopicMessageQueueChangeListener or a
        function ``(topic, message_queues)``) is told when the queues of ``topic`` change."""
        self.default_lite_pull_consumer_impl.register_topic_message_queue_change_listener(self.with_namespace(topic),
                                                                                           listener)

    def update_name_server_address(self, name_server_address: str) -> None:
        """Java ``updateNameServerAddress``: a ``;``-separated list."""
        self.default_lite_pull_consumer_impl.update_name_server_addr(name_server_address)

    # ------------------------------------------------------------------ settings with rules

    def set_auto_commit_interval_millis(self, auto_commit_interval_millis: int) -> None:
        """Java ``setAutoCommitIntervalMillis``: values below 1000 ms are ignored."""
        if auto_commit_interval_millis >= MIN_AUTOCOMMIT_INTERVAL_MILLIS:
            self.auto_commit_interval_millis = auto_commit_interval_millis

    def set_consume_from_where(self, consume_from_where: ConsumeFromWhere) -> None:
        """Java ``setConsumeFromWhere``: only FIRST_OFFSET, LAST_OFFSET or TIMESTAMP."""
        if consume_from_where not in _CONSUME_FROM_WHERE_ALLOWED:
            raise RuntimeError("Invalid ConsumeFromWhere Value")
        self.consume_from_where = consume_from_where

    def set_message_queue_listener(self, message_queue_listener: Any) -> None:
        """Java ``setMessageQueueListener`` (a function ``(topic, mq_all, mq_divided)`` is accepted too)."""
        self.message_queue_listener = as_message_queue_listener(message_queue_listener)

    def get_message_queue_listener(self) -> Optional[MessageQueueListener]:
        """Java ``getMessageQueueListener``."""
        return cast(Optional[MessageQueueListener], self.message_queue_listener)

    def is_connect_broker_by_user(self) -> bool:
        """Java ``isConnectBrokerByUser`` (after start)."""
        return self._wrapper().is_connect_broker_by_user()

    def set_connect_broker_by_user(self, connect_broker_by_user: bool) -> None:
        """Java ``setConnectBrokerByUser`` (after start): pull from ``default_broker_id`` of each broker."""
        self._wrapper().set_connect_broker_by_user(connect_broker_by_user)

    def get_default_broker_id(self) -> int:
        """Java ``getDefaultBrokerId`` (after start)."""
        return self._wrapper().get_default_broker_id()

    def set_default_broker_id(self, default_broker_id: int) -> None:
        """Java ``setDefaultBrokerId`` (after start)."""
        self._wrapper().set_default_broker_id(default_broker_id)

    def _wrapper(self) -> Any:
        wrapper = self.default_lite_pull_consumer_impl.get_pull_api_wrapper()
        if wrapper is None:
            raise RuntimeError("the PullAPIWrapper exists once the consumer is started")
        return wrapper

    # ------------------------------------------------------------------ accessors

    def get_trace_dispatcher(self) -> Any:
        """Java ``getTraceDispatcher``: None unless message tracing is enabled and started."""
        return self._trace_dispatcher

    def register_consume_message_hook(self, hook: "ConsumeMessageHook") -> None:
        """A hook run around each pull's messages (Java: on the impl)."""
        self.default_lite_pull_consumer_impl.register_consume_message_hook(hook)

    def get_default_lite_pull_consumer_impl(self) -> DefaultLitePullConsumerImpl:
        """The engine (Java keeps it private)."""
        return self.default_lite_pull_consumer_impl
