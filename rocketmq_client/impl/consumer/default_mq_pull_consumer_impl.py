"""Java ``org.apache.rocketmq.client.impl.consumer.DefaultMQPullConsumerImpl``: the engine of
:class:`~rocketmq_client.consumer.default_mq_pull_consumer.DefaultMQPullConsumer` (deprecated in Java in favour of
the lite pull consumer, kept for its users)."""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Dict, List, Optional, Set, Union

from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.consumer.pull_callback import PullCallback
from rocketmq_client.consumer.store.local_file_offset_store import LocalFileOffsetStore
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.consumer.mq_consumer_inner import MQConsumerInner
from rocketmq_client.impl.consumer.pull_api_wrapper import PullAPIWrapper
from rocketmq_client.impl.consumer.rebalance_impl import RebalanceImpl
from rocketmq_client.impl.consumer.rebalance_pull_impl import RebalancePullImpl
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.validators import Validators
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.service_state import ServiceState
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_client.consumer.store.offset_store import OffsetStore
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_remoting.common.bean import Bean, Prop

if TYPE_CHECKING:
    from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
    from rocketmq_client.consumer.pull_result import PullResult
    from rocketmq_client.hook.consume_message_hook import ConsumeMessageHook
    from rocketmq_client.hook.filter_message_hook import FilterMessageHook
    from rocketmq_client.query_result import QueryResult
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["DefaultMQPullConsumerImpl"]

log = logging.getLogger(__name__)
#: Java's ``Integer.MAX_VALUE``: the byte cap of a pull that sets none
_INTEGER_MAX_VALUE = 2 ** 31 - 1

#: what ``pull`` accepts as the subscription: a TAG expression or a MessageSelector
Subscription = Union[str, MessageSelector, None]


def reset_topic(msg_list: Optional[List["MessageExt"]], namespace: Optional[str]) -> None:
    """Java ``resetTopic``: remove ``namespace`` from the topic of each message (nothing without a namespace)."""
    if not msg_list or namespace is None:
        return
    for message_ext in msg_list:
        message_ext.set_topic(NamespaceUtil.without_namespace(message_ext.get_topic(), namespace))


def subscription_data_of(mq: Optional[MessageQueue], subscription: Subscription) -> SubscriptionData:
    """Java ``getSubscriptionData`` (String and MessageSelector overloads): the subscription of a single pull."""
    if mq is None:
        raise MQClientException("mq is null", None)
    try:
        if isinstance(subscription, MessageSelector):
            return FilterAPI.build(mq.get_topic(), subscription.get_expression(),
                                   subscription.get_expression_type())
        return FilterAPI.build_subscription_data(mq.get_topic(), subscription)
    except Exception as e:
        raise MQClientException("parse subscription error", e) from e


def check_pull_args(mq: Optional[MessageQueue], offset: int, max_nums: int) -> None:
    """The argument checks of Java's ``pullSyncImpl`` / ``pullAsyncImpl``."""
    if mq is None:
        raise MQClientException("mq is null", None)
    if offset < 0:
        raise MQClientException("offset < 0", None)
    if max_nums <= 0:
        raise MQClientException("maxNums <= 0", None)


class _UserPullCallback(PullCallback):
    """Java's anonymous PullCallback of ``pullAsyncImpl``: process the raw result, strip the namespace, then
    call the user's callback."""

    __slots__ = ("_impl", "_mq", "_subscription_data", "_pull_callback")

    def __init__(self, impl: "DefaultMQPullConsumerImpl", mq: MessageQueue, subscription_data: SubscriptionData,
                 pull_callback: PullCallback) -> None:
        self._impl = impl
        self._mq = mq
        self._subscription_data = subscription_data
        self._pull_callback = pull_callback

    def on_success(self, pull_result: "PullResult") -> None:
        impl = self._impl
        user_pull_result = impl.pull_api_wrapper.process_pull_result(self._mq, pull_result,
                                                                       self._subscription_data)
        reset_topic(user_pull_result.get_msg_found_list(), impl.get_default_mq_pull_consumer().get_namespace())
        self._pull_callback.on_success(user_pull_result)

    def on_exception(self, e: BaseException) -> None:
        self._pull_callback.on_exception(e)


class DefaultMQPullConsumerImpl(MQConsumerInner, Bean):
    """See the module docstring."""

    consumer_start_timestamp = Prop(int, factory=lambda: int(time.time() * 1000))
    service_state = Prop(ServiceState, ServiceState.CREATE_JUST)
    #: set by ``start``
    mq_client_factory = Prop(MQClientInstance)
    pull_api_wrapper = Prop(PullAPIWrapper)
    offset_store = Prop(OffsetStore)
    rebalance_impl = Prop(RebalanceImpl, required=True)

    def get_consumer_start_timestamp(self) -> int: return self.consumer_start_timestamp
    def set_consumer_start_timestamp(self, consumer_start_timestamp: int) -> None:
        self.consumer_start_timestamp = consumer_start_timestamp
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
    def get_rebalance_impl(self) -> RebalanceImpl: return self.rebalance_impl
    def set_rebalance_impl(self, rebalance_impl: Optional[RebalanceImpl]) -> None: self.rebalance_impl = rebalance_impl

    def __init__(self, default_mq_pull_consumer: "DefaultMQPullConsumer",
                 rpc_hook: Optional["RPCHook"] = None) -> None:
        super().__init__()  # the declared defaults
        self.default_mq_pull_consumer = default_mq_pull_consumer
        self.rpc_hook = rpc_hook
        self.consume_message_hook_list: List["ConsumeMessageHook"] = []
        self.filter_message_hook_list: List["FilterMessageHook"] = []
        self.service_state = ServiceState.CREATE_JUST
        self.mq_client_factory = None
        self.pull_api_wrapper = None
        self.offset_store = None
        self.rebalance_impl = RebalancePullImpl(self)
        self._lock = threading.RLock()  # Java synchronized start/shutdown

    # ------------------------------------------------------------------ hooks

    def register_consume_message_hook(self, hook: "ConsumeMessageHook") -> None:
        """Java ``registerConsumeMessageHook``."""
        self.consume_message_hook_list.append(hook)
        log.info("register consumeMessageHook Hook, %s", hook.hook_name())

    def register_filter_message_hook(self, hook: "FilterMessageHook") -> None:
        """Java ``registerFilterMessageHook``."""
        self.filter_message_hook_list.append(hook)
        log.info("register FilterMessageHook Hook, %s", hook.hook_name())

    def execute_hook_before(self, context: ConsumeMessageContext) -> None:
        """Java ``executeHookBefore`` (a failing hook is logged and skipped)."""
        for hook in self.consume_message_hook_list:
            try:
                hook.consume_message_before(context)
            except Exception:
                log.warning("consumeMessageHook %s executeHookBefore exception", hook.hook_name(), exc_info=True)

    def execute_hook_after(self, context: ConsumeMessageContext) -> None:
        """Java ``executeHookAfter`` (a failing hook is logged and skipped)."""
        for hook in self.consume_message_hook_list:
            try:
                hook.consume_message_after(context)
            except Exception:
                log.warning("consumeMessageHook %s executeHookAfter exception", hook.hook_name(), exc_info=True)

    # ------------------------------------------------------------------ admin

    def _make_sure_state_ok(self) -> None:
        """Java ``isRunning`` (private there): raise unless RUNNING."""
        if self.service_state != ServiceState.RUNNING:
            raise MQClientException("The consumer is not in running status, " + self.service_state.name
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK)
                                    + self.service_state.next_step(), None)

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0,
                     attributes: Optional[Dict[str, str]] = None) -> None:
        """Java ``createTopic``; ``attributes`` go to :meth:`MQAdminImpl.create_topic` (Java 5.3.3 passes null)."""
        self._make_sure_state_ok()
        self.mq_client_factory.get_mq_admin_impl().create_topic(key, new_topic, queue_num,  # type: ignore[union-attr]
                                                                topic_sys_flag, attributes)

    def fetch_consume_offset(self, mq: MessageQueue, from_store: bool) -> int:
        """Java ``fetchConsumeOffset``."""
        self._make_sure_state_ok()
        return self.offset_store.read_offset(  # type: ignore[union-attr]
            mq, ReadOffsetType.READ_FROM_STORE if from_store else ReadOffsetType.MEMORY_FIRST_THEN_STORE)

    def fetch_message_queues_in_balance(self, topic: str) -> Set[MessageQueue]:
        """Java ``fetchMessageQueuesInBalance``: the queues of ``topic`` the rebalance gave this consumer."""
        self._make_sure_state_ok()
        if topic is None:
            raise ValueError("topic is null")
        mq_result = {mq for mq in list(self.rebalance_impl.get_process_queue_table()) if mq.get_topic() == topic}
        return self.parse_subscribe_message_queues(mq_result)

    def fetch_publish_message_queues(self, topic: str) -> List[MessageQueue]:
        """Java ``fetchPublishMessageQueues``."""
        self._make_sure_state_ok()
        return self.mq_client_factory.get_mq_admin_impl().fetch_publish_message_queues(topic)  # type: ignore

    def fetch_subscribe_message_queues(self, topic: str) -> Set[MessageQueue]:
        """Java ``fetchSubscribeMessageQueues``: from the rebalance's table when known, else from the name
        server."""
        self._make_sure_state_ok()
        result = self.rebalance_impl.get_topic_subscribe_info_table().get(topic)
        if result is None:
            result = self.mq_client_factory.get_mq_admin_impl().fetch_subscribe_message_queues(topic)  # type: ignore
        return self.parse_subscribe_message_queues(result)

    def parse_subscribe_message_queues(self, queue_set: Set[MessageQueue]) -> Set[MessageQueue]:
        """Java ``parseSubscribeMessageQueues``: copies of the queues with the namespace removed from the topic."""
        namespace = self.default_mq_pull_consumer.get_namespace()
        return {MessageQueue(NamespaceUtil.without_namespace(mq.get_topic(), namespace), mq.get_broker_name(),
                             mq.get_queue_id()) for mq in queue_set}

    def earliest_msg_store_time(self, mq: MessageQueue) -> int:
        """Java ``earliestMsgStoreTime``."""
        self._make_sure_state_ok()
        return self.mq_client_factory.get_mq_admin_impl().earliest_msg_store_time(mq)  # type: ignore[union-attr]

    def max_offset(self, mq: MessageQueue) -> int:
        """Java ``maxOffset``."""
        self._make_sure_state_ok()
        return self.mq_client_factory.get_mq_admin_impl().max_offset(mq)  # type: ignore[union-attr]

    def min_offset(self, mq: MessageQueue) -> int:
        """Java ``minOffset``."""
        self._make_sure_state_ok()
        return self.mq_client_factory.get_mq_admin_impl().min_offset(mq)  # type: ignore[union-attr]

    def search_offset(self, mq: MessageQueue, timestamp: int) -> int:
        """Java ``searchOffset``."""
        self._make_sure_state_ok()
        return self.mq_client_factory.get_mq_admin_impl().search_offset(mq, timestamp)  # type: ignore[union-attr]

    def view_message(self, msg_id: str) -> "MessageExt":
        """Java ``viewMessage``."""
        self._make_sure_state_ok()
        return self.mq_client_factory.get_mq_admin_impl().view_message(msg_id)  # type: ignore[union-attr]

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> "QueryResult":
        """Java ``queryMessage``."""
        self._make_sure_state_ok()
        return self.mq_client_factory.get_mq_admin_impl().query_message(  # type: ignore[union-attr]
            topic, key, max_num, begin, end)

    def query_message_by_uniq_key(self, topic: str, uniq_key: str) -> Optional["MessageExt"]:
        """Java ``queryMessageByUniqKey``."""
        self._make_sure_state_ok()
        return self.mq_client_factory.get_mq_admin_impl().query_message_by_uniq_key(  # type: ignore[union-attr]
            topic, uniq_key)

    # ------------------------------------------------------------------ pulling

    def pull(self, mq: MessageQueue, subscription: Subscription, offset: int, max_nums: int,
             timeout: Optional[int] = None) -> "PullResult":
        """Java ``pull(mq, subExpression | messageSelector, offset, maxNums[, timeout])``: a synchronous,
        non-blocking pull (``timeout`` defaults to ``consumerPullTimeoutMillis``)."""
        if timeout is None:
            timeout = self.default_mq_pull_consumer.get_consumer_pull_timeout_millis()
        subscription_data = subscription_data_of(mq, subscription)
        return self._pull_sync_impl(mq, subscription_data, offset, max_nums, False, timeout)

    def pull_async(self, mq: MessageQueue, subscription: Subscription, offset: int, max_nums: int,
                   pull_callback: PullCallback, timeout: Optional[int] = None,
                   max_size_in_bytes: Optional[int] = None) -> None:
        """Java ``pull(mq, subExpression | messageSelector, offset, maxNums[, maxSize], pullCallback[, timeout])``
        (``maxSize`` is 5.3.3's; without it the pull asks for up to ``Integer.MAX_VALUE`` bytes)."""
        if timeout is None:
            timeout = self.default_mq_pull_consumer.get_consumer_pull_timeout_millis()
        subscription_data = subscription_data_of(mq, subscription)
        self._pull_async_impl(mq, subscription_data, offset, max_nums, pull_callback, False, timeout,
                              _INTEGER_MAX_VALUE if max_size_in_bytes is None else max_size_in_bytes)

    def pull_block_if_not_found(self, mq: MessageQueue, sub_expression: Optional[str], offset: int,
                                max_nums: int) -> "PullResult":
        """Java ``pullBlockIfNotFound`` (synchronous): the broker holds the request (long polling) until a
        message arrives or ``brokerSuspendMaxTimeMillis`` passes."""
        subscription_data = subscription_data_of(mq, sub_expression)
        return self._pull_sync_impl(mq, subscription_data, offset, max_nums, True,
                                    self.default_mq_pull_consumer.get_consumer_pull_timeout_millis())

    def pull_block_if_not_found_async(self, mq: MessageQueue, sub_expression: Optional[str], offset: int,
                                      max_nums: int, pull_callback: PullCallback) -> None:
        """Java ``pullBlockIfNotFound(mq, subExpression, offset, maxNums, pullCallback)``."""
        subscription_data = subscription_data_of(mq, sub_expression)
        self._pull_async_impl(mq, subscription_data, offset, max_nums, pull_callback, True,
                              self.default_mq_pull_consumer.get_consumer_pull_timeout_millis())

    def _pull_sync_impl(self, mq: MessageQueue, subscription_data: SubscriptionData, offset: int, max_nums: int,
                        block: bool, timeout: int) -> "PullResult":
        self._make_sure_state_ok()
        check_pull_args(mq, offset, max_nums)
        self.subscription_automatically(mq.get_topic())
        consumer = self.default_mq_pull_consumer
        sys_flag = PullSysFlag.build_sys_flag(False, block, True, False)
        timeout_millis = consumer.get_consumer_timeout_millis_when_suspend() if block else timeout
        is_tag_type = ExpressionType.is_tag_type(subscription_data.expression_type)
        wrapper = self.pull_api_wrapper
        pull_result = wrapper.pull_kernel_impl(  # type: ignore[union-attr]
            mq, subscription_data.sub_string, subscription_data.expression_type,
            0 if is_tag_type else subscription_data.sub_version, offset, max_nums, sys_flag, 0,
            consumer.get_broker_suspend_max_time_millis(), timeout_millis, CommunicationMode.SYNC, None)
        wrapper.process_pull_result(mq, pull_result, subscription_data)  # type: ignore[union-attr,arg-type]
        reset_topic(pull_result.get_msg_found_list(), consumer.get_namespace())  # type: ignore[union-attr]
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

    def _pull_async_impl(self, mq: MessageQueue, subscription_data: SubscriptionData, offset: int, max_nums: int,
                         pull_callback: PullCallback, block: bool, timeout: int,
                         max_size_in_bytes: int = _INTEGER_MAX_VALUE) -> None:
        self._make_sure_state_ok()
        check_pull_args(mq, offset, max_nums)
        if max_size_in_bytes <= 0:
            raise MQClientException("maxSizeInBytes <= 0", None)
        if pull_callback is None:
            raise MQClientException("pullCallback is null", None)
        self.subscription_automatically(mq.get_topic())
        consumer = self.default_mq_pull_consumer
        try:
            sys_flag = PullSysFlag.build_sys_flag(False, block, True, False)
            timeout_millis = consumer.get_consumer_timeout_millis_when_suspend() if block else timeout
            is_tag_type = ExpressionType.is_tag_type(subscription_data.expression_type)
            self.pull_api_wrapper.pull_kernel_impl(  # type: ignore[union-attr]
                mq, subscription_data.sub_string, subscription_data.expression_type,
                0 if is_tag_type else subscription_data.sub_version, offset, max_nums, sys_flag, 0,
                consumer.get_broker_suspend_max_time_millis(), timeout_millis, CommunicationMode.ASYNC,
                _UserPullCallback(self, mq, subscription_data, pull_callback), max_size_in_bytes=max_size_in_bytes)
        except MQBrokerException as e:
            raise MQClientException("pullAsync unknow exception", e) from e

    def subscription_automatically(self, topic: str) -> None:
        """Java ``subscriptionAutomatically``: a pulled topic is subscribed with ``*`` (for the heartbeat and
        route updates)."""
        subscription_inner = self.rebalance_impl.get_subscription_inner()
        if topic not in subscription_inner:
            try:
                subscription_inner.setdefault(topic, FilterAPI.build_subscription_data(topic,
                                                                                       SubscriptionData.SUB_ALL))
            except Exception:
                log.warning("subscriptionAutomatically of %s failed", topic, exc_info=True)

    def unsubscribe(self, topic: str) -> None:
        """Java ``unsubscribe``."""
        self.rebalance_impl.get_subscription_inner().pop(topic, None)

    # ------------------------------------------------------------------ offsets and send back

    def update_consume_offset(self, mq: MessageQueue, offset: int) -> None:
        """Java ``updateConsumeOffset``: in memory; persisted every ``persistConsumerOffsetInterval`` and at
        shutdown."""
        self._make_sure_state_ok()
        self.offset_store.update_offset(mq, offset, False)  # type: ignore[union-attr]

    def update_consume_offset_to_broker(self, mq: MessageQueue, offset: int, is_oneway: bool) -> None:
        """Java ``updateConsumeOffsetToBroker``."""
        self.offset_store.update_consume_offset_to_broker(mq, offset, is_oneway)  # type: ignore[union-attr]

    def send_message_back(self, msg: "MessageExt", delay_level: int, broker_name: Optional[str] = None,
                          consumer_group: Optional[str] = None) -> None:
        """Java ``sendMessageBack``: CONSUMER_SEND_MSG_BACK to ``broker_name``'s master (5.3.3: for a static
        topic's ``__syslo__`` name, the broker of the message's logical queue; else to the message's store host);
        when that fails, the message is produced to ``%RETRY%<group>`` by the instance's inner producer. The
        namespace is removed from the message's topic afterwards."""
        consumer = self.default_mq_pull_consumer
        factory = self.mq_client_factory
        try:
            dest_broker_name = broker_name
            if dest_broker_name is not None and dest_broker_name.startswith(MixAll.LOGICAL_QUEUE_MOCK_BROKER_PREFIX):
                dest_broker_name = factory.get_broker_name_from_message_queue(consumer.queue_with_namespace(
                    MessageQueue(msg.get_topic(), msg.get_broker_name(), msg.get_queue_id())))
            if dest_broker_name is not None:
                broker_addr = factory.find_broker_address_in_publish(dest_broker_name)
            else:
                broker_addr = RemotingHelper.parse_socket_address_addr(msg.get_store_host())
            if broker_addr is None:  # Java sends the request to a NameServer, which refuses it
                raise MQClientException("The broker[%s] not exist" % dest_broker_name, None)
            if consumer_group is None or UtilAll.is_blank(consumer_group):
                consumer_group = consumer.get_consumer_group()
            factory.get_mq_client_api_impl().consumer_send_message_back(
                broker_addr, broker_name, msg, consumer_group, delay_level, 3000, consumer.get_max_reconsume_times())
        except Exception:
            log.error("sendMessageBack Exception, %s", consumer.get_consumer_group(), exc_info=True)
            new_msg = Message(MixAll.get_retry_topic(consumer.get_consumer_group()), msg.get_body())
            origin_msg_id = MessageAccessor.get_origin_message_id(msg)
            if UtilAll.is_blank(origin_msg_id):
                origin_msg_id = msg.get_msg_id()
            if origin_msg_id is not None:  # Java stores null, which the property encoding skips
                MessageAccessor.set_origin_message_id(new_msg, origin_msg_id)
            new_msg.set_flag(msg.get_flag())
            MessageAccessor.set_properties(new_msg, msg.get_properties())
            MessageAccessor.put_property(new_msg, MessageConst.PROPERTY_RETRY_TOPIC, msg.get_topic())
            MessageAccessor.set_reconsume_time(new_msg, str(msg.get_reconsume_times() + 1))
            MessageAccessor.set_max_reconsume_times(new_msg, str(consumer.get_max_reconsume_times()))
            new_msg.set_delay_time_level(3 + msg.get_reconsume_times())
            factory.get_default_mq_producer().send(new_msg)  # type: ignore[union-attr]
        finally:
            msg.set_topic(NamespaceUtil.without_namespace(msg.get_topic(), consumer.get_namespace()))

    # ------------------------------------------------------------------ MQConsumerInner

    def group_name(self) -> str:
        """Java ``groupName``."""
        return self.default_mq_pull_consumer.get_consumer_group()

    def message_model(self) -> MessageModel:
        """Java ``messageModel``."""
        return self.default_mq_pull_consumer.get_message_model()

    def consume_type(self) -> ConsumeType:
        """Java ``consumeType``: CONSUME_ACTIVELY."""
        return ConsumeType.CONSUME_ACTIVELY

    def consume_from_where(self) -> ConsumeFromWhere:
        """Java ``consumeFromWhere``: CONSUME_FROM_LAST_OFFSET."""
        return ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET

    def subscriptions(self) -> Set[SubscriptionData]:
        """Java ``subscriptions``: the registered topics, each with ``*`` and subVersion 0."""
        result: Set[SubscriptionData] = set()
        topics = self.default_mq_pull_consumer.get_register_topics()
        if topics is not None:
            for topic in list(topics):
                try:
                    ms = FilterAPI.build_subscription_data(topic, SubscriptionData.SUB_ALL)
                except Exception:
                    log.error("parse subscription error", exc_info=True)
                    continue
                ms.set_sub_version(0)
                result.add(ms)
        return result

    def do_rebalance(self) -> None:
        """Java ``doRebalance``."""
        if self.rebalance_impl is not None:
            self.rebalance_impl.do_rebalance(False)

    def persist_consumer_offset(self) -> None:
        """Java ``persistConsumerOffset``: the offsets of the queues in balance (errors are logged)."""
        try:
            self._make_sure_state_ok()
            mqs = set(self.rebalance_impl.get_process_queue_table())
            self.offset_store.persist_all(mqs)  # type: ignore[union-attr]
        except Exception:
            log.error("group: %s persistConsumerOffset exception", self.default_mq_pull_consumer.get_consumer_group(),
                      exc_info=True)

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
        return self.default_mq_pull_consumer.is_unit_mode()

    def consumer_running_info(self) -> ConsumerRunningInfo:
        """Java ``consumerRunningInfo``: the consumer's settings and subscriptions."""
        info = ConsumerRunningInfo()
        prop = MixAll.object2properties(self.default_mq_pull_consumer)
        prop[ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP] = str(self.consumer_start_timestamp)
        info.set_properties(prop)
        info.get_subscription_set().update(self.subscriptions())
        return info

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Java ``start``: check the settings, subscribe the registered topics, get the client instance, set up
        the rebalance, the PullAPIWrapper and the offset store (broker-side for CLUSTERING, local file for
        BROADCASTING) and load it, register the group, start the instance."""
        with self._lock:
            state = self.service_state
            if state == ServiceState.CREATE_JUST:
                self.service_state = ServiceState.START_FAILED
                consumer = self.default_mq_pull_consumer
                self._check_config()
                self._copy_subscription()
                if consumer.get_message_model() == MessageModel.CLUSTERING:
                    consumer.change_instance_name_to_pid()
                self.mq_client_factory = MQClientManager.get_instance().get_or_create_mq_client_instance(
                    consumer, self.rpc_hook)
                rebalance = self.rebalance_impl
                rebalance.set_consumer_group(consumer.get_consumer_group())
                rebalance.set_message_model(consumer.get_message_model())
                rebalance.set_allocate_message_queue_strategy(consumer.get_allocate_message_queue_strategy())
                rebalance.set_mq_client_factory(self.mq_client_factory)
                self.pull_api_wrapper = PullAPIWrapper(self.mq_client_factory, consumer.get_consumer_group(),
                                                       self.is_unit_mode())
                self.pull_api_wrapper.register_filter_message_hook(self.filter_message_hook_list)
                if consumer.get_offset_store() is not None:
                    self.offset_store = consumer.get_offset_store()
                else:
                    if consumer.get_message_model() == MessageModel.BROADCASTING:
                        self.offset_store = LocalFileOffsetStore(self.mq_client_factory,
                                                                 consumer.get_consumer_group())
                    else:
                        self.offset_store = RemoteBrokerOffsetStore(self.mq_client_factory,
                                                                    consumer.get_consumer_group())
                    consumer.set_offset_store(self.offset_store)
                self.offset_store.load()  # type: ignore[union-attr]
                if not self.mq_client_factory.register_consumer(consumer.get_consumer_group(), self):
                    self.service_state = ServiceState.CREATE_JUST
                    raise MQClientException(
                        "The consumer group[" + consumer.get_consumer_group()
                        + "] has been created before, specify another name please."
                        + FAQUrl.suggest_todo(FAQUrl.GROUP_NAME_DUPLICATE_URL), None)
                self.mq_client_factory.start()
                log.info("the consumer [%s] start OK", consumer.get_consumer_group())
                self.service_state = ServiceState.RUNNING
            elif state in (ServiceState.RUNNING, ServiceState.START_FAILED, ServiceState.SHUTDOWN_ALREADY):
                raise MQClientException("The PullConsumer service state not OK, maybe started once, "
                                        + state.name + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK)
                                                     + state.next_step(), None)

    def shutdown(self) -> None:
        """Java ``shutdown``: persist the offsets, unregister the group, shut the instance down (when unused)."""
        with self._lock:
            if self.service_state == ServiceState.RUNNING:
                self.persist_consumer_offset()
                factory = self.mq_client_factory
                factory.unregister_consumer(self.default_mq_pull_consumer.get_consumer_group())  # type: ignore
                factory.shutdown()  # type: ignore[union-attr]
                log.info("the consumer [%s] shutdown OK", self.default_mq_pull_consumer.get_consumer_group())
                self.service_state = ServiceState.SHUTDOWN_ALREADY

    def _check_config(self) -> None:
        """Java ``checkConfig``."""
        consumer = self.default_mq_pull_consumer
        Validators.check_group(consumer.get_consumer_group())
        if consumer.get_consumer_group() is None:
            raise MQClientException("consumerGroup is null"
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_PARAMETER_CHECK_URL), None)
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

    def _copy_subscription(self) -> None:
        """Java ``copySubscription``: each registered topic subscribed with ``*``."""
        try:
            register_topics = self.default_mq_pull_consumer.get_register_topics()
            if register_topics is not None:
                for topic in list(register_topics):
                    self.rebalance_impl.get_subscription_inner()[topic] = FilterAPI.build_subscription_data(
                        topic, SubscriptionData.SUB_ALL)
        except Exception as e:
            raise MQClientException("subscription exception", e) from e

    # ------------------------------------------------------------------ accessors

    def get_default_mq_pull_consumer(self) -> "DefaultMQPullConsumer":
        """Java ``getDefaultMQPullConsumer``."""
        return self.default_mq_pull_consumer
