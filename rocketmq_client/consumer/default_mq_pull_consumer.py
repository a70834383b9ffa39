"""Java ``org.apache.rocketmq.client.consumer.DefaultMQPullConsumer``: a consumer that pulls the queues it chooses,
at the offsets it chooses (deprecated in Java in favour of
:class:`~rocketmq_client.consumer.default_lite_pull_consumer.DefaultLitePullConsumer`).

::

    consumer = DefaultMQPullConsumer("ConsumerGroup")
    consumer.set_namesrv_addr("127.0.0.1:9876")
    consumer.start()
    for mq in consumer.fetch_subscribe_message_queues("TopicTest"):
        result = consumer.pull(mq, "*", consumer.fetch_consume_offset(mq, True), 32)
        ...
    consumer.shutdown()

or ``with DefaultMQPullConsumer("ConsumerGroup") as consumer:`` (entering starts it unless started already, leaving
shuts it down). Java's overloads are one method each: ``pull(mq, sub_expression | MessageSelector, offset,
max_nums[, pull_callback][, timeout])`` pulls synchronously (returns the PullResult) or, with a
:class:`~rocketmq_client.consumer.pull_callback.PullCallback`, asynchronously; likewise
``pull_block_if_not_found(mq, sub_expression, offset, max_nums[, pull_callback])``.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Dict, Optional, Set, Tuple, cast, overload

from rocketmq_client.client_config import ClientConfig
from rocketmq_client.consumer.message_queue_listener import MessageQueueListener, as_message_queue_listener
from rocketmq_client.impl.consumer.default_mq_pull_consumer_impl import DefaultMQPullConsumerImpl, Subscription
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.service_state import ServiceState
from rocketmq_remoting.common.bean import Prop, SetOf

if TYPE_CHECKING:
    from rocketmq_client.consumer.pull_callback import PullCallback
    from rocketmq_client.consumer.pull_result import PullResult
    from rocketmq_client.query_result import QueryResult
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["DefaultMQPullConsumer"]

log = logging.getLogger(__name__)


def default_allocate_message_queue_strategy() -> Any:
    """Java's field initialiser ``new AllocateMessageQueueAveragely()``."""
    from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely

    return AllocateMessageQueueAveragely()


def split_callback_and_timeout(method: str, args: Tuple[Any, ...]) -> Tuple[Optional["PullCallback"],
                                                                             Optional[int]]:
    """The trailing ``[pull_callback][, timeout]`` arguments of Java's pull overloads."""
    callback = None
    timeout = None
    rest = list(args)
    if rest and hasattr(rest[0], "on_success"):
        callback = rest.pop(0)
    if rest and isinstance(rest[0], int) and not isinstance(rest[0], bool):
        timeout = rest.pop(0)
    if rest:
        raise TypeError("%s() takes (mq, subscription, offset, max_nums[, pull_callback][, timeout]); "
                        "unexpected %r" % (method, tuple(rest)))
    return callback, timeout


class DefaultMQPullConsumer(ClientConfig):
    """A consumer that pulls the queues and offsets it chooses: Java
    ``org.apache.rocketmq.client.consumer.DefaultMQPullConsumer`` (deprecated in Java for
    :class:`~rocketmq_client.consumer.default_lite_pull_consumer.DefaultLitePullConsumer`).

    ::

        consumer = DefaultMQPullConsumer("my_group", namesrv_addr="127.0.0.1:9876")
        consumer.start()
        for mq in consumer.fetch_subscribe_message_queues("MyTopic"):
            result = consumer.pull(mq, "*", consumer.fetch_consume_offset(mq, True), 32)   # a PullResult
            consumer.update_consume_offset(mq, result.get_next_begin_offset())
        consumer.shutdown()                     # or ``with DefaultMQPullConsumer(...) as consumer:``

    Java's overloads are one method each: ``pull(mq, sub_expression | MessageSelector, offset, max_nums[,
    pull_callback][, timeout])`` (synchronous, or asynchronous with a ``PullCallback``) and
    ``pull_block_if_not_found(...)`` (the broker holds the pull up to ``broker_suspend_max_time_millis``, 20000).
    Main keyword options (Java's fields; each also has ``get_x`` / ``set_x``): ``namesrv_addr`` (the separator is
    ``;``), ``message_model`` (CLUSTERING), ``register_topics`` (the topics whose queue changes reach
    ``message_queue_listener``), ``consumer_pull_timeout_millis`` (10000), ``namespace``.
    """

    consumer_group = Prop(str, MixAll.DEFAULT_CONSUMER_GROUP)
    #: long polling: how long the broker may hold a blocking pull (ms)
    broker_suspend_max_time_millis = Prop(int, 1000 * 20)
    #: long polling: the client-side timeout of a blocking pull, greater than the above (ms)
    consumer_timeout_millis_when_suspend = Prop(int, 1000 * 30)
    #: the timeout of a non-blocking pull (ms)
    consumer_pull_timeout_millis = Prop(int, 1000 * 10)
    message_model = Prop(MessageModel, MessageModel.CLUSTERING)
    message_queue_listener = Prop(object)
    offset_store = Prop(object)
    #: the topics this consumer takes part in the rebalance of
    register_topics = Prop(SetOf(str), set())
    allocate_message_queue_strategy = Prop(object, factory=default_allocate_message_queue_strategy)
    unit_mode = Prop(bool, False)
    max_reconsume_times = Prop(int, 16)

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
    def get_register_topics(self) -> Set[str]: return self.register_topics
    def get_allocate_message_queue_strategy(self) -> Any: return self.allocate_message_queue_strategy
    def set_allocate_message_queue_strategy(self, allocate_message_queue_strategy: Any) -> None:
        self.allocate_message_queue_strategy = allocate_message_queue_strategy
    def get_max_reconsume_times(self) -> int: return self.max_reconsume_times
    def set_max_reconsume_times(self, max_reconsume_times: int) -> None: self.max_reconsume_times = max_reconsume_times

    def __init__(self, consumer_group: Optional[str] = None, rpc_hook: Optional["RPCHook"] = None,
                 namespace: Optional[str] = None, **config: Any) -> None:
        """Java's constructors: ``consumer_group`` defaults to ``DEFAULT_CONSUMER`` (which ``start`` refuses).
        Every setting is also a keyword, applied through its setter."""
        if isinstance(rpc_hook, str):
            raise TypeError("rpc_hook must be an RPCHook, got %r (Java's DefaultMQPullConsumer(namespace, group) is "
                            "DefaultMQPullConsumer(group, namespace=namespace) here)" % (rpc_hook,))
        super().__init__()
        self.namespace = namespace
        self.consumer_group = MixAll.DEFAULT_CONSUMER_GROUP if consumer_group is None else consumer_group
        self.enable_stream_request_type = True
        self.default_mq_pull_consumer_impl = DefaultMQPullConsumerImpl(self, rpc_hook)
        self._apply_config(config, ("consumer_group", "rpc_hook"))

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``: wrap the group with the namespace and start the engine."""
        self.set_consumer_group(self.with_namespace(self.consumer_group))
        self.default_mq_pull_consumer_impl.start()
        MQClientManager.get_instance().register_started_client(self, consumer=True)

    def shutdown(self) -> None:
        """Java ``shutdown``: offsets are persisted first. A started consumer not shut down is shut down at
        interpreter exit (see :class:`MQClientManager`)."""
        MQClientManager.get_instance().unregister_started_client(self)
        self.default_mq_pull_consumer_impl.shutdown()

    def __enter__(self) -> "DefaultMQPullConsumer":
        if self.default_mq_pull_consumer_impl.get_service_state() == ServiceState.CREATE_JUST:
            self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    # ------------------------------------------------------------------ settings with rules

    def set_register_topics(self, register_topics: Set[str]) -> None:
        """Java ``setRegisterTopics``: the topics are wrapped with the namespace."""
        self.register_topics = self.with_namespace(set(register_topics))

    def register_message_queue_listener(self, topic: str, listener: Any = None) -> None:
        """Java ``registerMessageQueueListener``: take part in the rebalance of ``topic``; ``listener`` (a
        MessageQueueListener or a function ``(topic, mq_all, mq_divided)``) replaces the current one when
        given."""
        listener = as_message_queue_listener(listener)
        self.register_topics.add(self.with_namespace(topic))
        if listener is not None:
            self.message_queue_listener = listener

    def set_message_queue_listener(self, message_queue_listener: Any) -> None:
        """Java ``setMessageQueueListener`` (a function ``(topic, mq_all, mq_divided)`` is accepted too)."""
        self.message_queue_listener = as_message_queue_listener(message_queue_listener)

    def get_message_queue_listener(self) -> Optional[MessageQueueListener]:
        """Java ``getMessageQueueListener``."""
        return cast(Optional[MessageQueueListener], self.message_queue_listener)

    # ------------------------------------------------------------------ pulling

    def fetch_subscribe_message_queues(self, topic: str) -> Set[MessageQueue]:
        """Java ``fetchSubscribeMessageQueues``: the readable queues of ``topic``."""
        return self.default_mq_pull_consumer_impl.fetch_subscribe_message_queues(self.with_namespace(topic))

    def fetch_message_queues_in_balance(self, topic: str) -> Set[MessageQueue]:
        """Java ``fetchMessageQueuesInBalance``: the queues of ``topic`` the rebalance assigned to this consumer
        (``topic`` must have been registered with :meth:`register_message_queue_listener`)."""
        return self.default_mq_pull_consumer_impl.fetch_message_queues_in_balance(self.with_namespace(topic))

    @overload
    def pull(self, mq: MessageQueue, subscription: Subscription, offset: int, max_nums: int,
             timeout: int = ...) -> "PullResult": ...

    @overload
    def pull(self, mq: MessageQueue, subscription: Subscription, offset: int, max_nums: int,
             pull_callback: "PullCallback", timeout: int = ...) -> None: ...

    @overload
    def pull(self, mq: MessageQueue, subscription: Subscription, offset: int, max_nums: int, max_size: int,
             pull_callback: "PullCallback", timeout: int = ...) -> None: ...

    def pull(self, mq: MessageQueue, subscription: Subscription, offset: int, max_nums: int,
             *args: Any, **kwargs: Any) -> Optional["PullResult"]:
        """Java's ``pull`` overloads: ``subscription`` is a tag expression (``"TagA || TagB"``, ``"*"``) or a
        :class:`~rocketmq_client.consumer.message_selector.MessageSelector`; then ``[pull_callback][,
        timeout]``, or (5.3.3) ``max_size, pull_callback[, timeout]`` where ``max_size`` caps the pull in bytes
        (``maxMsgBytes``); also as keywords. Without a callback the PullResult is returned; with one, None (the
        callback gets it). ``timeout`` defaults to ``consumer_pull_timeout_millis``."""
        max_size = kwargs.pop("max_size", None)
        if kwargs:
            unknown = set(kwargs) - {"pull_callback", "timeout"}
            if unknown:
                raise TypeError("pull() got an unexpected keyword argument %r" % sorted(unknown)[0])
            args += tuple(kwargs[key] for key in ("pull_callback", "timeout") if kwargs.get(key) is not None)
        if max_size is None and len(args) >= 2 and type(args[0]) is int and hasattr(args[1], "on_success"):
            max_size, args = args[0], args[1:]
        callback, timeout = split_callback_and_timeout("pull", args)
        impl = self.default_mq_pull_consumer_impl
        mq = self.queue_with_namespace(mq)
        if callback is None:
            if max_size is not None:
                raise TypeError("pull() takes max_size only with a pull_callback, as Java's "
                                "pull(mq, subExpression, offset, maxNums, maxSize, pullCallback, timeout)")
            return impl.pull(mq, subscription, offset, max_nums, timeout)
        impl.pull_async(mq, subscription, offset, max_nums, callback, timeout, max_size_in_bytes=max_size)
        return None

    @overload
    def pull_block_if_not_found(self, mq: MessageQueue, sub_expression: Optional[str], offset: int,
                                max_nums: int) -> "PullResult": ...

    @overload
    def pull_block_if_not_found(self, mq: MessageQueue, sub_expression: Optional[str], offset: int, max_nums: int,
                                pull_callback: "PullCallback") -> None: ...

    def pull_block_if_not_found(self, mq: MessageQueue, sub_expression: Optional[str], offset: int, max_nums: int,
                                pull_callback: Optional["PullCallback"] = None) -> Optional["PullResult"]:
        """Java ``pullBlockIfNotFound``: like :meth:`pull`, but when no message is there the broker holds the
        request until one arrives (or ``broker_suspend_max_time_millis`` passes)."""
        impl = self.default_mq_pull_consumer_impl
        mq = self.queue_with_namespace(mq)
        if pull_callback is None:
            return impl.pull_block_if_not_found(mq, sub_expression, offset, max_nums)
        impl.pull_block_if_not_found_async(mq, sub_expression, offset, max_nums, pull_callback)
        return None

    # ------------------------------------------------------------------ offsets

    def update_consume_offset(self, mq: MessageQueue, offset: int) -> None:
        """Java ``updateConsumeOffset``: kept in memory, persisted periodically and at shutdown."""
        self.default_mq_pull_consumer_impl.update_consume_offset(self.queue_with_namespace(mq), offset)

    def fetch_consume_offset(self, mq: MessageQueue, from_store: bool) -> int:
        """Java ``fetchConsumeOffset``: the group's offset of ``mq`` (-1 when none), from the store (the broker in
        CLUSTERING) when ``from_store``, else from memory first."""
        return self.default_mq_pull_consumer_impl.fetch_consume_offset(self.queue_with_namespace(mq), from_store)

    def persist(self, mq: MessageQueue) -> None:
        """Java ``persist``: persist the offset of ``mq`` now."""
        self.get_offset_store().persist(self.queue_with_namespace(mq))

    # ------------------------------------------------------------------ send back

    def send_message_back(self, msg: "MessageExt", delay_level: int, broker_name: Optional[str] = None,
                          consumer_group: Optional[str] = None) -> None:
        """Java ``sendMessageBack`` (all overloads): hand ``msg`` back to the broker for a later retry on
        ``%RETRY%<group>``."""
        msg.set_topic(self.with_namespace(msg.get_topic()))
        self.default_mq_pull_consumer_impl.send_message_back(msg, delay_level, broker_name, consumer_group)

    # ------------------------------------------------------------------ MQAdmin

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0,
                     attributes: Optional[Dict[str, str]] = None) -> None:
        """Java 5.3.3 ``createTopic`` (deprecated there), with the topic attribute changes ``attributes`` as
        :meth:`DefaultMQProducer.create_topic` (Java 5.3.3's consumer drops them on the way, this one sends them)."""
        self.default_mq_pull_consumer_impl.create_topic(key, self.with_namespace(new_topic), queue_num,
                                                        topic_sys_flag, attributes)

    def search_offset(self, mq: MessageQueue, timestamp: int) -> int:
        """Java ``searchOffset``."""
        return self.default_mq_pull_consumer_impl.search_offset(self.queue_with_namespace(mq), timestamp)

    def max_offset(self, mq: MessageQueue) -> int:
        """Java ``maxOffset``."""
        return self.default_mq_pull_consumer_impl.max_offset(self.queue_with_namespace(mq))

    def min_offset(self, mq: MessageQueue) -> int:
        """Java ``minOffset``."""
        return self.default_mq_pull_consumer_impl.min_offset(self.queue_with_namespace(mq))

    def earliest_msg_store_time(self, mq: MessageQueue) -> int:
        """Java ``earliestMsgStoreTime``."""
        return self.default_mq_pull_consumer_impl.earliest_msg_store_time(self.queue_with_namespace(mq))

    def view_message(self, topic_or_offset_msg_id: str, uniq_key: Optional[str] = None) -> Optional["MessageExt"]:
        """Java ``viewMessage(offsetMsgId)`` and ``viewMessage(topic, uniqKey)`` (the latter uses ``uniq_key`` as
        an offset message id when it decodes as one, else queries it as a unique key of ``topic``)."""
        impl = self.default_mq_pull_consumer_impl
        if uniq_key is None:
            return impl.view_message(topic_or_offset_msg_id)
        try:
            MessageDecoder.decode_message_id(uniq_key)
            return impl.view_message(uniq_key)
        except Exception:
            log.debug("%s is not an offset message id, querying it as a unique key", uniq_key, exc_info=True)
        return impl.query_message_by_uniq_key(self.with_namespace(topic_or_offset_msg_id), uniq_key)

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> "QueryResult":
        """Java ``queryMessage``."""
        return self.default_mq_pull_consumer_impl.query_message(self.with_namespace(topic), key, max_num, begin,
                                                                end)

    # ------------------------------------------------------------------ accessors

    def get_default_mq_pull_consumer_impl(self) -> DefaultMQPullConsumerImpl:
        """Java ``getDefaultMQPullConsumerImpl``."""
        return self.default_mq_pull_consumer_impl
