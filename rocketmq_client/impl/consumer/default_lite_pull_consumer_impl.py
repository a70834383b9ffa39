"""Java ``org.apache.rocketmq.client.impl.consumer.DefaultLitePullConsumerImpl``: the engine of
:class:`~rocketmq_client.consumer.default_lite_pull_consumer.DefaultLitePullConsumer`.

One pull task per assigned queue runs on a pool of ``pullThreadNums`` threads (``PullMsgThread-<group><n>``);
each task pulls (long polling, lite-pull sys flag) and puts what it finds into the queue's ProcessQueue and, as one
:class:`ConsumeRequest`, into the consume request cache that :meth:`DefaultLitePullConsumerImpl.poll` takes from.
Flow control is per queue (count, size, span) and for the whole cache. Queues come from the rebalance (subscribe
mode, :class:`RebalanceLitePullImpl`) or from the user (assign mode); the two modes exclude each other.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Collection, Dict, List, Mapping, Optional, Set, Union

from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.message_queue_listener import MessageQueueListener, as_message_queue_listener
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.consumer.store.local_file_offset_store import LocalFileOffsetStore
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_client.consumer.topic_message_queue_change_listener import (
    TopicMessageQueueChangeListener,
    as_topic_message_queue_change_listener,
)
from rocketmq_client.exception import IllegalStateException, MQClientException
from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.consumer.assigned_message_queue import AssignedMessageQueue
from rocketmq_client.impl.consumer.default_mq_pull_consumer_impl import (
    check_pull_args,
    reset_topic,
)
from rocketmq_client.impl.consumer.lite_pull_task_impl import (
    ConsumeRequest,
    ConsumeRequestCache,
    PullTaskImpl,
    SubscriptionType,
)
from rocketmq_client.impl.consumer.message_queue_lock import MessageQueueLock
from rocketmq_client.impl.consumer.mq_consumer_inner import MQConsumerInner
from rocketmq_client.impl.consumer.pull_api_wrapper import PullAPIWrapper
from rocketmq_client.impl.consumer.rebalance_lite_pull_impl import RebalanceLitePullImpl
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.validators import Validators
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.service_state import ServiceState
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_client.consumer.store.offset_store import OffsetStore
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor
from rocketmq_remoting.common.scheduled_thread_pool_executor import (
    ScheduledThreadPoolExecutor,
)
from rocketmq_remoting.common.thread_pool import ThreadFactoryImpl

if TYPE_CHECKING:
    from rocketmq_client.consumer.default_lite_pull_consumer import (
        DefaultLitePullConsumer,
    )
    from rocketmq_client.consumer.pull_result import PullResult
    from rocketmq_client.hook.consume_message_hook import ConsumeMessageHook
    from rocketmq_client.hook.filter_message_hook import FilterMessageHook
    from rocketmq_client.impl.consumer.process_queue import ProcessQueue
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["DefaultLitePullConsumerImpl", "ConsumeRequest", "PullTaskImpl", "SubscriptionType"]

log = logging.getLogger(__name__)

NOT_RUNNING_EXCEPTION_MESSAGE = "The consumer not running, please start it first."
SUBSCRIPTION_CONFLICT_EXCEPTION_MESSAGE = "Subscribe and assign are mutually exclusive."
#: first run of the topic metadata check (Java: 10 s; a module constant so tests may shorten it)
TOPIC_METADATA_CHECK_INITIAL_DELAY_MILLIS = 1000 * 10
#: how long shutdown waits for pull tasks still running (s); their connections are closed by then
AWAIT_PULL_THREADS_SECONDS = 5.0


class _MessageQueueListenerImpl(MessageQueueListener):
    """Java ``MessageQueueListenerImpl``: the rebalance's assignment becomes the assigned queues and their pull
    tasks; a user listener given to ``subscribe`` runs afterwards."""

    __slots__ = ("_impl", "_user_listener")

    def __init__(self, impl: "DefaultLitePullConsumerImpl",
                 user_listener: Optional[MessageQueueListener] = None) -> None:
        self._impl = impl
        self._user_listener = user_listener

    def message_queue_changed(self, topic: str, mq_all: Set[MessageQueue], mq_divided: Set[MessageQueue]) -> None:
        self._impl.update_assign_queue_and_start_pull_task(topic, mq_all, mq_divided)
        if self._user_listener is not None:
            self._user_listener.message_queue_changed(topic, mq_all, mq_divided)


class DefaultLitePullConsumerImpl(MQConsumerInner, Bean):
    """See the module docstring."""

    service_state = Prop(ServiceState, ServiceState.CREATE_JUST)
    #: set by ``start``
    mq_client_factory = Prop(MQClientInstance)
    pull_api_wrapper = Prop(PullAPIWrapper)
    offset_store = Prop(OffsetStore)
    pull_time_delay_mills_when_exception = Prop(int, 1000)
    assigned_message_queue = Prop(AssignedMessageQueue, factory=AssignedMessageQueue)
    rebalance_impl = Prop(RebalanceLitePullImpl, required=True)

    def get_service_state(self) -> ServiceState: return self.service_state
    def set_service_state(self, service_state: ServiceState) -> None: self.service_state = service_state
    def get_mq_client_factory(self) -> MQClientInstance: return self.mq_client_factory
    def set_mq_client_factory(self, mq_client_factory: Optional[MQClientInstance]) -> None:
        self.mq_client_factory = mq_client_factory
    def get_pull_api_wrapper(self) -> PullAPIWrapper: return self.pull_api_wrapper
    def set_pull_api_wrapper(self, pull_api_wrapper: Optional[PullAPIWrapper]) -> None:
        self.pull_api_wrapper = pull_api_wrapper
    def get_offset_store(self) -> OffsetStore: return self.offset_store
    def set_offset_store(self, offset_store: Optional[OffsetStore]) -> None: self.offset_store = offset_store
    def get_pull_time_delay_mills_when_exception(self) -> int: return self.pull_time_delay_mills_when_exception
    def set_pull_time_delay_mills_when_exception(self, pull_time_delay_mills_when_exception: int) -> None:
        self.pull_time_delay_mills_when_exception = pull_time_delay_mills_when_exception
    def get_assigned_message_queue(self) -> AssignedMessageQueue: return self.assigned_message_queue
    def set_assigned_message_queue(self, assigned_message_queue: AssignedMessageQueue) -> None:
        self.assigned_message_queue = assigned_message_queue
    def get_rebalance_impl(self) -> RebalanceLitePullImpl: return self.rebalance_impl
    def set_rebalance_impl(self, rebalance_impl: Optional[RebalanceLitePullImpl]) -> None:
        self.rebalance_impl = rebalance_impl

    def __init__(self, default_lite_pull_consumer: "DefaultLitePullConsumer",
                 rpc_hook: Optional["RPCHook"] = None) -> None:
        super().__init__()  # the declared defaults
        self.default_lite_pull_consumer = default_lite_pull_consumer
        self.rpc_hook = rpc_hook
        self.consumer_start_timestamp = int(time.time() * 1000)
        self.filter_message_hook_list: List["FilterMessageHook"] = []
        self.consume_message_hook_list: List["ConsumeMessageHook"] = []
        self.service_state = ServiceState.CREATE_JUST
        self.mq_client_factory = None
        self.pull_api_wrapper = None
        self.offset_store = None
        self.rebalance_impl = RebalanceLitePullImpl(self)
        self.subscription_type = SubscriptionType.NONE
        self.pull_time_delay_mills_when_exception = \
            default_lite_pull_consumer.get_pull_time_delay_mills_when_exception()
        self.topic_to_sub_expression: Dict[str, str] = {}
        self.task_table: Dict[MessageQueue, PullTaskImpl] = {}
        self.consume_request_cache = ConsumeRequestCache()
        #: created at start (Java: in the constructor, so a later ``setPullThreadNums`` had no effect)
        self.scheduled_thread_pool_executor: Optional[ScheduledThreadPoolExecutor] = None
        self.scheduled_executor_service = ScheduledExecutor("MonitorMessageQueueChangeThread")
        self.topic_message_queue_change_listener_map: Dict[str, TopicMessageQueueChangeListener] = {}
        self.message_queues_for_topic: Dict[str, Set[MessageQueue]] = {}
        self.consume_request_flow_control_times = 0
        self.queue_flow_control_times = 0
        self.queue_max_span_flow_control_times = 0
        self.next_auto_commit_deadline = -1.0
        self.message_queue_lock = MessageQueueLock()
        self._lock = threading.RLock()  # Java synchronized methods
        #: guards the topic listeners and their queue sets (Java: the same monitor; a separate lock here, so a
        #: poll waiting for messages delays neither the metadata check nor shutdown)
        self._topic_listener_lock = threading.RLock()

    # ------------------------------------------------------------------ hooks

    def register_consume_message_hook(self, hook: "ConsumeMessageHook") -> None:
        """Java ``registerConsumeMessageHook``: run around each pull's messages (e.g. message trace)."""
        self.consume_message_hook_list.append(hook)
        log.info("register consumeMessageHook Hook, %s", hook.hook_name())

    def register_filter_message_hook(self, hook: "FilterMessageHook") -> None:
        """A filter hook for the PullAPIWrapper (Java's impl keeps the list without a register method)."""
        self.filter_message_hook_list.append(hook)

    def execute_hook_before(self, context: ConsumeMessageContext) -> None:
        """Java ``executeHookBefore`` (a failing hook is logged and skipped)."""
        for hook in self.consume_message_hook_list:
            try:
                hook.consume_message_before(context)
            except Exception:
                log.error("consumeMessageHook %s executeHookBefore exception", hook.hook_name(), exc_info=True)

    def execute_hook_after(self, context: ConsumeMessageContext) -> None:
        """Java ``executeHookAfter`` (a failing hook is logged and skipped)."""
        for hook in self.consume_message_hook_list:
            try:
                hook.consume_message_after(context)
            except Exception:
                log.error("consumeMessageHook %s executeHookAfter exception", hook.hook_name(), exc_info=True)

    # ------------------------------------------------------------------ state

    def _check_service_state(self) -> None:
        if self.service_state != ServiceState.RUNNING:
            raise IllegalStateException(NOT_RUNNING_EXCEPTION_MESSAGE)

    def is_running(self) -> bool:
        """Java ``isRunning``."""
        return self.service_state == ServiceState.RUNNING

    def update_name_server_addr(self, new_addresses: str) -> None:
        """Java ``updateNameServerAddr``: a ``;``-separated list."""
        self.mq_client_factory.get_mq_client_api_impl().update_name_server_address_list(  # type: ignore[union-attr]
            new_addresses)

    def _set_subscription_type(self, type_: str) -> None:
        with self._lock:
            if self.subscription_type == SubscriptionType.NONE:
                self.subscription_type = type_
            elif self.subscription_type != type_:
                raise IllegalStateException(SUBSCRIPTION_CONFLICT_EXCEPTION_MESSAGE)

    # ------------------------------------------------------------------ assignment and pull tasks

    def update_assign_queue_and_start_pull_task(self, topic: str, mq_all: Set[MessageQueue],
                                                mq_divided: Set[MessageQueue]) -> None:
        """Java ``updateAssignQueueAndStartPullTask``: all queues (BROADCASTING) or this consumer's share
        (CLUSTERING) become the assigned queues of ``topic``, each with a pull task."""
        message_model = self.default_lite_pull_consumer.get_message_model()
        queues = mq_all if message_model == MessageModel.BROADCASTING else mq_divided
        if message_model in (MessageModel.BROADCASTING, MessageModel.CLUSTERING):
            self.assigned_message_queue.update_assigned_message_queue(topic, queues)
            self._update_pull_task(topic, queues)

    def _update_pull_task(self, topic: str, mq_new_set: Set[MessageQueue]) -> None:
        for mq in list(self.task_table):
            if mq.get_topic() == topic and mq not in mq_new_set:
                task = self.task_table.pop(mq, None)
                if task is not None:
                    task.set_cancelled(True)
        self._start_pull_task(mq_new_set)

    def _start_pull_task(self, mq_set: Collection[MessageQueue]) -> None:
        for message_queue in mq_set:
            if message_queue not in self.task_table:
                pull_task = PullTaskImpl(self, message_queue)
                self.task_table[message_queue] = pull_task
                self.scheduled_thread_pool_executor.schedule(pull_task, 0)  # type: ignore[union-attr]

    def _update_assign_pull_task(self, mq_new_set: Collection[MessageQueue]) -> None:
        for mq in list(self.task_table):
            if mq not in mq_new_set:
                task = self.task_table.pop(mq, None)
                if task is not None:
                    task.set_cancelled(True)
        self._start_pull_task(mq_new_set)

    def _remove_pull_task(self, topic: str) -> None:
        for mq in list(self.task_table):
            if mq.get_topic() == topic:
                task = self.task_table.pop(mq, None)
                if task is not None:
                    task.set_cancelled(True)

    def _update_topic_subscribe_info_when_subscription_changed(self) -> None:
        for topic in list(self.rebalance_impl.get_subscription_inner()):
            self.mq_client_factory.update_topic_route_info_from_name_server(topic)  # type: ignore[union-attr]

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``: check the settings, get the client instance and register the group, set up the
        rebalance, the PullAPIWrapper and the offset store, start the instance and the topic metadata check,
        then start pulling what was subscribed or assigned before start."""
        with self._lock:
            state = self.service_state
            if state == ServiceState.CREATE_JUST:
                self.service_state = ServiceState.START_FAILED
                consumer = self.default_lite_pull_consumer
                self._check_config()
                if consumer.get_message_model() == MessageModel.CLUSTERING:
                    consumer.change_instance_name_to_pid()
                self.pull_time_delay_mills_when_exception = consumer.get_pull_time_delay_mills_when_exception()
                self.scheduled_thread_pool_executor = ScheduledThreadPoolExecutor(
                    consumer.get_pull_thread_nums(),
                    ThreadFactoryImpl("PullMsgThread-" + consumer.get_consumer_group()))
                self._init_mq_client_factory()
                self._init_rebalance_impl()
                self._init_pull_api_wrapper()
                self._init_offset_store()
                self.mq_client_factory.start()  # type: ignore[union-attr]
                self._start_schedule_task()
                self.service_state = ServiceState.RUNNING
                log.info("the consumer [%s] start OK", consumer.get_consumer_group())
                self._operate_after_running()
            elif state in (ServiceState.RUNNING, ServiceState.START_FAILED, ServiceState.SHUTDOWN_ALREADY):
                raise MQClientException("The PullConsumer service state not OK, maybe started once, "
                                        + state.name + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK)
                                                     + state.next_step(), None)

    def _check_config(self) -> None:
        """Java ``checkConfig``."""
        consumer = self.default_lite_pull_consumer
        Validators.check_group(consumer.get_consumer_group())
        if consumer.get_consumer_group() == MixAll.DEFAULT_CONSUMER_GROUP:
            raise MQClientException("consumerGroup can not equal " + MixAll.DEFAULT_CONSUMER_GROUP
                                    + ", please specify another one."
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_PARAMETER_CHECK_URL), None)
        if consumer.get_message_model() is None:
            raise MQClientException("messageModel is null"
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_PARAMETER_CHECK_URL), None)
        if consumer.get_allocate_message_queue_strategy() is None:
            raise MQClientException("allocateMessageQueueStrategy is null"
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_PARAMETER_CHECK_URL), None)
        if consumer.get_consumer_timeout_millis_when_suspend() < consumer.get_broker_suspend_max_time_millis():
            raise MQClientException("Long polling mode, the consumer consumerTimeoutMillisWhenSuspend must greater "
                                    "than brokerSuspendMaxTimeMillis"
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_PARAMETER_CHECK_URL), None)

    def _init_mq_client_factory(self) -> None:
        consumer = self.default_lite_pull_consumer
        self.mq_client_factory = MQClientManager.get_instance().get_or_create_mq_client_instance(consumer,
                                                                                                 self.rpc_hook)
        if not self.mq_client_factory.register_consumer(consumer.get_consumer_group(), self):
            self.service_state = ServiceState.CREATE_JUST
            raise MQClientException("The consumer group[" + consumer.get_consumer_group()
                                    + "] has been created before, specify another name please."
                                    + FAQUrl.suggest_todo(FAQUrl.GROUP_NAME_DUPLICATE_URL), None)

    def _init_rebalance_impl(self) -> None:
        consumer = self.default_lite_pull_consumer
        self.rebalance_impl.set_consumer_group(consumer.get_consumer_group())
        self.rebalance_impl.set_message_model(consumer.get_message_model())
        self.rebalance_impl.set_allocate_message_queue_strategy(consumer.get_allocate_message_queue_strategy())
        self.rebalance_impl.set_mq_client_factory(self.mq_client_factory)  # type: ignore[arg-type]

    def _init_pull_api_wrapper(self) -> None:
        self.pull_api_wrapper = PullAPIWrapper(self.mq_client_factory,  # type: ignore[arg-type]
                                               self.default_lite_pull_consumer.get_consumer_group(),
                                               self.is_unit_mode())
        self.pull_api_wrapper.register_filter_message_hook(self.filter_message_hook_list)

    def _init_offset_store(self) -> None:
        consumer = self.default_lite_pull_consumer
        if consumer.get_offset_store() is not None:
            self.offset_store = consumer.get_offset_store()
        else:
            if consumer.get_message_model() == MessageModel.BROADCASTING:
                self.offset_store = LocalFileOffsetStore(self.mq_client_factory,  # type: ignore[arg-type]
                                                         consumer.get_consumer_group())
            else:
                self.offset_store = RemoteBrokerOffsetStore(self.mq_client_factory,  # type: ignore[arg-type]
                                                            consumer.get_consumer_group())
            consumer.set_offset_store(self.offset_store)
        self.offset_store.load()  # type: ignore[union-attr]

    def _start_schedule_task(self) -> None:
        self.scheduled_executor_service.schedule_at_fixed_rate(
            self._task_fetch_topic_message_queues_and_compare, TOPIC_METADATA_CHECK_INITIAL_DELAY_MILLIS,
            self.default_lite_pull_consumer.get_topic_metadata_check_interval_millis())

    def _task_fetch_topic_message_queues_and_compare(self) -> None:
        try:
            self._fetch_topic_message_queues_and_compare()
        except Exception:
            log.error("ScheduledTask fetchMessageQueuesAndCompare exception", exc_info=True)

    def _operate_after_running(self) -> None:
        if self.subscription_type == SubscriptionType.SUBSCRIBE:
            self._update_topic_subscribe_info_when_subscription_changed()
        if self.subscription_type == SubscriptionType.ASSIGN:
            self._update_assign_pull_task(self.assigned_message_queue.message_queues())
        with self._topic_listener_lock:
            for topic in list(self.topic_message_queue_change_listener_map):
                self.message_queues_for_topic[topic] = self.fetch_message_queues(topic)
        self.mq_client_factory.check_client_in_broker()  # type: ignore[union-attr]

    def shutdown(self) -> None:
        """Java ``shutdown``: persist the offsets, unregister the group, stop the pull threads and the metadata
        check, shut the instance down (which fails the pulls in flight); then wait a few seconds for the pull
        threads to end."""
        with self._lock:
            if self.service_state != ServiceState.RUNNING:
                return
            self.persist_consumer_offset()
            factory = self.mq_client_factory
            factory.unregister_consumer(self.default_lite_pull_consumer.get_consumer_group())  # type: ignore
            executor = self.scheduled_thread_pool_executor
            executor.shutdown()  # type: ignore[union-attr]
            self.scheduled_executor_service.shutdown()
            factory.shutdown()  # type: ignore[union-attr]
            self.service_state = ServiceState.SHUTDOWN_ALREADY
            if not executor.await_termination(AWAIT_PULL_THREADS_SECONDS):  # type: ignore[union-attr]
                log.warning("pull threads of %s still busy after %.0f s (a long polling pull on a shared client "
                            "instance)", self.default_lite_pull_consumer.get_consumer_group(),
                            AWAIT_PULL_THREADS_SECONDS)
            log.info("the consumer [%s] shutdown OK", self.default_lite_pull_consumer.get_consumer_group())

    # ------------------------------------------------------------------ subscribe / assign

    def subscribe(self, topic: str, subscription: Union[str, MessageSelector, None] = None,
                  message_queue_listener: Any = None) -> None:
        """Java ``subscribe(topic, subExpression[, messageQueueListener])`` and ``subscribe(topic,
        messageSelector)``. A conflict with assign mode raises MQClientException("subscribe exception") whose
        cause is the IllegalStateException, as Java."""
        with self._lock:
            try:
                if not topic:
                    raise ValueError("Topic can not be null or empty.")
                self._set_subscription_type(SubscriptionType.SUBSCRIBE)
                if isinstance(subscription, MessageSelector):
                    subscription_data = FilterAPI.build(topic, subscription.get_expression(),
                                                        subscription.get_expression_type())
                else:
                    subscription_data = FilterAPI.build_subscription_data(topic, subscription)
                self.rebalance_impl.get_subscription_inner()[topic] = subscription_data
                self.default_lite_pull_consumer.set_message_queue_listener(
                    _MessageQueueListenerImpl(self, as_message_queue_listener(message_queue_listener)))
                self.assigned_message_queue.set_rebalance_impl(self.rebalance_impl)
                if self.service_state == ServiceState.RUNNING:
                    self.mq_client_factory.send_heartbeat_to_all_broker_with_lock()  # type: ignore[union-attr]
                    self._update_topic_subscribe_info_when_subscription_changed()
            except Exception as e:
                raise MQClientException("subscribe exception", e) from e

    def unsubscribe(self, topic: str) -> None:
        """Java ``unsubscribe``: stop pulling ``topic`` and forget its queues."""
        with self._lock:
            self.rebalance_impl.get_subscription_inner().pop(topic, None)
            self._remove_pull_task(topic)
            self.assigned_message_queue.remove_assigned_message_queue(topic)

    def assign(self, message_queues: Collection[MessageQueue]) -> None:
        """Java ``assign``: read exactly ``message_queues`` (replacing the previous assignment). Raises
        IllegalStateException in subscribe mode, ValueError for no queues."""
        with self._lock:
            if not message_queues:
                raise ValueError("Message queues can not be null or empty.")
            self._set_subscription_type(SubscriptionType.ASSIGN)
            self.assigned_message_queue.update_assigned_message_queue(message_queues)
            if self.service_state == ServiceState.RUNNING:
                self._update_assign_pull_task(message_queues)

    def set_sub_expression_for_assign(self, topic: str, sub_expression: str) -> None:
        """Java ``setSubExpressionForAssign``: the tag filter of an assigned topic (before start only)."""
        with self._lock:
            if not sub_expression or not sub_expression.strip():
                raise ValueError("subExpression can not be null or empty.")
            if self.service_state != ServiceState.CREATE_JUST:
                raise IllegalStateException("setAssignTag only can be called before start.")
            self._set_subscription_type(SubscriptionType.ASSIGN)
            self.topic_to_sub_expression[topic] = sub_expression

    def assignment(self) -> Set[MessageQueue]:
        """Java ``assignment``: the queues assigned now."""
        with self._lock:
            return self.assigned_message_queue.get_assigned_message_queues()

    # ------------------------------------------------------------------ poll and commit

    def _maybe_auto_commit(self) -> None:
        now = time.monotonic()
        if now >= self.next_auto_commit_deadline:
            self.commit_all()
            self.next_auto_commit_deadline = now + self.default_lite_pull_consumer.get_auto_commit_interval_millis() \
                / 1000.0

    def poll(self, timeout: int) -> List["MessageExt"]:
        """Java ``poll``: the messages of the oldest cached pull (at most ``pullBatchSize``), waiting up to
        ``timeout`` ms; an empty list when none came. With auto commit the consumed offsets are committed first
        when ``autoCommitIntervalMillis`` has passed."""
        with self._lock:
            self._check_service_state()
            if timeout < 0:
                raise ValueError("Timeout must not be negative")
            if self.default_lite_pull_consumer.auto_commit:
                self._maybe_auto_commit()
            end_time = time.monotonic() + timeout / 1000.0
            cache = self.consume_request_cache
            consume_request = cache.poll(end_time - time.monotonic())
            if end_time - time.monotonic() > 0:
                while consume_request is not None and consume_request.process_queue.dropped:
                    consume_request = cache.poll(end_time - time.monotonic())
                    if end_time - time.monotonic() <= 0:
                        break
            if consume_request is not None and not consume_request.process_queue.dropped:
                messages = consume_request.message_exts
                offset = consume_request.process_queue.remove_message(messages)
                self.assigned_message_queue.update_consume_offset(consume_request.message_queue, offset)
                reset_topic(messages, self.default_lite_pull_consumer.get_namespace())
                return messages
            return []

    def pause(self, message_queues: Collection[MessageQueue]) -> None:
        """Java ``pause``."""
        self.assigned_message_queue.pause(message_queues)

    def resume(self, message_queues: Collection[MessageQueue]) -> None:
        """Java ``resume``."""
        self.assigned_message_queue.resume(message_queues)

    def seek(self, message_queue: MessageQueue, offset: int) -> None:
        """Java ``seek``: the next poll of ``message_queue`` starts at ``offset`` (within [min, max] offset);
        what is cached for it is dropped and its pull task restarted."""
        with self._lock:
            if message_queue not in self.assigned_message_queue.message_queues():
                if self.subscription_type == SubscriptionType.SUBSCRIBE:
                    raise MQClientException("The message queue is not in assigned list, may be rebalancing, "
                                            "message queue: " + str(message_queue), None)
                raise MQClientException("The message queue is not in assigned list, message queue: "
                                        + str(message_queue), None)
            min_offset = self._min_offset(message_queue)
            max_offset = self._max_offset(message_queue)
            if offset < min_offset or offset > max_offset:
                raise MQClientException("Seek offset illegal, seek offset = %d, min offset = %d, max offset = %d"
                                        % (offset, min_offset, max_offset), None)
            with self.message_queue_lock.fetch_lock_object(message_queue):
                self._clear_message_queue_in_cache(message_queue)
                old_pull_task_impl = self.task_table.pop(message_queue, None)
                if old_pull_task_impl is not None:
                    old_pull_task_impl.try_interrupt()
                self.assigned_message_queue.set_seek_offset(message_queue, offset)
                if message_queue not in self.task_table:
                    pull_task = PullTaskImpl(self, message_queue)
                    self.task_table[message_queue] = pull_task
                    self.scheduled_thread_pool_executor.schedule(pull_task, 0)  # type: ignore[union-attr]

    def seek_to_begin(self, message_queue: MessageQueue) -> None:
        """Java ``seekToBegin``: seek to the queue's min offset."""
        self.seek(message_queue, self._min_offset(message_queue))

    def seek_to_end(self, message_queue: MessageQueue) -> None:
        """Java ``seekToEnd``: seek to the queue's max offset (only new messages)."""
        self.seek(message_queue, self._max_offset(message_queue))

    def _max_offset(self, message_queue: MessageQueue) -> int:
        self._check_service_state()
        return self.mq_client_factory.get_mq_admin_impl().max_offset(message_queue)  # type: ignore[union-attr]

    def _min_offset(self, message_queue: MessageQueue) -> int:
        self._check_service_state()
        return self.mq_client_factory.get_mq_admin_impl().min_offset(message_queue)  # type: ignore[union-attr]

    def commit_all(self) -> None:
        """Java ``commitAll``: the consumed offset of every assigned queue goes to the offset store (in memory;
        persisted every ``persistConsumerOffsetInterval`` and at shutdown)."""
        with self._lock:
            for message_queue in self.assigned_message_queue.message_queues():
                try:
                    self._commit(message_queue)
                except Exception:
                    log.error("An error occurred when update consume offset Automatically.", exc_info=True)

    def commit(self, message_queues: Union[Mapping[MessageQueue, int], Collection[MessageQueue], None],
               persist: bool) -> None:
        """Java ``commit(Map<MessageQueue, Long> offsets, persist)`` (the given offsets) and ``commit(Set<MessageQueue>,
        persist)`` (the consumed offsets of those queues); ``persist`` sends them to the store at once."""
        with self._lock:
            if not message_queues:
                if isinstance(message_queues, Mapping):
                    log.warning("MessageQueues is empty, Ignore this commit ")
                return
            if isinstance(message_queues, Mapping):
                for message_queue, offset in message_queues.items():
                    if offset != -1:
                        process_queue = self.assigned_message_queue.get_process_queue(message_queue)
                        if process_queue is not None and not process_queue.dropped:
                            self.update_consume_offset(message_queue, offset)
                    else:
                        log.error("consumerOffset is -1 in messageQueue [%s].", message_queue)
            else:
                for message_queue in message_queues:
                    self._commit(message_queue)
            if persist:
                self.offset_store.persist_all(set(message_queues))  # type: ignore[union-attr]

    def _commit(self, message_queue: MessageQueue) -> None:
        consumer_offset = self.assigned_message_queue.get_consumer_offset(message_queue)
        if consumer_offset != -1:
            process_queue = self.assigned_message_queue.get_process_queue(message_queue)
            if process_queue is not None and not process_queue.dropped:
                self.update_consume_offset(message_queue, consumer_offset)
        else:
            log.error("consumerOffset is -1 in messageQueue [%s].", message_queue)

    def update_pull_offset(self, message_queue: MessageQueue, next_pull_offset: int,
                           process_queue: "ProcessQueue") -> None:
        """Java ``updatePullOffset`` (private there): unless a seek is pending."""
        if self.assigned_message_queue.get_seek_offset(message_queue) == -1:
            self.assigned_message_queue.update_pull_offset(message_queue, next_pull_offset, process_queue)

    def _fetch_consume_offset(self, message_queue: MessageQueue) -> int:
        self._check_service_state()
        return self.rebalance_impl.compute_pull_from_where_with_exception(message_queue)

    def committed(self, message_queue: MessageQueue) -> int:
        """Java ``committed``: the group's offset of ``message_queue`` (memory first, then the store); raises
        MQClientException when the broker cannot be asked."""
        self._check_service_state()
        offset = self.offset_store.read_offset(message_queue,  # type: ignore[union-attr]
                                               ReadOffsetType.MEMORY_FIRST_THEN_STORE)
        if offset == -2:
            raise MQClientException("Fetch consume offset from broker exception", None)
        return offset

    def _clear_message_queue_in_cache(self, message_queue: MessageQueue) -> None:
        process_queue = self.assigned_message_queue.get_process_queue(message_queue)
        if process_queue is not None:
            process_queue.clear()
        self.consume_request_cache.remove_queue(message_queue)

    def next_pull_offset(self, message_queue: MessageQueue) -> int:
        """Java ``nextPullOffset`` (private there): a pending seek offset (which also becomes the consumed
        offset), else the next pull offset, else the offset computed from the store / consumeFromWhere."""
        assigned = self.assigned_message_queue
        seek_offset = assigned.get_seek_offset(message_queue)
        if seek_offset != -1:
            offset = seek_offset
            assigned.update_consume_offset(message_queue, offset)
            assigned.set_seek_offset(message_queue, -1)
        else:
            offset = assigned.get_pull_offset(message_queue)
            if offset == -1:
                offset = self._fetch_consume_offset(message_queue)
        return offset

    def search_offset(self, mq: MessageQueue, timestamp: int) -> int:
        """Java ``searchOffset``."""
        self._check_service_state()
        return self.mq_client_factory.get_mq_admin_impl().search_offset(mq, timestamp)  # type: ignore[union-attr]

    def update_consume_offset(self, mq: MessageQueue, offset: int) -> None:
        """Java ``updateConsumeOffset``."""
        self._check_service_state()
        self.offset_store.update_offset(mq, offset, False)  # type: ignore[union-attr]

    # ------------------------------------------------------------------ pulling

    def pull(self, mq: MessageQueue, subscription_data: SubscriptionData, offset: int, max_nums: int,
             timeout: Optional[int] = None) -> "PullResult":
        """Java ``pull`` (private there): a blocking (long polling) pull with the lite-pull sys flag."""
        if timeout is None:
            timeout = self.default_lite_pull_consumer.get_consumer_pull_timeout_millis()
        return self._pull_sync_impl(mq, subscription_data, offset, max_nums, True, timeout)

    def _pull_sync_impl(self, mq: MessageQueue, subscription_data: SubscriptionData, offset: int, max_nums: int,
                        block: bool, timeout: int) -> "PullResult":
        check_pull_args(mq, offset, max_nums)
        consumer = self.default_lite_pull_consumer
        sys_flag = PullSysFlag.build_sys_flag(False, block, True, False, True)
        timeout_millis = consumer.consumer_timeout_millis_when_suspend if block else timeout
        expression_type = subscription_data.expression_type
        wrapper = self.pull_api_wrapper
        pull_result = wrapper.pull_kernel_impl(  # type: ignore[union-attr]
            mq, subscription_data.sub_string, expression_type,
            0 if ExpressionType.is_tag_type(expression_type) else subscription_data.sub_version, offset, max_nums,
            sys_flag, 0, consumer.broker_suspend_max_time_millis, timeout_millis, CommunicationMode.SYNC, None)
        wrapper.process_pull_result(mq, pull_result, subscription_data)  # type: ignore[union-attr,arg-type]
        if self.consume_message_hook_list:
            context = ConsumeMessageContext()
            context.set_namespace(consumer.get_namespace())
            context.set_consumer_group(self.group_name())
            context.set_mq(mq)
            context.set_msg_list(pull_result.get_msg_found_list())  # type: ignore[union-attr]
            context.set_success(False)
            self.execute_hook_before(context)
            context.set_status(ConsumeConcurrentlyStatus.CONSUME_SUCCESS.name)
            context.set_success(True)
            context.set_access_channel(consumer.get_access_channel())
            self.execute_hook_after(context)
        return pull_result  # type: ignore[return-value]

    # ------------------------------------------------------------------ topic metadata

    def fetch_message_queues(self, topic: str) -> Set[MessageQueue]:
        """Java ``fetchMessageQueues``: the readable queues of ``topic`` from the name server, namespace
        removed."""
        self._check_service_state()
        result = self.mq_client_factory.get_mq_admin_impl().fetch_subscribe_message_queues(topic)  # type: ignore
        return self._parse_message_queues(result)

    def _fetch_topic_message_queues_and_compare(self) -> None:
        with self._topic_listener_lock:
            for topic, listener in list(self.topic_message_queue_change_listener_map.items()):
                old_message_queues = self.message_queues_for_topic.get(topic)
                new_message_queues = self.fetch_message_queues(topic)
                if not _is_set_equal(new_message_queues, old_message_queues):
                    self.message_queues_for_topic[topic] = new_message_queues
                    if listener is not None:
                        listener.on_changed(topic, new_message_queues)

    def register_topic_message_queue_change_listener(self, topic: str, listener: Any) -> None:
        """Java ``registerTopicMessageQueueChangeListener``: ``listener`` (a TopicMessageQueueChangeListener or
        a function ``(topic, message_queues)``) is told when the queues of ``topic`` change (checked every
        ``topicMetadataCheckIntervalMillis``)."""
        with self._topic_listener_lock:
            if topic is None or listener is None:
                raise MQClientException("Topic or listener is null", None)
            if topic in self.topic_message_queue_change_listener_map:
                log.warning("Topic %s had been registered, new listener will overwrite the old one", topic)
            self.topic_message_queue_change_listener_map[topic] = as_topic_message_queue_change_listener(listener)
            if self.service_state == ServiceState.RUNNING:
                self.message_queues_for_topic[topic] = self.fetch_message_queues(topic)

    def _parse_message_queues(self, queue_set: Set[MessageQueue]) -> Set[MessageQueue]:
        namespace = self.default_lite_pull_consumer.get_namespace()
        return {MessageQueue(NamespaceUtil.without_namespace(mq.get_topic(), namespace), mq.get_broker_name(),
                             mq.get_queue_id()) for mq in queue_set}

    # ------------------------------------------------------------------ MQConsumerInner

    def group_name(self) -> str:
        """Java ``groupName``."""
        return self.default_lite_pull_consumer.get_consumer_group()

    def message_model(self) -> MessageModel:
        """Java ``messageModel``."""
        return self.default_lite_pull_consumer.get_message_model()

    def consume_type(self) -> ConsumeType:
        """Java ``consumeType``: CONSUME_ACTIVELY."""
        return ConsumeType.CONSUME_ACTIVELY

    def consume_from_where(self) -> ConsumeFromWhere:
        """Java ``consumeFromWhere``: CONSUME_FROM_LAST_OFFSET (sent in heartbeats whatever the setting)."""
        return ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET

    def subscriptions(self) -> Set[SubscriptionData]:
        """Java ``subscriptions``."""
        return set(self.rebalance_impl.get_subscription_inner().values())

    def do_rebalance(self) -> None:
        """Java ``doRebalance``."""
        if self.rebalance_impl is not None:
            self.rebalance_impl.do_rebalance(False)

    def persist_consumer_offset(self) -> None:
        """Java ``persistConsumerOffset``: the offsets of the queues in balance (subscribe) or assigned (assign)
        go to the store (errors are logged)."""
        try:
            self._check_service_state()
            mqs: Set[MessageQueue] = set()
            if self.subscription_type == SubscriptionType.SUBSCRIBE:
                mqs.update(self.rebalance_impl.get_process_queue_table())
            elif self.subscription_type == SubscriptionType.ASSIGN:
                mqs.update(self.assigned_message_queue.get_assigned_message_queues())
            self.offset_store.persist_all(mqs)  # type: ignore[union-attr]
        except Exception:
            log.error("Persist consumer offset error for group: %s ",
                      self.default_lite_pull_consumer.get_consumer_group(), exc_info=True)

    def update_topic_subscribe_info(self, topic: str, info: Set[MessageQueue]) -> None:
        """Java ``updateTopicSubscribeInfo``."""
        sub_table = self.rebalance_impl.get_subscription_inner()
        if sub_table is not None and topic in sub_table:
            self.rebalance_impl.get_topic_subscribe_info_table()[topic] = info

    def is_subscribe_topic_need_update(self, topic: str) -> bool:
        """Java ``isSubscribeTopicNeedUpdate``."""
        sub_table = self.rebalance_impl.get_subscription_inner()
        if sub_table is not None and topic in sub_table:
            return topic not in self.rebalance_impl.get_topic_subscribe_info_table()
        return False

    def is_unit_mode(self) -> bool:
        """Java ``isUnitMode``."""
        return self.default_lite_pull_consumer.is_unit_mode()

    def consumer_running_info(self) -> ConsumerRunningInfo:
        """Java ``consumerRunningInfo``."""
        info = ConsumerRunningInfo()
        prop = MixAll.object2properties(self.default_lite_pull_consumer)
        prop[ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP] = str(self.consumer_start_timestamp)
        info.set_properties(prop)
        info.get_subscription_set().update(self.subscriptions())
        return info

    # ------------------------------------------------------------------ accessors

    def get_default_lite_pull_consumer(self) -> "DefaultLitePullConsumer":
        """Java ``getDefaultLitePullConsumer``."""
        return self.default_lite_pull_consumer


def _is_set_equal(set1: Optional[Set[MessageQueue]], set2: Optional[Set[MessageQueue]]) -> bool:
    """Java ``isSetEqual``: two empty sets are *not* equal (so an empty topic is reported at each check)."""
    if set1 is None and set2 is None:
        return True
    if set1 is None or set2 is None or len(set1) != len(set2) or not set1 or not set2:
        return False
    return set2 <= set1
