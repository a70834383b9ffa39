"""Java ``org.apache.rocketmq.client.impl.consumer.DefaultMQPushConsumerImpl``: the engine behind
``DefaultMQPushConsumer`` (life cycle, subscriptions, the pull loop with flow control, send-back, offsets, running
info; 5.3.3's POP loop with ack and change of invisible time). The pull callback is :class:`PushPullCallback` (Java's
anonymous ``PullCallback``, in ``push_pull_callback``), the pop callback :class:`PushPopCallback`."""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set, cast

from rocketmq_client.consumer.listener.message_listener import MessageListenerConcurrently, MessageListenerOrderly
from rocketmq_client.consumer.listener.message_listener import MessageListener
from rocketmq_client.consumer.ack_callback import AckCallback
from rocketmq_client.consumer.ack_status import AckStatus
from rocketmq_client.consumer.pop_status import PopStatus
from rocketmq_client.consumer.store.local_file_offset_store import LocalFileOffsetStore
from rocketmq_client.consumer.store.offset_store import OffsetStore
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_client.exception import MQClientException
from rocketmq_client.hook.filter_message_context import FilterMessageContext
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.consumer.consume_message_concurrently_service import ConsumeMessageConcurrentlyService
from rocketmq_client.impl.consumer.consume_message_orderly_service import ConsumeMessageOrderlyService
from rocketmq_client.impl.consumer.consume_message_pop_concurrently_service import (
    ConsumeMessagePopConcurrentlyService,
)
from rocketmq_client.impl.consumer.consume_message_service import ConsumeMessageService
from rocketmq_client.impl.consumer.mq_consumer_inner import MQConsumerInner
from rocketmq_client.impl.consumer.pull_api_wrapper import PullAPIWrapper
from rocketmq_client.impl.consumer.push_pop_callback import PushPopCallback
from rocketmq_client.impl.consumer.push_pull_callback import PushPullCallback
from rocketmq_client.impl.consumer.rebalance_push_impl import RebalancePushImpl
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.validators import Validators
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.body.pop_process_queue_info import PopProcessQueueInfo
from rocketmq_common.protocol.body.process_queue_info import ProcessQueueInfo
from rocketmq_common.protocol.header.ack_message_request_header import AckMessageRequestHeader
from rocketmq_common.protocol.header.change_invisible_time_request_header import ChangeInvisibleTimeRequestHeader
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.service_state import ServiceState
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.common.remoting_helper import RemotingHelper

if TYPE_CHECKING:
    from rocketmq_client.consumer.ack_result import AckResult
    from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
    from rocketmq_client.consumer.pop_result import PopResult
    from rocketmq_client.consumer.message_selector import MessageSelector
    from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
    from rocketmq_client.hook.consume_message_hook import ConsumeMessageHook
    from rocketmq_client.hook.filter_message_hook import FilterMessageHook
    from rocketmq_client.impl.consumer.pop_request import PopRequest
    from rocketmq_client.impl.consumer.pull_request import PullRequest
    from rocketmq_client.stat.consumer_stats_manager import ConsumerStatsManager
    from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.protocol.body.queue_time_span import QueueTimeSpan
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["DefaultMQPushConsumerImpl"]

log = logging.getLogger(__name__)

#: flow-control interval when the message cache is full (ms)
PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL = 50
#: pull delay while the consumer is suspended (ms)
PULL_TIME_DELAY_MILLS_WHEN_SUSPEND = 1000
#: how long the broker holds a pull with no new message (long polling, ms)
BROKER_SUSPEND_MAX_TIME_MILLIS = 1000 * 15
#: client-side timeout of a long-polling pull (ms)
CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND = 1000 * 30
#: POP: the range of ``popInvisibleTime`` (ms)
MAX_POP_INVISIBLE_TIME = 300000
MIN_POP_INVISIBLE_TIME = 5000
#: POP: timeout of an ack or change of invisible time (ms)
ASYNC_TIMEOUT = 3000

_CLUSTERING = MessageModel.CLUSTERING
_ASYNC = CommunicationMode.ASYNC
_READ_FROM_MEMORY = ReadOffsetType.READ_FROM_MEMORY
_MIB = 1024 * 1024
_PROPERTY_RETRY_TOPIC = MessageConst.PROPERTY_RETRY_TOPIC
_time = time.time


def _not_ok(text: str, next_step: str = "") -> str:
    """Java's checkConfig message and FAQ line, then the next step for a Python user (an addition to Java)."""
    return text + FAQUrl.suggest_todo(FAQUrl.CLIENT_PARAMETER_CHECK_URL) + (next_step and "\nNext step: " + next_step)


class _LogAckCallback(AckCallback):
    """Java's anonymous ``AckCallback`` of ``ackAsync``: a failed ack is logged."""

    __slots__ = ("extra_info",)

    def __init__(self, extra_info: Optional[str]) -> None:
        self.extra_info = extra_info

    def on_success(self, ack_result: "AckResult") -> None:
        if ack_result is not None and ack_result.get_status() is not AckStatus.OK:
            log.warning("Ack message fail. ackResult: %s, extraInfo: %s", ack_result, self.extra_info)

    def on_exception(self, e: BaseException) -> None:
        log.warning("Ack message fail. extraInfo: %s  error message: %s", self.extra_info, e)


class _SendBackAsNormalMessage(Exception):
    """Raised inside :meth:`DefaultMQPushConsumerImpl.send_message_back` for a static topic's logical queue, whose
    message goes to the retry topic as a normal message (the path of a failed send-back, without its error log)."""


class DefaultMQPushConsumerImpl(MQConsumerInner, Bean):
    """See the module docstring."""

    pull_time_delay_mills_when_exception = Prop(int, 3000)
    service_state = Prop(ServiceState, ServiceState.CREATE_JUST)
    #: set by ``start``
    mq_client_factory = Prop(MQClientInstance)
    pull_api_wrapper = Prop(PullAPIWrapper)
    pause = Prop(bool, False)
    consume_orderly = Prop(bool, False)
    message_listener_inner = Prop(MessageListener)
    offset_store = Prop(OffsetStore)
    consume_message_service = Prop(ConsumeMessageService)
    rebalance_impl = Prop(RebalancePushImpl, required=True)

    def get_pull_time_delay_mills_when_exception(self) -> int: return self.pull_time_delay_mills_when_exception
    def set_pull_time_delay_mills_when_exception(self, pull_time_delay_mills_when_exception: int) -> None:
        self.pull_time_delay_mills_when_exception = pull_time_delay_mills_when_exception
    def get_service_state(self) -> ServiceState: return self.service_state
    def get_mq_client_factory(self) -> MQClientInstance: return self.mq_client_factory
    def set_mq_client_factory(self, mq_client_factory: Optional[MQClientInstance]) -> None:
        self.mq_client_factory = mq_client_factory
    def get_pull_api_wrapper(self) -> PullAPIWrapper: return self.pull_api_wrapper
    def set_pull_api_wrapper(self, pull_api_wrapper: Optional[PullAPIWrapper]) -> None:
        self.pull_api_wrapper = pull_api_wrapper
    def get_pause(self) -> bool: return self.pause
    def is_pause(self) -> bool: return self.pause
    def set_pause(self, pause: bool) -> None: self.pause = pause
    def get_consume_orderly(self) -> bool: return self.consume_orderly
    def is_consume_orderly(self) -> bool: return self.consume_orderly
    def set_consume_orderly(self, consume_orderly: bool) -> None: self.consume_orderly = consume_orderly
    def get_message_listener_inner(self) -> MessageListener: return self.message_listener_inner
    def set_message_listener_inner(self, message_listener_inner: Optional[MessageListener]) -> None:
        self.message_listener_inner = message_listener_inner
    def get_offset_store(self) -> OffsetStore: return self.offset_store
    def set_offset_store(self, offset_store: Optional[OffsetStore]) -> None: self.offset_store = offset_store
    def get_consume_message_service(self) -> ConsumeMessageService: return self.consume_message_service
    def set_consume_message_service(self, consume_message_service: Optional[ConsumeMessageService]) -> None:
        self.consume_message_service = consume_message_service
    def get_rebalance_impl(self) -> RebalancePushImpl: return self.rebalance_impl
    def set_rebalance_impl(self, rebalance_impl: Optional[RebalancePushImpl]) -> None:
        self.rebalance_impl = rebalance_impl

    def __init__(self, default_mq_push_consumer: "DefaultMQPushConsumer",
                 rpc_hook: Optional["RPCHook"] = None) -> None:
        self.default_mq_push_consumer = default_mq_push_consumer
        self.rpc_hook = rpc_hook
        self.pull_time_delay_mills_when_exception = \
            default_mq_push_consumer.get_pull_time_delay_mills_when_exception()
        self.rebalance_impl = RebalancePushImpl(self)
        self.filter_message_hook_list: List["FilterMessageHook"] = []
        self.consumer_start_timestamp = int(_time() * 1000)
        self.consume_message_hook_list: List["ConsumeMessageHook"] = []
        self.service_state = ServiceState.CREATE_JUST
        self.mq_client_factory = None
        self.pull_api_wrapper = None
        self.pause = False
        self.consume_orderly = False
        self.message_listener_inner = None
        self.offset_store = None
        self.consume_message_service = None
        self.queue_flow_control_times = 0
        self.queue_max_span_flow_control_times = 0
        #: POP (5.3.3): the service consuming popped messages (created by ``start`` for a concurrent listener)
        self.consume_message_pop_service: Optional[ConsumeMessageService] = None
        #: POP: the invisible time (s) of a message that failed for the n-th time: 10s 30s 1m 2m ... 1h 2h
        self.pop_delay_level = [10, 30, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600, 1200, 1800, 3600, 7200]
        self._lock = threading.RLock()  # Java synchronized start/shutdown

    # ------------------------------------------------------------------ hooks

    def register_filter_message_hook(self, hook: "FilterMessageHook") -> None:
        """Java ``registerFilterMessageHook``."""
        self.filter_message_hook_list.append(hook)
        log.info("register FilterMessageHook Hook, %s", hook.hook_name())

    def has_hook(self) -> bool:
        """Java ``hasHook``: consume hooks are registered."""
        return bool(self.consume_message_hook_list)

    def register_consume_message_hook(self, hook: "ConsumeMessageHook") -> None:
        """Java ``registerConsumeMessageHook``."""
        self.consume_message_hook_list.append(hook)
        log.info("register consumeMessageHook Hook, %s", hook.hook_name())

    def execute_hook_before(self, context: "ConsumeMessageContext") -> None:
        """Java ``executeHookBefore``: a failing hook is logged and skipped."""
        for hook in self.consume_message_hook_list:
            try:
                hook.consume_message_before(context)
            except Exception:
                log.warning("consumeMessageBefore of hook %s failed", hook.hook_name(), exc_info=True)

    def execute_hook_after(self, context: "ConsumeMessageContext") -> None:
        """Java ``executeHookAfter``: a failing hook is logged and skipped."""
        for hook in self.consume_message_hook_list:
            try:
                hook.consume_message_after(context)
            except Exception:
                log.warning("consumeMessageAfter of hook %s failed", hook.hook_name(), exc_info=True)

    # ------------------------------------------------------------------ admin delegation

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0,
                     attributes: Optional[Dict[str, str]] = None) -> None:
        """Java ``createTopic``; ``attributes`` go to :meth:`MQAdminImpl.create_topic` (Java 5.3.3 passes null)."""
        self._factory().get_mq_admin_impl().create_topic(key, new_topic, queue_num, topic_sys_flag, attributes)

    def fetch_subscribe_message_queues(self, topic: str) -> Set["MessageQueue"]:
        """Java ``fetchSubscribeMessageQueues``: the queues of ``topic`` (namespace stripped), refreshing its route
        once when unknown."""
        table = self.rebalance_impl.get_topic_subscribe_info_table()
        result = table.get(topic)
        if result is None:
            self._factory().update_topic_route_info_from_name_server(topic)
            result = table.get(topic)
        if result is None:
            raise MQClientException("The topic[" + topic + "] not exist", None)
        return self.parse_subscribe_message_queues(result)

    def parse_subscribe_message_queues(self, message_queue_list: Set["MessageQueue"]) -> Set["MessageQueue"]:
        """Java ``parseSubscribeMessageQueues``."""
        from rocketmq_common.message.message_queue import MessageQueue

        namespace = self.default_mq_push_consumer.get_namespace()
        return {MessageQueue(NamespaceUtil.without_namespace(q.get_topic(), namespace), q.get_broker_name(),
                             q.get_queue_id()) for q in message_queue_list}

    def get_default_mq_push_consumer(self) -> "DefaultMQPushConsumer":
        """Java ``getDefaultMQPushConsumer``."""
        return self.default_mq_push_consumer

    def earliest_msg_store_time(self, mq: "MessageQueue") -> int:
        """Java ``earliestMsgStoreTime``."""
        return self._factory().get_mq_admin_impl().earliest_msg_store_time(mq)

    def max_offset(self, mq: "MessageQueue") -> int:
        """Java ``maxOffset``."""
        return self._factory().get_mq_admin_impl().max_offset(mq)

    def min_offset(self, mq: "MessageQueue") -> int:
        """Java ``minOffset``."""
        return self._factory().get_mq_admin_impl().min_offset(mq)

    def search_offset(self, mq: "MessageQueue", timestamp: int) -> int:
        """Java ``searchOffset``."""
        return self._factory().get_mq_admin_impl().search_offset(mq, timestamp)

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> Any:
        """Java ``queryMessage``."""
        return self._factory().get_mq_admin_impl().query_message(topic, key, max_num, begin, end)

    def query_message_by_uniq_key(self, topic: str, uniq_key: str) -> Optional["MessageExt"]:
        """Java ``queryMessageByUniqKey``."""
        return self._factory().get_mq_admin_impl().query_message_by_uniq_key(topic, uniq_key)

    def view_message(self, msg_id: str) -> "MessageExt":
        """Java ``viewMessage``."""
        return self._factory().get_mq_admin_impl().view_message(msg_id)

    def _factory(self) -> "MQClientInstance":
        factory = self.mq_client_factory
        if factory is None:
            raise MQClientException("The consumer service state not OK, " + self.service_state.name
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK)
                                    + self.service_state.next_step(), None)
        return factory

    # ------------------------------------------------------------------ the pull loop

    def pull_message(self, pull_request: "PullRequest") -> None:
        """Java ``pullMessage``: apply flow control (cached count and size per queue, offset span for concurrent
        consumption, broker lock for orderly), then send an asynchronous long-polling pull."""
        process_queue = pull_request.process_queue
        if process_queue.dropped:
            log.info("the pull request[%s] is dropped.", pull_request)
            return
        process_queue.last_pull_timestamp = int(_time() * 1000)
        if self.service_state is not ServiceState.RUNNING:
            log.warning("pullMessage exception, consumer state not ok: %s", self.service_state)
            self.execute_pull_request_later(pull_request, self.pull_time_delay_mills_when_exception)
            return
        consumer = self.default_mq_push_consumer
        if self.pause:
            log.warning("consumer was paused, execute pull request later. instanceName=%s, group=%s",
                        consumer.get_instance_name(), consumer.get_consumer_group())
            self.execute_pull_request_later(pull_request, PULL_TIME_DELAY_MILLS_WHEN_SUSPEND)
            return

        cached_message_count = process_queue.msg_count.get()
        cached_message_size_in_mib = process_queue.msg_size.get() // _MIB
        if cached_message_count > consumer.pull_threshold_for_queue:
            self.execute_pull_request_later(pull_request, PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL)
            if self.queue_flow_control_times % 1000 == 0:
                tree = process_queue.get_msg_tree_map()
                log.warning("the cached message count exceeds the threshold %s, so do flow control, minOffset=%s, "
                            "maxOffset=%s, count=%s, size=%s MiB, pullRequest=%s, flowControlTimes=%s",
                            consumer.pull_threshold_for_queue, tree.first_key(), tree.last_key(),
                            cached_message_count, cached_message_size_in_mib, pull_request,
                            self.queue_flow_control_times + 1)
            self.queue_flow_control_times += 1
            return
        if cached_message_size_in_mib > consumer.pull_threshold_size_for_queue:
            self.execute_pull_request_later(pull_request, PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL)
            if self.queue_flow_control_times % 1000 == 0:
                tree = process_queue.get_msg_tree_map()
                log.warning("the cached message size exceeds the threshold %s MiB, so do flow control, minOffset=%s, "
                            "maxOffset=%s, count=%s, size=%s MiB, pullRequest=%s, flowControlTimes=%s",
                            consumer.pull_threshold_size_for_queue, tree.first_key(), tree.last_key(),
                            cached_message_count, cached_message_size_in_mib, pull_request,
                            self.queue_flow_control_times + 1)
            self.queue_flow_control_times += 1
            return

        if not self.consume_orderly:
            max_span = process_queue.get_max_span()
            if max_span > consumer.consume_concurrently_max_span:
                self.execute_pull_request_later(pull_request, PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL)
                if self.queue_max_span_flow_control_times % 1000 == 0:
                    tree = process_queue.get_msg_tree_map()
                    log.warning("the queue's messages, span too long, so do flow control, minOffset=%s, maxOffset=%s, "
                                "maxSpan=%s, pullRequest=%s, flowControlTimes=%s", tree.first_key(),
                                tree.last_key(), max_span, pull_request, self.queue_max_span_flow_control_times + 1)
                self.queue_max_span_flow_control_times += 1
                return
        elif process_queue.is_locked():
            if not pull_request.previously_locked:
                try:
                    offset = self.rebalance_impl.compute_pull_from_where_with_exception(pull_request.message_queue)
                except Exception:
                    self.execute_pull_request_later(pull_request, self.pull_time_delay_mills_when_exception)
                    log.error("Failed to compute pull offset, pullResult: %s", pull_request, exc_info=True)
                    return
                broker_busy = offset < pull_request.next_offset
                log.info("the first time to pull message, so fix offset from broker. pullRequest: %s NewOffset: %s "
                         "brokerBusy: %s", pull_request, offset, broker_busy)
                if broker_busy:
                    log.info("[NOTIFYME]the first time to pull message, but pull request offset larger than broker "
                             "consume offset. pullRequest: %s NewOffset: %s", pull_request, offset)
                pull_request.previously_locked = True
                pull_request.next_offset = offset
        else:
            self.execute_pull_request_later(pull_request, self.pull_time_delay_mills_when_exception)
            log.info("pull message later because not locked in broker, %s", pull_request)
            return

        mq = pull_request.message_queue
        subscription_data = self.rebalance_impl.get_subscription_inner().get(mq.topic)
        if subscription_data is None:
            self.execute_pull_request_later(pull_request, self.pull_time_delay_mills_when_exception)
            log.warning("find the consumer's subscription failed, %s", pull_request)
            return

        pull_callback = PushPullCallback(self, pull_request, subscription_data, _time())
        commit_offset_enable = False
        commit_offset_value = 0
        if consumer.message_model is _CLUSTERING:
            commit_offset_value = self.offset_store.read_offset(mq, _READ_FROM_MEMORY)  # type: ignore[union-attr]
            if commit_offset_value > 0:
                commit_offset_enable = True
        sub_expression = None
        class_filter = subscription_data.class_filter_mode
        if consumer.post_subscription_when_pull and not class_filter:
            sub_expression = subscription_data.sub_string
        sys_flag = PullSysFlag.build_sys_flag(commit_offset_enable, True, sub_expression is not None, class_filter)
        try:
            self.pull_api_wrapper.pull_kernel_impl(  # type: ignore[union-attr]
                mq, sub_expression, subscription_data.expression_type, subscription_data.sub_version,
                pull_request.next_offset, consumer.pull_batch_size, sys_flag, commit_offset_value,
                BROKER_SUSPEND_MAX_TIME_MILLIS, CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND, _ASYNC, pull_callback,
                max_size_in_bytes=consumer.pull_batch_size_in_bytes)
        except Exception:
            log.error("pullKernelImpl exception", exc_info=True)
            self.execute_pull_request_later(pull_request, self.pull_time_delay_mills_when_exception)

    def pop_message(self, pop_request: "PopRequest") -> None:
        """Java ``popMessage`` (5.3.3): flow control on the messages waiting for their ack
        (``popThresholdForQueue``), then an asynchronous long-polling POP_MESSAGE of ``popBatchNums`` messages that
        stay invisible to the group for ``popInvisibleTime`` ms (out of [5000, 300000]: 60000)."""
        process_queue = pop_request.pop_process_queue
        if process_queue.dropped:
            log.info("the pop request[%s] is dropped.", pop_request)
            return
        process_queue.last_pop_timestamp = int(_time() * 1000)
        if self.service_state is not ServiceState.RUNNING:
            log.warning("popMessage exception, consumer state not ok: %s", self.service_state)
            self.execute_pop_pull_request_later(pop_request, self.pull_time_delay_mills_when_exception)
            return
        consumer = self.default_mq_push_consumer
        if self.pause:
            log.warning("consumer was paused, execute pull request later. instanceName=%s, group=%s",
                        consumer.get_instance_name(), consumer.get_consumer_group())
            self.execute_pop_pull_request_later(pop_request, PULL_TIME_DELAY_MILLS_WHEN_SUSPEND)
            return
        if process_queue.get_wai_ack_msg_count() > consumer.get_pop_threshold_for_queue():
            self.execute_pop_pull_request_later(pop_request, PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL)
            if self.queue_flow_control_times % 1000 == 0:
                log.warning("the messages waiting to ack exceeds the threshold %s, so do flow control, popRequest=%s, "
                            "flowControlTimes=%s, wait count=%s", consumer.get_pop_threshold_for_queue(), pop_request,
                            self.queue_flow_control_times + 1, process_queue.get_wai_ack_msg_count())
            self.queue_flow_control_times += 1
            return
        subscription_data = self.rebalance_impl.get_subscription_inner().get(pop_request.message_queue.topic)
        if subscription_data is None:
            self.execute_pop_pull_request_later(pop_request, self.pull_time_delay_mills_when_exception)
            log.warning("find the consumer's subscription failed, %s", pop_request)
            return
        pop_callback = PushPopCallback(self, pop_request, subscription_data, _time())
        invisible_time = consumer.get_pop_invisible_time()
        if invisible_time < MIN_POP_INVISIBLE_TIME or invisible_time > MAX_POP_INVISIBLE_TIME:
            invisible_time = 60000
        try:
            self.pull_api_wrapper.pop_async(  # type: ignore[union-attr]
                pop_request.message_queue, invisible_time, consumer.get_pop_batch_nums(),
                pop_request.consumer_group, BROKER_SUSPEND_MAX_TIME_MILLIS, pop_callback, True,
                pop_request.init_mode, False, subscription_data.get_expression_type(),
                subscription_data.get_sub_string())
        except Exception:
            log.error("popAsync exception", exc_info=True)
            self.execute_pop_pull_request_later(pop_request, self.pull_time_delay_mills_when_exception)

    def process_pop_result(self, pop_result: "PopResult", subscription_data: SubscriptionData) -> "PopResult":
        """Java ``processPopResult``: keep the FOUND messages whose tag the subscription names, run the filter
        hooks, drop the messages past ``maxReconsumeTimes``; every message dropped is acked."""
        if pop_result.get_pop_status() is not PopStatus.FOUND:
            return pop_result
        msg_found_list = pop_result.get_msg_found_list() or []
        tags_set = subscription_data.get_tags_set()
        if tags_set and not subscription_data.is_class_filter_mode():
            msg_list_filter_again = [msg for msg in msg_found_list
                                     if msg.get_tags() is not None and msg.get_tags() in tags_set]
        else:
            msg_list_filter_again = list(msg_found_list)
        if self.filter_message_hook_list:
            filter_message_context = FilterMessageContext()
            filter_message_context.set_unit_mode(self.default_mq_push_consumer.is_unit_mode())
            filter_message_context.set_msg_list(msg_list_filter_again)
            for hook in self.filter_message_hook_list:
                try:
                    hook.filter_message(filter_message_context)
                except Exception:
                    log.error("execute hook error. hookName=%s", hook.hook_name())
        max_reconsume_times = self.get_max_reconsume_times()
        kept = []
        for msg in msg_list_filter_again:
            if msg.get_reconsume_times() > max_reconsume_times:
                log.info("Reconsume times has reached %s, so ack msg=%s", msg.get_reconsume_times(), msg)
            else:
                kept.append(msg)
        if len(kept) != len(msg_found_list):
            kept_ids = {id(msg) for msg in kept}
            for msg in msg_found_list:
                if id(msg) not in kept_ids:
                    self.ack_async(msg, self.group_name())
        pop_result.set_msg_found_list(kept)
        return pop_result

    def ack_async(self, message: "MessageExt", consumer_group: str) -> None:
        """Java ``ackAsync`` (5.3.3): ACK_MESSAGE with the message's handle (``POP_CK``) to its broker's master;
        a failure is logged (the broker then redelivers the message after its invisible time)."""
        extra_info = message.get_property(MessageConst.PROPERTY_POP_CK)
        try:
            extra_info_strs = ExtraInfoUtil.split(extra_info)
            broker_name = ExtraInfoUtil.get_broker_name(extra_info_strs)
            queue_id = ExtraInfoUtil.get_queue_id(extra_info_strs)
            queue_offset = ExtraInfoUtil.get_queue_offset(extra_info_strs)
            topic = message.get_topic()
            factory = self._factory()
            find_broker_result = self._find_pop_broker(factory, broker_name, queue_id, topic)
            if find_broker_result is None:
                log.error("The broker[%s] not exist", broker_name)
                return
            request_header = AckMessageRequestHeader()
            request_header.set_topic(ExtraInfoUtil.get_real_topic(extra_info_strs, topic, consumer_group))
            request_header.set_queue_id(queue_id)
            request_header.set_offset(queue_offset)
            request_header.set_consumer_group(consumer_group)
            request_header.set_extra_info(extra_info)
            request_header.set_bname(broker_name)
            factory.get_mq_client_api_impl().ack_message_async(find_broker_result.get_broker_addr(), ASYNC_TIMEOUT,
                                                               _LogAckCallback(extra_info), request_header)
        except Exception:
            log.error("ack async error.", exc_info=True)

    def change_pop_invisible_time_async(self, topic: str, consumer_group: str, extra_info: Optional[str],
                                        invisible_time: int, callback: "AckCallback") -> None:
        """Java ``changePopInvisibleTimeAsync`` (5.3.3): CHANGE_MESSAGE_INVISIBLETIME for the message whose handle
        is ``extra_info``: the broker redelivers it ``invisible_time`` ms from now. MQClientException when its
        broker is unknown."""
        extra_info_strs = ExtraInfoUtil.split(extra_info)
        broker_name = ExtraInfoUtil.get_broker_name(extra_info_strs)
        queue_id = ExtraInfoUtil.get_queue_id(extra_info_strs)
        factory = self._factory()
        find_broker_result = self._find_pop_broker(factory, broker_name, queue_id, topic)
        if find_broker_result is None:
            raise MQClientException("The broker[" + str(broker_name) + "] not exist", None)
        request_header = ChangeInvisibleTimeRequestHeader()
        request_header.set_topic(ExtraInfoUtil.get_real_topic(extra_info_strs, topic, consumer_group))
        request_header.set_queue_id(queue_id)
        request_header.set_offset(ExtraInfoUtil.get_queue_offset(extra_info_strs))
        request_header.set_consumer_group(consumer_group)
        request_header.set_extra_info(extra_info)
        request_header.set_invisible_time(invisible_time)
        request_header.set_bname(broker_name)
        factory.get_mq_client_api_impl().change_invisible_time_async(
            broker_name, find_broker_result.get_broker_addr(), request_header, ASYNC_TIMEOUT, callback)

    def _find_pop_broker(self, factory: "MQClientInstance", broker_name: str, queue_id: int, topic: str) -> Any:
        """The master of a popped message's broker, refreshing ``topic``'s route once when unknown (Java's
        lookup in ``ackAsync`` / ``changePopInvisibleTimeAsync``): for a static topic's logical queue (a
        ``__syslo__`` broker name), the broker of its leader."""
        des_broker_name = broker_name
        if broker_name is not None and broker_name.startswith(MixAll.LOGICAL_QUEUE_MOCK_BROKER_PREFIX):
            des_broker_name = factory.get_broker_name_from_message_queue(
                self.default_mq_push_consumer.queue_with_namespace(MessageQueue(topic, broker_name, queue_id)))
        find_broker_result = factory.find_broker_address_in_subscribe(des_broker_name, MixAll.MASTER_ID, True)
        if find_broker_result is None:
            factory.update_topic_route_info_from_name_server(topic)
            find_broker_result = factory.find_broker_address_in_subscribe(des_broker_name, MixAll.MASTER_ID, True)
        return find_broker_result

    def execute_pop_pull_request_later(self, pop_request: "PopRequest", time_delay: int) -> None:
        """Java ``executePopPullRequestLater``."""
        self.mq_client_factory.get_pull_message_service().execute_pop_pull_request_later(  # type: ignore
            pop_request, time_delay)

    def execute_pop_pull_request_immediately(self, pop_request: "PopRequest") -> None:
        """Java ``executePopPullRequestImmediately``."""
        self.mq_client_factory.get_pull_message_service().execute_pop_pull_request_immediately(  # type: ignore
            pop_request)

    def get_pop_delay_level(self) -> List[int]:
        """Java ``getPopDelayLevel``."""
        return self.pop_delay_level

    def make_sure_state_ok(self) -> None:
        """Java ``makeSureStateOK``."""
        if self.service_state is not ServiceState.RUNNING:
            raise MQClientException("The consumer service state not OK, " + self.service_state.name
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK)
                                    + self.service_state.next_step(), None)

    def execute_pull_request_later(self, pull_request: "PullRequest", time_delay: int) -> None:
        """Java ``executePullRequestLater``."""
        self.mq_client_factory.get_pull_message_service().execute_pull_request_later(  # type: ignore[union-attr]
            pull_request, time_delay)

    def execute_pull_request_immediately(self, pull_request: "PullRequest") -> None:
        """Java ``executePullRequestImmediately``."""
        self.mq_client_factory.get_pull_message_service().execute_pull_request_immediately(  # type: ignore
            pull_request)

    def execute_task_later(self, r: Any, time_delay: int) -> None:
        """Java ``executeTaskLater``."""
        self.mq_client_factory.get_pull_message_service().execute_task_later(r, time_delay)  # type: ignore

    def correct_tags_offset(self, pull_request: "PullRequest") -> None:
        """Java ``correctTagsOffset``: with nothing cached, the next offset is the consumed offset."""
        if pull_request.process_queue.msg_count.get() == 0:
            self.offset_store.update_offset(pull_request.message_queue, pull_request.next_offset,  # type: ignore
                                            True)

    def fix_offset_illegal(self, pull_request: "PullRequest") -> None:
        """The delayed task of OFFSET_ILLEGAL (Java's anonymous Runnable): store and persist the broker's offset,
        then remove the dropped process queue so the next rebalance recreates it."""
        try:
            offset_store = self.offset_store
            offset_store.update_offset(pull_request.message_queue, pull_request.next_offset, False)  # type: ignore
            offset_store.persist(pull_request.message_queue)  # type: ignore[union-attr]
            self.rebalance_impl.remove_process_queue(pull_request.message_queue)
            log.warning("fix the pull request offset, %s", pull_request)
        except Exception:
            log.error("executeTaskLater Exception", exc_info=True)

    def get_consumer_stats_manager(self) -> "ConsumerStatsManager":
        """Java ``getConsumerStatsManager``."""
        return self.mq_client_factory.get_consumer_stats_manager()  # type: ignore[union-attr]

    # ------------------------------------------------------------------ listener, suspend, send back

    def register_message_listener(self, message_listener: "MessageListener") -> None:
        """Java ``registerMessageListener``."""
        self.message_listener_inner = message_listener

    def suspend(self) -> None:
        """Java ``suspend``: stop pulling (pull requests are retried every second)."""
        self.pause = True
        log.info("suspend this consumer, %s", self.default_mq_push_consumer.get_consumer_group())

    def resume(self) -> None:
        """Java ``resume``."""
        self.pause = False
        self.do_rebalance()
        log.info("resume this consumer, %s", self.default_mq_push_consumer.get_consumer_group())

    def send_message_back(self, msg: "MessageExt", delay_level: int, broker_name: Optional[str] = None) -> None:
        """Java ``sendMessageBack``: CONSUMER_SEND_MSG_BACK to the queue's broker (or the message's store host);
        when that fails, or (5.3.3) for a static topic's logical queue (a ``__syslo__`` broker name: Java's
        ``sendMessageBackAsNormalMessage``), resend a copy to the group's retry topic through the instance's inner
        producer (RETRY_TOPIC, RECONSUME_TIME + 1, MAX_RECONSUME_TIMES, delay level 3 + reconsume times). The
        message's topic loses its namespace afterwards in every case."""
        factory = self._factory()
        consumer = self.default_mq_push_consumer
        try:
            if broker_name is not None and broker_name.startswith(MixAll.LOGICAL_QUEUE_MOCK_BROKER_PREFIX):
                raise _SendBackAsNormalMessage(broker_name)
            broker_addr = (factory.find_broker_address_in_publish(broker_name) if broker_name is not None
                           else RemotingHelper.parse_socket_address_addr(msg.get_store_host()))
            if broker_addr is None:  # Java sends the request to a NameServer, which refuses it
                raise MQClientException("The broker[%s] not exist" % broker_name, None)
            factory.get_mq_client_api_impl().consumer_send_message_back(
                broker_addr, broker_name, msg, consumer.get_consumer_group(), delay_level, 5000,
                self.get_max_reconsume_times())
        except Exception as e:
            if not isinstance(e, _SendBackAsNormalMessage):
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
            MessageAccessor.set_max_reconsume_times(new_msg, str(self.get_max_reconsume_times()))
            MessageAccessor.clear_property(new_msg, MessageConst.PROPERTY_TRANSACTION_PREPARED)
            new_msg.set_delay_time_level(3 + msg.get_reconsume_times())
            factory.get_default_mq_producer().send(new_msg)
        finally:
            msg.set_topic(NamespaceUtil.without_namespace(msg.get_topic(), consumer.get_namespace()))

    def get_max_reconsume_times(self) -> int:
        """Java ``getMaxReconsumeTimes``: -1 means 16."""
        max_reconsume_times = self.default_mq_push_consumer.get_max_reconsume_times()
        return 16 if max_reconsume_times == -1 else max_reconsume_times

    # ------------------------------------------------------------------ life cycle

    def shutdown(self, await_terminate_millis: int = 0) -> None:
        """Java ``shutdown``: consume service (waiting up to ``await_terminate_millis`` for consumption in
        flight), persist offsets, unregister, instance shutdown, drop the process queues."""
        with self._lock:
            if self.service_state is ServiceState.RUNNING:
                self.consume_message_service.shutdown(await_terminate_millis)  # type: ignore[union-attr]
                if self.consume_message_pop_service is not None:  # Java leaves its threads running
                    self.consume_message_pop_service.shutdown(await_terminate_millis)
                self.persist_consumer_offset()
                factory = self._factory()
                factory.unregister_consumer(self.default_mq_push_consumer.get_consumer_group())
                factory.shutdown()
                log.info("the consumer [%s] shutdown OK", self.default_mq_push_consumer.get_consumer_group())
                self.rebalance_impl.destroy()
                self.service_state = ServiceState.SHUTDOWN_ALREADY

    def start(self) -> None:
        """Java ``start``: check the config, copy the subscriptions, get the client instance, set up rebalance,
        the pull wrapper, the offset store and the consume service, register, start the instance; then refresh
        routes, check SQL92 support, send heartbeats and rebalance now."""
        with self._lock:
            consumer = self.default_mq_push_consumer
            state = self.service_state
            if state is ServiceState.CREATE_JUST:
                log.info("the consumer [%s] start beginning. messageModel=%s, isUnitMode=%s",
                         consumer.get_consumer_group(), consumer.get_message_model(), consumer.is_unit_mode())
                self.service_state = ServiceState.START_FAILED
                self.check_config()
                self.copy_subscription()
                if consumer.get_message_model() is _CLUSTERING:
                    consumer.change_instance_name_to_pid()
                factory = MQClientManager.get_instance().get_or_create_mq_client_instance(consumer, self.rpc_hook)
                self.mq_client_factory = factory
                rebalance_impl = self.rebalance_impl
                rebalance_impl.set_consumer_group(consumer.get_consumer_group())
                rebalance_impl.set_message_model(consumer.get_message_model())
                rebalance_impl.set_allocate_message_queue_strategy(consumer.get_allocate_message_queue_strategy())
                rebalance_impl.set_mq_client_factory(factory)
                self.pull_api_wrapper = PullAPIWrapper(factory, consumer.get_consumer_group(), self.is_unit_mode())
                self.pull_api_wrapper.register_filter_message_hook(self.filter_message_hook_list)
                if consumer.get_offset_store() is not None:
                    self.offset_store = consumer.get_offset_store()
                else:
                    if consumer.get_message_model() is MessageModel.BROADCASTING:
                        self.offset_store = LocalFileOffsetStore(factory, consumer.get_consumer_group())
                    else:
                        self.offset_store = RemoteBrokerOffsetStore(factory, consumer.get_consumer_group())
                    consumer.set_offset_store(self.offset_store)
                self.offset_store.load()  # type: ignore[union-attr]
                listener = self.get_message_listener_inner()
                if isinstance(listener, MessageListenerOrderly):
                    self.consume_orderly = True
                    self.consume_message_service = ConsumeMessageOrderlyService(self, listener)
                elif isinstance(listener, MessageListenerConcurrently):
                    self.consume_orderly = False
                    self.consume_message_service = ConsumeMessageConcurrentlyService(self, listener)
                    # Java 5.3.3 also creates a ConsumeMessagePopOrderlyService for an orderly listener, which
                    # it never uses: RebalancePushImpl.client_rebalance is True for orderly consumers
                    self.consume_message_pop_service = ConsumeMessagePopConcurrentlyService(self, listener)
                    self.consume_message_pop_service.start()
                self.consume_message_service.start()  # type: ignore[union-attr]
                if not consumer.is_client_rebalance() and (
                        self.consume_orderly or consumer.get_message_model() is MessageModel.BROADCASTING):
                    log.info("the consumer [%s] is %s: client_rebalance False has no effect, it rebalances in the "
                             "client and pulls (Java 5.3.3 has no POP for it); use a concurrent listener and "
                             "CLUSTERING for POP", consumer.get_consumer_group(),
                             "orderly" if self.consume_orderly else "broadcasting")
                if not factory.register_consumer(consumer.get_consumer_group(), self):
                    self.service_state = ServiceState.CREATE_JUST
                    self.consume_message_service.shutdown(  # type: ignore[union-attr]
                        consumer.get_await_termination_millis_when_shutdown())
                    if self.consume_message_pop_service is not None:
                        self.consume_message_pop_service.shutdown(
                            consumer.get_await_termination_millis_when_shutdown())
                    raise MQClientException("The consumer group[" + consumer.get_consumer_group()
                                            + "] has been created before, specify another name please."
                                            + FAQUrl.suggest_todo(FAQUrl.GROUP_NAME_DUPLICATE_URL), None)
                factory.start()
                log.info("the consumer [%s] start OK.", consumer.get_consumer_group())
                self.service_state = ServiceState.RUNNING
            else:
                raise MQClientException("The PushConsumer service state not OK, maybe started once, " + state.name
                                        + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK) + state.next_step(), None)
        self.update_topic_subscribe_info_when_subscription_changed()
        self.mq_client_factory.check_client_in_broker()  # type: ignore[union-attr]
        self.mq_client_factory.send_heartbeat_to_all_broker_with_lock()  # type: ignore[union-attr]
        self.mq_client_factory.rebalance_immediately()  # type: ignore[union-attr]

    def check_config(self) -> None:
        """Java ``checkConfig``: Java's rules and messages."""
        consumer = self.default_mq_push_consumer
        Validators.check_group(consumer.get_consumer_group())
        if consumer.get_consumer_group() is None:
            raise MQClientException(_not_ok("consumerGroup is null"), None)
        if consumer.get_consumer_group() == MixAll.DEFAULT_CONSUMER_GROUP:
            raise MQClientException(_not_ok("consumerGroup can not equal " + MixAll.DEFAULT_CONSUMER_GROUP
                                            + ", please specify another one."), None)
        if consumer.get_message_model() is None:
            raise MQClientException(_not_ok("messageModel is null"), None)
        if consumer.get_consume_from_where() is None:
            raise MQClientException(_not_ok("consumeFromWhere is null"), None)
        consume_timestamp = consumer.get_consume_timestamp()
        if consume_timestamp is None or UtilAll.parse_date(consume_timestamp, UtilAll.YYYYMMDDHHMMSS) is None:
            raise MQClientException("consumeTimestamp is invalid, the valid format is yyyyMMddHHmmss,but received "
                                    + str(consume_timestamp) + " "
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_PARAMETER_CHECK_URL), None)
        if consumer.get_allocate_message_queue_strategy() is None:
            raise MQClientException(_not_ok("allocateMessageQueueStrategy is null"), None)
        if consumer.get_subscription() is None:
            raise MQClientException(_not_ok("subscription is null"), None)
        listener = consumer.get_message_listener()
        if listener is None:
            raise MQClientException(_not_ok("messageListener is null",
                                            "call register_message_listener(listener) before start()."), None)
        if not isinstance(listener, (MessageListenerOrderly, MessageListenerConcurrently)):
            raise MQClientException(_not_ok("messageListener must be instanceof MessageListenerOrderly or "
                                            "MessageListenerConcurrently"), None)
        self._check_range(consumer.get_consume_thread_min(), 1, 1000, "consumeThreadMin Out of range [1, 1000]")
        self._check_range(consumer.get_consume_thread_max(), 1, 1000, "consumeThreadMax Out of range [1, 1000]")
        if consumer.get_consume_thread_min() > consumer.get_consume_thread_max():
            raise MQClientException("consumeThreadMin (" + str(consumer.get_consume_thread_min()) + ") "
                                    + "is larger than consumeThreadMax (" + str(consumer.get_consume_thread_max())
                                    + ")", None)
        self._check_range(consumer.get_consume_concurrently_max_span(), 1, 65535,
                          "consumeConcurrentlyMaxSpan Out of range [1, 65535]")
        self._check_range(consumer.get_pull_threshold_for_queue(), 1, 65535,
                          "pullThresholdForQueue Out of range [1, 65535]")
        if consumer.get_pull_threshold_for_topic() != -1:
            self._check_range(consumer.get_pull_threshold_for_topic(), 1, 6553500,
                              "pullThresholdForTopic Out of range [1, 6553500]")
        self._check_range(consumer.get_pull_threshold_size_for_queue(), 1, 1024,
                          "pullThresholdSizeForQueue Out of range [1, 1024]")
        if consumer.get_pull_threshold_size_for_topic() != -1:
            self._check_range(consumer.get_pull_threshold_size_for_topic(), 1, 102400,
                              "pullThresholdSizeForTopic Out of range [1, 102400]")
        self._check_range(consumer.get_pull_interval(), 0, 65535, "pullInterval Out of range [0, 65535]")
        self._check_range(consumer.get_consume_message_batch_max_size(), 1, 1024,
                          "consumeMessageBatchMaxSize Out of range [1, 1024]")
        self._check_range(consumer.get_pull_batch_size(), 1, 1024, "pullBatchSize Out of range [1, 1024]")
        self._check_range(consumer.get_pop_invisible_time(), MIN_POP_INVISIBLE_TIME, MAX_POP_INVISIBLE_TIME,
                          "popInvisibleTime Out of range [%d, %d]" % (MIN_POP_INVISIBLE_TIME, MAX_POP_INVISIBLE_TIME))
        self._check_range(consumer.get_pop_batch_nums(), 1, 32, "popBatchNums Out of range [1, 32]")

    @staticmethod
    def _check_range(value: int, low: int, high: int, message: str) -> None:
        if value < low or value > high:
            raise MQClientException(_not_ok(message), None)

    def copy_subscription(self) -> None:
        """Java ``copySubscription``: the consumer's subscription map, the listener, and (clustering) the
        ``%RETRY%<group>`` subscription."""
        consumer = self.default_mq_push_consumer
        try:
            subscription_inner = self.rebalance_impl.get_subscription_inner()
            for topic, sub_string in (consumer.get_subscription() or {}).items():
                subscription_inner[topic] = FilterAPI.build_subscription_data(topic, sub_string)
            if self.message_listener_inner is None:
                self.message_listener_inner = consumer.get_message_listener()
            if consumer.get_message_model() is _CLUSTERING:
                retry_topic = MixAll.get_retry_topic(consumer.get_consumer_group())
                subscription_inner[retry_topic] = FilterAPI.build_subscription_data(retry_topic,
                                                                                    SubscriptionData.SUB_ALL)
        except Exception as e:
            raise MQClientException("subscription exception", e) from e

    def update_topic_subscribe_info_when_subscription_changed(self) -> None:
        """Java ``updateTopicSubscribeInfoWhenSubscriptionChanged``: refresh the route of every subscribed topic."""
        for topic in list(self.get_subscription_inner().keys()):
            self.mq_client_factory.update_topic_route_info_from_name_server(topic)  # type: ignore[union-attr]

    def get_subscription_inner(self) -> Dict[str, SubscriptionData]:
        """Java ``getSubscriptionInner``."""
        return self.rebalance_impl.get_subscription_inner()

    # ------------------------------------------------------------------ subscriptions

    def subscribe(self, topic: str, sub_expression: Optional[str]) -> None:
        """Java ``subscribe(topic, subExpression)``: a tag expression (``"TagA || TagB"``, ``*``)."""
        try:
            self.rebalance_impl.get_subscription_inner()[topic] = FilterAPI.build_subscription_data(topic,
                                                                                                   sub_expression)
        except Exception as e:
            raise MQClientException("subscription exception", e) from e
        if self.mq_client_factory is not None:
            self.mq_client_factory.send_heartbeat_to_all_broker_with_lock()

    def subscribe_class_filter(self, topic: str, full_class_name: str, filter_class_source: str) -> None:
        """Java ``subscribe(topic, fullClassName, filterClassSource)`` (the deprecated class filter)."""
        try:
            subscription_data = FilterAPI.build_subscription_data(topic, "*")
            subscription_data.set_sub_string(full_class_name)
            subscription_data.set_class_filter_mode(True)
            subscription_data.set_filter_class_source(filter_class_source)
            self.rebalance_impl.get_subscription_inner()[topic] = subscription_data
        except Exception as e:
            raise MQClientException("subscription exception", e) from e
        if self.mq_client_factory is not None:
            self.mq_client_factory.send_heartbeat_to_all_broker_with_lock()

    def subscribe_selector(self, topic: str, message_selector: Optional["MessageSelector"]) -> None:
        """Java ``subscribe(topic, MessageSelector)``: tag or SQL92 expression (None subscribes to all)."""
        if message_selector is None:
            self.subscribe(topic, SubscriptionData.SUB_ALL)
            return
        try:
            subscription_data = FilterAPI.build(topic, message_selector.get_expression(),
                                                message_selector.get_expression_type())
            self.rebalance_impl.get_subscription_inner()[topic] = subscription_data
        except Exception as e:
            raise MQClientException("subscription exception", e) from e
        if self.mq_client_factory is not None:
            self.mq_client_factory.send_heartbeat_to_all_broker_with_lock()

    def unsubscribe(self, topic: str) -> None:
        """Java ``unsubscribe``."""
        self.rebalance_impl.get_subscription_inner().pop(topic, None)

    def update_consume_offset(self, mq: "MessageQueue", offset: int) -> None:
        """Java ``updateConsumeOffset``."""
        self.offset_store.update_offset(mq, offset, False)  # type: ignore[union-attr]

    def update_core_pool_size(self, core_pool_size: int) -> None:
        """Java ``updateCorePoolSize``."""
        self.consume_message_service.update_core_pool_size(core_pool_size)  # type: ignore[union-attr]

    def reset_offset_by_time_stamp(self, time_stamp: int) -> None:
        """Java ``resetOffsetByTimeStamp``: every subscribed queue to the offset of ``time_stamp``."""
        for topic in list(self.rebalance_impl.get_subscription_inner().keys()):
            mqs = self.rebalance_impl.get_topic_subscribe_info_table().get(topic)
            if mqs:
                offset_table = {mq: self.search_offset(mq, time_stamp) for mq in mqs}
                self._factory().reset_offset(topic, self.group_name(), offset_table)

    # ------------------------------------------------------------------ MQConsumerInner

    def group_name(self) -> str:
        return self.default_mq_push_consumer.get_consumer_group()

    def message_model(self) -> MessageModel:
        return self.default_mq_push_consumer.get_message_model()

    def consume_type(self) -> ConsumeType:
        return ConsumeType.CONSUME_PASSIVELY

    def consume_from_where(self) -> "ConsumeFromWhere":
        return self.default_mq_push_consumer.get_consume_from_where()

    def subscriptions(self) -> Set[SubscriptionData]:
        return set(self.rebalance_impl.get_subscription_inner().values())

    def do_rebalance(self) -> None:
        """Java ``doRebalance``: unless suspended."""
        if not self.pause:
            self.rebalance_impl.do_rebalance(self.consume_orderly)

    def persist_consumer_offset(self) -> None:
        """Java ``persistConsumerOffset``: persist the offsets of the assigned queues (errors are logged)."""
        try:
            self.make_sure_state_ok()
            mqs = set(self.rebalance_impl.get_process_queue_table().keys())
            self.offset_store.persist_all(mqs)  # type: ignore[union-attr]
        except Exception:
            log.error("group: %s persistConsumerOffset exception", self.default_mq_push_consumer.get_consumer_group(),
                      exc_info=True)

    def update_topic_subscribe_info(self, topic: str, info: Set["MessageQueue"]) -> None:
        if topic in self.get_subscription_inner():
            self.rebalance_impl.get_topic_subscribe_info_table()[topic] = info

    def is_subscribe_topic_need_update(self, topic: str) -> bool:
        if topic in self.get_subscription_inner():
            return topic not in self.rebalance_impl.get_topic_subscribe_info_table()
        return False

    def is_unit_mode(self) -> bool:
        return self.default_mq_push_consumer.is_unit_mode()

    def consumer_running_info(self) -> ConsumerRunningInfo:
        """Java ``consumerRunningInfo``: the consumer's settings, subscriptions, process queues and stats."""
        info = ConsumerRunningInfo()
        prop = MixAll.object2properties(self.default_mq_push_consumer)
        prop[ConsumerRunningInfo.PROP_CONSUME_ORDERLY] = "true" if self.consume_orderly else "false"
        prop[ConsumerRunningInfo.PROP_THREADPOOL_CORE_SIZE] = str(
            self.consume_message_service.get_core_pool_size())  # type: ignore[union-attr]
        prop[ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP] = str(self.consumer_start_timestamp)
        info.set_properties(prop)
        sub_set = self.subscriptions()
        info.get_subscription_set().update(sub_set)
        for mq, pq in list(self.rebalance_impl.get_process_queue_table().items()):
            pq_info = ProcessQueueInfo()
            pq_info.set_commit_offset(self.offset_store.read_offset(  # type: ignore[union-attr]
                mq, ReadOffsetType.MEMORY_FIRST_THEN_STORE))
            pq.fill_process_queue_info(pq_info)
            info.get_mq_table()[mq] = pq_info
        pop_table = {}
        for mq, pop_pq in list(self.rebalance_impl.get_pop_process_queue_table().items()):
            pop_pq_info = PopProcessQueueInfo()
            pop_pq.fill_pop_process_queue_info(pop_pq_info)
            pop_table[mq] = pop_pq_info
        if pop_table:
            info.set_mq_pop_table(pop_table)
        stats = self._factory().get_consumer_stats_manager()
        for sd in sub_set:
            info.get_status_table()[sd.get_topic()] = stats.consume_status(self.group_name(), sd.get_topic())
        return info

    def set_service_state(self, service_state: ServiceState) -> None:
        """Java ``setServiceState`` (deprecated there)."""
        with self._lock:
            self.service_state = service_state

    def adjust_thread_pool(self) -> None:
        """Java ``adjustThreadPool``: grow or shrink the consume pool by the accumulated backlog (the services'
        inc/dec are no-ops in 4.9.x, as in Java)."""
        compute_acc_total = self._compute_accumulation_total()
        threshold = self.default_mq_push_consumer.get_adjust_thread_pool_nums_threshold()
        if compute_acc_total >= int(threshold * 1.0):
            self.consume_message_service.inc_core_pool_size()  # type: ignore[union-attr]
        if compute_acc_total < int(threshold * 0.8):
            self.consume_message_service.dec_core_pool_size()  # type: ignore[union-attr]

    def _compute_accumulation_total(self) -> int:
        return sum(pq.get_msg_acc_cnt() for pq in list(self.rebalance_impl.get_process_queue_table().values()))

    def query_consume_time_span(self, topic: str) -> List["QueueTimeSpan"]:
        """Java ``queryConsumeTimeSpan``: QUERY_CONSUME_TIME_SPAN on every broker of ``topic``."""
        api = self._factory().get_mq_client_api_impl()
        route_data = api.get_topic_route_info_from_name_server(topic, 3000)
        queue_time_span: List["QueueTimeSpan"] = []
        for broker_data in route_data.get_broker_datas():
            addr = cast(str, broker_data.select_broker_addr())  # a broker of a route has an address
            queue_time_span.extend(api.query_consume_time_span(addr, topic, self.group_name(), 3000))
        return queue_time_span

    def reset_retry_and_namespace(self, msgs: List["MessageExt"], consumer_group: str) -> None:
        """Java ``resetRetryAndNamespace``: a message of the group's retry topic gets its RETRY_TOPIC back as topic;
        the namespace is stripped from every topic."""
        group_topic = MixAll.RETRY_GROUP_TOPIC_PREFIX + consumer_group
        namespace = self.default_mq_push_consumer.get_namespace()
        for msg in msgs:
            retry_topic = msg.get_property(_PROPERTY_RETRY_TOPIC)
            if retry_topic is not None and group_topic == msg.get_topic():
                msg.set_topic(retry_topic)
            if namespace:
                msg.set_topic(NamespaceUtil.without_namespace(msg.get_topic(), namespace))
