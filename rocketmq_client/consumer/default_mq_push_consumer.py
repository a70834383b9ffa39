"""Java ``org.apache.rocketmq.client.consumer.DefaultMQPushConsumer``: the consumer applications use. Messages are
pulled in the background (long polling) and handed to the registered listener.

::

    consumer = DefaultMQPushConsumer("please_rename_unique_group_name_4")
    consumer.set_namesrv_addr("127.0.0.1:9876")
    consumer.subscribe("TopicTest", "*")

    def on_messages(msgs, context):
        for msg in msgs:
            print(msg.get_body())
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(on_messages)
    consumer.start()
    ...
    consumer.shutdown()

or ``with DefaultMQPushConsumer(...) as consumer:`` (entering starts it unless started, leaving shuts it down).

A listener is a :class:`MessageListenerConcurrently` or :class:`MessageListenerOrderly` instance, or a callable
``fn(msgs, context)`` (concurrent; ``register_message_listener(fn, orderly=True)`` for orderly). ``subscribe``
takes a tag expression, a :class:`MessageSelector`, or (deprecated in Java) a filter class name and its source.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Set, Union, cast

from rocketmq_client.client_config import ClientConfig
from rocketmq_client.consumer.listener.message_listener import (FunctionMessageListenerConcurrently,
                                                                FunctionMessageListenerOrderly, MessageListener,
                                                                MessageListenerOrderly)
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.consumer.default_mq_push_consumer_impl import DefaultMQPushConsumerImpl
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.service_state import ServiceState
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import MapOf, Prop

if TYPE_CHECKING:
    from rocketmq_client.consumer.allocate_message_queue_strategy import AllocateMessageQueueStrategy
    from rocketmq_client.consumer.store.offset_store import OffsetStore
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["DefaultMQPushConsumer"]

log = logging.getLogger(__name__)


def _half_an_hour_ago() -> str:
    return UtilAll.time_millis_to_human_string3(int(time.time() * 1000) - 1000 * 60 * 30)


class DefaultMQPushConsumer(ClientConfig):
    """A push consumer of a consumer group: Java ``org.apache.rocketmq.client.consumer.DefaultMQPushConsumer``.

    ::

        consumer = DefaultMQPushConsumer("my_group", namesrv_addr="127.0.0.1:9876")
        consumer.subscribe("MyTopic", "*")
        consumer.register_message_listener(MessageListenerConcurrently(
            lambda msgs, context: ConsumeConcurrentlyStatus.CONSUME_SUCCESS))
        consumer.start()          # register_message_listener() comes before start()

    Main keyword options (Java's fields; each also has ``get_x`` / ``set_x``): ``namesrv_addr``,
    ``message_model`` (CLUSTERING / BROADCASTING), ``consume_from_where``, ``consume_thread_min`` /
    ``consume_thread_max`` (20 / 20), ``consume_message_batch_max_size`` (1), ``pull_batch_size`` (32),
    ``max_reconsume_times``, ``namespace``, ``enable_trace``. :meth:`shutdown` persists the offsets.

    POP consumption (RocketMQ 5.x brokers): ``set_client_rebalance(False)`` lets the broker assign the queues; once
    the group is in POP mode there (``DefaultMQAdminExt.set_message_request_mode`` or ``mqadmin setConsumeMode -m
    POP``), consumers of the group may outnumber the queues and a message not acked within ``pop_invisible_time``
    goes to another consumer. Orderly listeners always pull (Java 5.3.3's ``clientRebalance`` is true for them).
    """

    consumer_group = Prop(str, MixAll.DEFAULT_CONSUMER_GROUP)
    #: CLUSTERING (the group shares the queues) or BROADCASTING (every consumer gets every message)
    message_model = Prop(MessageModel, MessageModel.CLUSTERING)
    consume_from_where = Prop(ConsumeFromWhere, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET)
    #: start point of CONSUME_FROM_TIMESTAMP, ``yyyyMMddHHmmss`` (default: half an hour ago)
    consume_timestamp = Prop(str, factory=_half_an_hour_ago)
    allocate_message_queue_strategy = Prop(object)
    #: topic -> tag expression, copied into the rebalance subscriptions at start
    subscription = Prop(MapOf(str, str), {})
    message_listener = Prop(object)
    offset_store = Prop(object)
    consume_thread_min = Prop(int, 20)
    consume_thread_max = Prop(int, 20)
    adjust_thread_pool_nums_threshold = Prop(int, 100000)
    #: concurrent consumption stops pulling a queue whose cached offsets span more than this
    consume_concurrently_max_span = Prop(int, 2000)
    #: cached messages per queue before pulling pauses
    pull_threshold_for_queue = Prop(int, 1000)
    #: cached message bodies per queue (MiB) before pulling pauses
    pull_threshold_size_for_queue = Prop(int, 100)
    #: when set, pull_threshold_for_queue = this / assigned queues (-1: unlimited)
    pull_threshold_for_topic = Prop(int, -1)
    #: when set, pull_threshold_size_for_queue = this / assigned queues (MiB, -1: unlimited)
    pull_threshold_size_for_topic = Prop(int, -1)
    #: pause between pulls of a queue (ms)
    pull_interval = Prop(int, 0)
    consume_message_batch_max_size = Prop(int, 1)
    pull_batch_size = Prop(int, 32)
    #: 5.3.3: the size cap in bytes each pull asks for (``maxMsgBytes``; a real 5.3.3 broker does not apply it,
    #: the embedded one does)
    pull_batch_size_in_bytes = Prop(int, 256 * 1024)
    post_subscription_when_pull = Prop(bool, False)
    #: -1: 16 for concurrent consumption, Integer.MAX_VALUE for orderly
    max_reconsume_times = Prop(int, -1)
    suspend_current_queue_time_millis = Prop(int, 1000)
    #: minutes a message may block a consume thread before it is sent back
    consume_timeout = Prop(int, 15)
    #: how long shutdown waits for consumption in flight (ms, 0: no wait)
    await_termination_millis_when_shutdown = Prop(int, 0)
    #: POP mode (5.3.3): popped messages waiting for their ack per queue before popping pauses
    pop_threshold_for_queue = Prop(int, 96)
    #: POP mode: how long a popped message stays invisible to the group (ms, [5000, 300000])
    pop_invisible_time = Prop(int, 60000)
    #: POP mode: messages per pop ([1, 32])
    pop_batch_nums = Prop(int, 32)
    #: False: the broker assigns the queues (QUERY_ASSIGNMENT), in the request mode the group has there (PULL or
    #: POP, ``mqadmin setConsumeMode``); True (default): this client rebalances and pulls (5.3.3)
    client_rebalance = Prop(bool, True)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: str) -> None: self.consumer_group = consumer_group
    def get_message_model(self) -> MessageModel: return self.message_model
    def set_message_model(self, message_model: MessageModel) -> None: self.message_model = message_model
    def get_consume_from_where(self) -> ConsumeFromWhere: return self.consume_from_where
    def set_consume_from_where(self, consume_from_where: ConsumeFromWhere) -> None:
        self.consume_from_where = consume_from_where
    def get_consume_timestamp(self) -> str: return self.consume_timestamp
    def set_consume_timestamp(self, consume_timestamp: str) -> None: self.consume_timestamp = consume_timestamp
    def get_allocate_message_queue_strategy(self) -> Any: return self.allocate_message_queue_strategy
    def set_allocate_message_queue_strategy(self, allocate_message_queue_strategy: Any) -> None:
        self.allocate_message_queue_strategy = allocate_message_queue_strategy
    def get_subscription(self) -> Dict[str, str]: return self.subscription
    def get_message_listener(self) -> Any: return self.message_listener
    def set_message_listener(self, message_listener: Any) -> None: self.message_listener = message_listener
    def get_consume_thread_min(self) -> int: return self.consume_thread_min
    def set_consume_thread_min(self, consume_thread_min: int) -> None: self.consume_thread_min = consume_thread_min
    def get_consume_thread_max(self) -> int: return self.consume_thread_max
    def set_consume_thread_max(self, consume_thread_max: int) -> None: self.consume_thread_max = consume_thread_max
    def get_adjust_thread_pool_nums_threshold(self) -> int: return self.adjust_thread_pool_nums_threshold
    def set_adjust_thread_pool_nums_threshold(self, adjust_thread_pool_nums_threshold: int) -> None:
        self.adjust_thread_pool_nums_threshold = adjust_thread_pool_nums_threshold
    def get_consume_concurrently_max_span(self) -> int: return self.consume_concurrently_max_span
    def set_consume_concurrently_max_span(self, consume_concurrently_max_span: int) -> None:
        self.consume_concurrently_max_span = consume_concurrently_max_span
    def get_pull_threshold_for_queue(self) -> int: return self.pull_threshold_for_queue
    def set_pull_threshold_for_queue(self, pull_threshold_for_queue: int) -> None:
        self.pull_threshold_for_queue = pull_threshold_for_queue
    def get_pull_threshold_size_for_queue(self) -> int: return self.pull_threshold_size_for_queue
    def set_pull_threshold_size_for_queue(self, pull_threshold_size_for_queue: int) -> None:
        self.pull_threshold_size_for_queue = pull_threshold_size_for_queue
    def get_pull_threshold_for_topic(self) -> int: return self.pull_threshold_for_topic
    def set_pull_threshold_for_topic(self, pull_threshold_for_topic: int) -> None:
        self.pull_threshold_for_topic = pull_threshold_for_topic
    def get_pull_threshold_size_for_topic(self) -> int: return self.pull_threshold_size_for_topic
    def set_pull_threshold_size_for_topic(self, pull_threshold_size_for_topic: int) -> None:
        self.pull_threshold_size_for_topic = pull_threshold_size_for_topic
    def get_pull_interval(self) -> int: return self.pull_interval
    def set_pull_interval(self, pull_interval: int) -> None: self.pull_interval = pull_interval
    def get_consume_message_batch_max_size(self) -> int: return self.consume_message_batch_max_size
    def set_consume_message_batch_max_size(self, consume_message_batch_max_size: int) -> None:
        self.consume_message_batch_max_size = consume_message_batch_max_size
    def get_pull_batch_size(self) -> int: return self.pull_batch_size
    def set_pull_batch_size(self, pull_batch_size: int) -> None: self.pull_batch_size = pull_batch_size
    def get_pull_batch_size_in_bytes(self) -> int: return self.pull_batch_size_in_bytes
    def set_pull_batch_size_in_bytes(self, pull_batch_size_in_bytes: int) -> None:
        self.pull_batch_size_in_bytes = pull_batch_size_in_bytes
    def get_post_subscription_when_pull(self) -> bool: return self.post_subscription_when_pull
    def is_post_subscription_when_pull(self) -> bool: return self.post_subscription_when_pull
    def set_post_subscription_when_pull(self, post_subscription_when_pull: bool) -> None:
        self.post_subscription_when_pull = post_subscription_when_pull
    def get_max_reconsume_times(self) -> int: return self.max_reconsume_times
    def set_max_reconsume_times(self, max_reconsume_times: int) -> None: self.max_reconsume_times = max_reconsume_times
    def get_suspend_current_queue_time_millis(self) -> int: return self.suspend_current_queue_time_millis
    def set_suspend_current_queue_time_millis(self, suspend_current_queue_time_millis: int) -> None:
        self.suspend_current_queue_time_millis = suspend_current_queue_time_millis
    def get_consume_timeout(self) -> int: return self.consume_timeout
    def set_consume_timeout(self, consume_timeout: int) -> None: self.consume_timeout = consume_timeout
    def get_await_termination_millis_when_shutdown(self) -> int: return self.await_termination_millis_when_shutdown
    def set_await_termination_millis_when_shutdown(self, await_termination_millis_when_shutdown: int) -> None:
        self.await_termination_millis_when_shutdown = await_termination_millis_when_shutdown
    def get_pop_threshold_for_queue(self) -> int: return self.pop_threshold_for_queue
    def set_pop_threshold_for_queue(self, pop_threshold_for_queue: int) -> None:
        self.pop_threshold_for_queue = pop_threshold_for_queue
    def get_pop_invisible_time(self) -> int: return self.pop_invisible_time
    def set_pop_invisible_time(self, pop_invisible_time: int) -> None: self.pop_invisible_time = pop_invisible_time
    def get_pop_batch_nums(self) -> int: return self.pop_batch_nums
    def set_pop_batch_nums(self, pop_batch_nums: int) -> None: self.pop_batch_nums = pop_batch_nums
    def get_client_rebalance(self) -> bool: return self.client_rebalance
    def is_client_rebalance(self) -> bool: return self.client_rebalance
    def set_client_rebalance(self, client_rebalance: bool) -> None: self.client_rebalance = client_rebalance

    def __init__(self, consumer_group: Optional[str] = None, rpc_hook: Optional["RPCHook"] = None,
                 allocate_message_queue_strategy: Optional["AllocateMessageQueueStrategy"] = None,
                 enable_msg_trace: bool = False, customized_trace_topic: Optional[str] = None,
                 namespace: Optional[str] = None, **config: Any) -> None:
        """Java's constructors: ``consumer_group`` defaults to ``DEFAULT_CONSUMER`` (refused by ``start``),
        ``allocate_message_queue_strategy`` to a new :class:`AllocateMessageQueueAveragely`; ``enable_msg_trace``
        / ``customized_trace_topic`` set ``enable_trace`` / ``trace_topic`` (as Java 5.3.3 does), and
        :meth:`start` then installs the message trace hook. Every setting is also a keyword
        (``DefaultMQPushConsumer(group, namesrv_addr="127.0.0.1:9876", consume_thread_max=64)``), applied through
        its setter."""
        if isinstance(rpc_hook, str):
            raise TypeError("rpc_hook must be an RPCHook, got %r (Java's DefaultMQPushConsumer(namespace, group) is "
                            "DefaultMQPushConsumer(group, namespace=namespace) here)" % (rpc_hook,))
        super().__init__()
        if allocate_message_queue_strategy is None:
            from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import \
                AllocateMessageQueueAveragely
            allocate_message_queue_strategy = AllocateMessageQueueAveragely()
        self.consumer_group = MixAll.DEFAULT_CONSUMER_GROUP if consumer_group is None else consumer_group
        self.namespace = namespace
        self.allocate_message_queue_strategy = allocate_message_queue_strategy
        self.default_mq_push_consumer_impl = DefaultMQPushConsumerImpl(self, rpc_hook)
        self._rpc_hook = rpc_hook
        self._trace_dispatcher: Any = None
        # Java 5.3.3: the 4.x constructor arguments set ClientConfig.enableTrace / traceTopic, read by start()
        self.enable_trace = enable_msg_trace
        self.trace_topic = customized_trace_topic
        self._apply_config(config, ("consumer_group", "rpc_hook", "enable_msg_trace", "customized_trace_topic"))

    def _create_trace_dispatcher(self) -> Any:
        """Java 5.3.3 ``start``'s trace set-up: the message trace dispatcher (``trace_msg_batch_num``,
        ``trace_topic``) with the consume trace hook (see :meth:`AsyncTraceDispatcher.create_for_client`)."""
        from rocketmq_client.trace.async_trace_dispatcher import AsyncTraceDispatcher
        from rocketmq_client.trace.trace_dispatcher import TraceDispatcher

        return AsyncTraceDispatcher.create_for_client(TraceDispatcher.Type.CONSUME, self.consumer_group,
                                                      self.get_trace_msg_batch_num(), self.trace_topic,
                                                      self._rpc_hook, self.default_mq_push_consumer_impl)

    # ------------------------------------------------------------------ life cycle

    def set_use_tls(self, use_tls: bool) -> None:
        """Java ``setUseTLS``: also for the trace producer."""
        super().set_use_tls(use_tls)
        get_trace_producer = getattr(self._trace_dispatcher, "get_trace_producer", None)
        if get_trace_producer is not None:
            get_trace_producer().set_use_tls(use_tls)

    def start(self) -> None:
        """Java ``start``: wrap the group with the namespace, start the engine, then, with ``enable_trace``, the
        trace dispatcher."""
        self.set_consumer_group(NamespaceUtil.wrap_namespace(self.get_namespace(), self.consumer_group))
        self.default_mq_push_consumer_impl.start()
        if self.enable_trace and self._trace_dispatcher is None:
            self._trace_dispatcher = self._create_trace_dispatcher()
        if self._trace_dispatcher is not None:
            self._trace_dispatcher.get_trace_producer().set_use_tls(self.is_use_tls())
            try:
                self._trace_dispatcher.start(self.get_namesrv_addr(), self.get_access_channel())
            except MQClientException:
                log.warning("trace dispatcher start failed ", exc_info=True)
        MQClientManager.get_instance().register_started_client(self, consumer=True)

    def shutdown(self) -> None:
        """Java ``shutdown``: waits up to ``await_termination_millis_when_shutdown`` for consumption in flight,
        persists the offsets, unregisters; no thread or connection of this consumer is left afterwards. A started
        consumer not shut down is shut down at interpreter exit (see :class:`MQClientManager`)."""
        MQClientManager.get_instance().unregister_started_client(self)
        self.default_mq_push_consumer_impl.shutdown(self.await_termination_millis_when_shutdown)
        if self._trace_dispatcher is not None:
            self._trace_dispatcher.shutdown()

    def __enter__(self) -> "DefaultMQPushConsumer":
        if self.default_mq_push_consumer_impl.get_service_state() == ServiceState.CREATE_JUST:
            self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    # ------------------------------------------------------------------ listener and subscriptions

    def register_message_listener(self, message_listener: Union[MessageListener, Callable[..., Any]],
                                  orderly: bool = False) -> None:
        """Java ``registerMessageListener`` (every overload): a listener instance, or a callable
        ``fn(msgs, context)`` consumed concurrently (orderly with ``orderly=True``)."""
        if not isinstance(message_listener, MessageListener):
            if not callable(message_listener):
                raise TypeError("message_listener must be a MessageListenerConcurrently, a MessageListenerOrderly or "
                                "a callable (msgs, context), got %r" % (message_listener,))
            message_listener = (FunctionMessageListenerOrderly(message_listener) if orderly
                                else FunctionMessageListenerConcurrently(message_listener))
        elif orderly and not isinstance(message_listener, MessageListenerOrderly):
            raise TypeError("orderly=True needs a MessageListenerOrderly or a callable, got %r" % (message_listener,))
        self.message_listener = message_listener
        self.default_mq_push_consumer_impl.register_message_listener(message_listener)

    def subscribe(self, topic: str, sub_expression: Union[str, MessageSelector, None] = None,
                  filter_class_source: Optional[str] = None) -> None:
        """Java ``subscribe``: ``(topic, "TagA || TagB")`` (None or ``*`` for all), ``(topic, MessageSelector)``,
        or the deprecated ``(topic, fullClassName, filterClassSource)``."""
        impl = self.default_mq_push_consumer_impl
        if filter_class_source is not None:
            impl.subscribe_class_filter(self.with_namespace(topic), sub_expression,  # type: ignore[arg-type]
                                        filter_class_source)
        elif isinstance(sub_expression, MessageSelector):
            impl.subscribe_selector(self.with_namespace(topic), sub_expression)
        elif sub_expression is None or isinstance(sub_expression, str):
            impl.subscribe(self.with_namespace(topic), sub_expression)
        else:
            raise TypeError("sub_expression must be a str or a MessageSelector, got %r" % (sub_expression,))

    def unsubscribe(self, topic: str) -> None:
        """Java ``unsubscribe``: ``topic`` is wrapped with the namespace like in ``subscribe`` (Java 4.9.7 uses it as
        given, so a namespaced consumer could not unsubscribe; a topic already wrapped is left as it is)."""
        self.default_mq_push_consumer_impl.unsubscribe(self.with_namespace(topic))

    def set_subscription(self, subscription: Dict[str, str]) -> None:
        """Java ``setSubscription`` (deprecated there): topics are wrapped with the namespace."""
        if subscription is None:
            raise TypeError("subscription must be a dict of topic -> sub expression, got None")
        self.subscription = {self.with_namespace(topic): expression for topic, expression in subscription.items()}

    def update_core_pool_size(self, core_pool_size: int) -> None:
        """Java ``updateCorePoolSize``: resize the consume pool (below ``consume_thread_max``)."""
        self.default_mq_push_consumer_impl.update_core_pool_size(core_pool_size)

    def suspend(self) -> None:
        """Java ``suspend``: stop pulling new messages."""
        self.default_mq_push_consumer_impl.suspend()

    def resume(self) -> None:
        """Java ``resume``."""
        self.default_mq_push_consumer_impl.resume()

    def send_message_back(self, msg: "MessageExt", delay_level: int, broker_name: Optional[str] = None) -> None:
        """Java ``sendMessageBack`` (deprecated there): redeliver ``msg`` later at ``delay_level``."""
        msg.set_topic(self.with_namespace(msg.get_topic()))
        self.default_mq_push_consumer_impl.send_message_back(msg, delay_level, broker_name)

    def fetch_subscribe_message_queues(self, topic: str) -> Set["MessageQueue"]:
        """Java ``fetchSubscribeMessageQueues``."""
        return self.default_mq_push_consumer_impl.fetch_subscribe_message_queues(self.with_namespace(topic))

    # ------------------------------------------------------------------ MQAdmin (deprecated in Java)

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0,
                     attributes: Optional[Dict[str, str]] = None) -> None:
        """Java 5.3.3 ``createTopic`` (deprecated there), with the topic attribute changes ``attributes`` as
        :meth:`DefaultMQProducer.create_topic` (Java 5.3.3's consumer drops them on the way, this one sends them)."""
        self.default_mq_push_consumer_impl.create_topic(key, self.with_namespace(new_topic), queue_num,
                                                        topic_sys_flag, attributes)

    def search_offset(self, mq: "MessageQueue", timestamp: int) -> int:
        """Java ``searchOffset``."""
        return self.default_mq_push_consumer_impl.search_offset(self.queue_with_namespace(mq), timestamp)

    def max_offset(self, mq: "MessageQueue") -> int:
        """Java ``maxOffset``."""
        return self.default_mq_push_consumer_impl.max_offset(self.queue_with_namespace(mq))

    def min_offset(self, mq: "MessageQueue") -> int:
        """Java ``minOffset``."""
        return self.default_mq_push_consumer_impl.min_offset(self.queue_with_namespace(mq))

    def earliest_msg_store_time(self, mq: "MessageQueue") -> int:
        """Java ``earliestMsgStoreTime``."""
        return self.default_mq_push_consumer_impl.earliest_msg_store_time(self.queue_with_namespace(mq))

    def view_message(self, topic_or_offset_msg_id: str, msg_id: Optional[str] = None) -> Optional["MessageExt"]:
        """Java ``viewMessage(offsetMsgId)`` and ``viewMessage(topic, msgId)`` (the latter tries ``msg_id`` as an
        offset id, then as a unique key of ``topic``)."""
        impl = self.default_mq_push_consumer_impl
        if msg_id is None:
            return impl.view_message(topic_or_offset_msg_id)
        try:
            MessageDecoder.decode_message_id(msg_id)
            return impl.view_message(msg_id)
        except Exception:
            log.debug("%s is not an offset message id, querying it as a unique key", msg_id, exc_info=True)
        return impl.query_message_by_uniq_key(self.with_namespace(topic_or_offset_msg_id), msg_id)

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> Any:
        """Java ``queryMessage``."""
        return self.default_mq_push_consumer_impl.query_message(self.with_namespace(topic), key, max_num, begin, end)

    # ------------------------------------------------------------------ accessors

    def get_default_mq_push_consumer_impl(self) -> DefaultMQPushConsumerImpl:
        """Java ``getDefaultMQPushConsumerImpl``."""
        return self.default_mq_push_consumer_impl

    def get_offset_store(self) -> Optional["OffsetStore"]:
        """Java ``getOffsetStore``."""
        return cast("Optional[OffsetStore]", self.offset_store)

    def set_offset_store(self, offset_store: Optional["OffsetStore"]) -> None:
        """Java ``setOffsetStore``: used instead of the default store when set before ``start``."""
        self.offset_store = offset_store

    def get_trace_dispatcher(self) -> Any:
        """Java ``getTraceDispatcher``."""
        return self._trace_dispatcher
