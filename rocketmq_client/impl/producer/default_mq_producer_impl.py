"""Java ``org.apache.rocketmq.client.impl.producer.DefaultMQProducerImpl``: the producer engine behind
:class:`~rocketmq_client.producer.default_mq_producer.DefaultMQProducer` (life cycle, queue selection, retries,
the async sender pool, compression, hooks, transactions and request/reply)."""
from __future__ import annotations

import logging
import os
import time
import uuid
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set, cast

from rocketmq_client.common.client_error_code import ClientErrorCode
from rocketmq_client.exception import MQBrokerException, MQClientException, RequestTimeoutException
from rocketmq_client.hook.check_forbidden_context import CheckForbiddenContext
from rocketmq_client.hook.end_transaction_context import EndTransactionContext
from rocketmq_client.hook.send_message_context import SendMessageContext
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.impl.producer.mq_producer_inner import MQProducerInner
from rocketmq_client.impl.producer.send_args import DEFAULT, QUEUE, parse_send_args
from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
from rocketmq_client.latency.mq_fault_strategy import MQFaultStrategy
from rocketmq_client.latency.resolver import Resolver
from rocketmq_client.latency.service_detector import ServiceDetector
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.request_future_holder import RequestFutureHolder
from rocketmq_client.producer.request_response_future import RequestResponseFuture
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_send_result import TransactionSendResult
from rocketmq_client.validators import Validators
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_type import MessageType
from rocketmq_common.mix_all import MixAll
from rocketmq_common.producer.recall_message_handle import DecoderException, RecallMessageHandle
from rocketmq_common.protocol.header.end_transaction_request_header import EndTransactionRequestHeader
from rocketmq_common.protocol.header.recall_message_request_header import RecallMessageRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeader
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.service_state import ServiceState
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_remoting.common.bean import Bean, MapOf, Prop
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.semaphore import Semaphore
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor, executor_submitter
from rocketmq_remoting.exception import (
    RemotingConnectException,
    RemotingException,
    RemotingTimeoutException,
    RemotingTooMuchRequestException,
)

if TYPE_CHECKING:
    from rocketmq_client.hook.check_forbidden_hook import CheckForbiddenHook
    from rocketmq_client.hook.end_transaction_hook import EndTransactionHook
    from rocketmq_client.hook.send_message_hook import SendMessageHook
    from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
    from rocketmq_client.producer.send_result import SendResult
    from rocketmq_client.producer.transaction_listener import TransactionListener
    from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.protocol.header.check_transaction_state_request_header import (
        CheckTransactionStateRequestHeader,
    )
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["DefaultMQProducerImpl"]

log = logging.getLogger(__name__)

#: Java: the async sender pool's LinkedBlockingQueue capacity
ASYNC_SENDER_QUEUE_CAPACITY = 50000

#: Java 5.3.3: the least in-flight async sends and bytes the back-pressure semaphores allow
MIN_BACK_PRESSURE_NUM = 10
MIN_BACK_PRESSURE_SIZE = 1024 * 1024


def _elapsed_millis(begin: float) -> float:
    return (time.monotonic() - begin) * 1000.0


def _java_array(items: List[Optional[str]]) -> str:
    """Java ``Arrays.toString`` of a String array."""
    return "[" + ", ".join("null" if item is None else item for item in items) + "]"


_TRANSACTION_FLAGS = {
    LocalTransactionState.COMMIT_MESSAGE: MessageSysFlag.TRANSACTION_COMMIT_TYPE,
    LocalTransactionState.ROLLBACK_MESSAGE: MessageSysFlag.TRANSACTION_ROLLBACK_TYPE,
    LocalTransactionState.UNKNOW: MessageSysFlag.TRANSACTION_NOT_TYPE,
}


def _resize(semaphore: Semaphore, available: int) -> None:
    """Make ``available`` permits of ``semaphore`` free now (see ``set_semaphore_async_send_num``)."""
    delta = available - semaphore.available_permits()
    if delta > 0:
        semaphore.release(delta)
    elif delta < 0:
        semaphore.reduce_permits(-delta)


def _now_millis() -> int:
    return int(time.time() * 1000)


def _java_to_string(e: BaseException) -> str:
    """Java ``Throwable.toString``: ``ClassName: message``."""
    text = str(e)
    return "%s: %s" % (type(e).__name__, text) if text else type(e).__name__


class _SyncRequestSendCallback(SendCallback):
    """The send callback of the blocking ``request`` forms: a failed send releases the waiter at once."""

    __slots__ = ("_future",)

    def __init__(self, future: RequestResponseFuture) -> None:
        self._future = future

    def on_success(self, send_result: "SendResult") -> None:
        self._future.set_send_request_ok(True)

    def on_exception(self, e: BaseException) -> None:
        future = self._future
        future.set_send_request_ok(False)
        future.put_response_message(None)
        future.set_cause(e)


class _AsyncRequestSendCallback(SendCallback):
    """The send callback of the ``request(..., request_callback, timeout)`` forms: a failed send ends the request
    with ``request_callback.on_exception``; the reply itself is delivered by ClientRemotingProcessor."""

    __slots__ = ("_future", "_owner")

    def __init__(self, future: RequestResponseFuture, owner: "DefaultMQProducerImpl") -> None:
        self._future = future
        self._owner = owner

    def on_success(self, send_result: "SendResult") -> None:
        self._future.set_send_request_ok(True)

    def on_exception(self, e: BaseException) -> None:
        self._future.set_cause(e)
        self._owner._request_fail(self._future.get_correlation_id())


class BackpressureSendCallBack(SendCallback):
    """Java 5.3.3 ``DefaultMQProducerImpl.BackpressureSendCallBack``: wraps the application's callback of an async
    send and returns the back-pressure permits the send took (one of the count, ``msg_len`` of the size) before
    reporting, so that the limit counts the sends whose answer is still awaited."""

    __slots__ = ("_impl", "send_callback", "msg_len", "is_semaphore_async_num_acquired",
                 "is_semaphore_async_size_acquired")

    def __init__(self, impl: "DefaultMQProducerImpl", send_callback: "SendCallback") -> None:
        self._impl = impl
        self.send_callback = send_callback
        self.msg_len = 0
        self.is_semaphore_async_num_acquired = False
        self.is_semaphore_async_size_acquired = False

    def on_success(self, send_result: "SendResult") -> None:
        self.semaphore_processor()
        self.send_callback.on_success(send_result)

    def on_exception(self, e: BaseException) -> None:
        self.semaphore_processor()
        self.send_callback.on_exception(e)

    def semaphore_processor(self) -> None:
        """Java ``semaphoreProcessor``: release what was acquired, once."""
        if self.is_semaphore_async_size_acquired:
            self.is_semaphore_async_size_acquired = False
            self._impl.semaphore_async_send_size.release(self.msg_len)
        if self.is_semaphore_async_num_acquired:
            self.is_semaphore_async_num_acquired = False
            self._impl.semaphore_async_send_num.release()


class DefaultMQProducerImpl(MQProducerInner, Bean):
    """See the module docstring. Implements ``MQProducerInner`` for the client instance."""

    # (fields Java keeps private; a MapOf Prop is a Prop[Any]: the annotation gives its reads their type)
    topic_publish_info_table: Prop[Dict[str, TopicPublishInfo]] = Prop(MapOf(str, TopicPublishInfo), {})
    service_state = Prop(ServiceState, ServiceState.CREATE_JUST)
    #: set by ``start``
    mq_client_factory = Prop(MQClientInstance)
    mq_fault_strategy = Prop(MQFaultStrategy, required=True)

    def get_topic_publish_info_table(self) -> Dict[str, TopicPublishInfo]: return self.topic_publish_info_table
    def set_topic_publish_info_table(self, topic_publish_info_table: Dict[str, TopicPublishInfo]) -> None:
        self.topic_publish_info_table = topic_publish_info_table
    def get_service_state(self) -> ServiceState: return self.service_state
    def set_service_state(self, service_state: ServiceState) -> None: self.service_state = service_state
    def get_mq_client_factory(self) -> MQClientInstance: return self.mq_client_factory
    def set_mq_client_factory(self, mq_client_factory: Optional[MQClientInstance]) -> None:
        self.mq_client_factory = mq_client_factory
    def get_mq_fault_strategy(self) -> MQFaultStrategy: return self.mq_fault_strategy
    def set_mq_fault_strategy(self, mq_fault_strategy: Optional[MQFaultStrategy]) -> None:
        self.mq_fault_strategy = mq_fault_strategy

    def __init__(self, default_mq_producer: "DefaultMQProducer", rpc_hook: "Optional[RPCHook]" = None) -> None:
        super().__init__()  # the declared defaults
        self._default_mq_producer = default_mq_producer
        self._rpc_hook = rpc_hook
        self._send_message_hook_list: "List[SendMessageHook]" = []
        self._check_forbidden_hook_list: "List[CheckForbiddenHook]" = []
        self._end_transaction_hook_list: "List[EndTransactionHook]" = []
        self._check_executor: Any = None
        self._own_check_executor: Optional[ThreadPoolExecutor] = None
        threads = os.cpu_count() or 1
        # threads are started on demand: a producer that never sends asynchronously has none
        self._default_async_sender_executor = ThreadPoolExecutor(threads, threads, ASYNC_SENDER_QUEUE_CAPACITY,
                                                                 "AsyncSenderExecutor_")
        self._async_sender_executor: Any = None
        self._init_back_pressure()
        self.service_state = ServiceState.CREATE_JUST
        self.mq_client_factory = None
        self.mq_fault_strategy = MQFaultStrategy(default_mq_producer.clone_client_config(),
                                                 _PublishResolver(self), _MaxOffsetServiceDetector(self))

    def register_check_forbidden_hook(self, check_forbidden_hook: "CheckForbiddenHook") -> None:
        """Java ``registerCheckForbiddenHook``."""
        self._check_forbidden_hook_list.append(check_forbidden_hook)
        log.info("register a new checkForbiddenHook. hookName=%s, allHookSize=%d", check_forbidden_hook.hook_name(),
                 len(self._check_forbidden_hook_list))

    def init_transaction_env(self) -> None:
        """Java ``initTransactionEnv``: the TransactionMQProducer's executor, else a pool of
        ``check_thread_pool_min_size``..``check_thread_pool_max_size`` threads over a queue of
        ``check_request_hold_max`` check requests."""
        producer = cast("TransactionMQProducer", self._default_mq_producer)  # Java casts the same way
        if producer.get_executor_service() is not None:
            self._check_executor = producer.get_executor_service()
        else:
            self._own_check_executor = ThreadPoolExecutor(producer.get_check_thread_pool_min_size(),
                                                          producer.get_check_thread_pool_max_size(),
                                                          producer.get_check_request_hold_max(),
                                                          "TransactionCheckExecutor_")
            self._check_executor = self._own_check_executor

    def destroy_transaction_env(self) -> None:
        """Java ``destroyTransactionEnv``: shut the check executor down (waiting for the pool this producer
        created)."""
        if self._check_executor is not None:
            self._check_executor.shutdown()
        if self._own_check_executor is not None:
            self._own_check_executor.await_termination(5.0)

    def register_send_message_hook(self, hook: "SendMessageHook") -> None:
        """Java ``registerSendMessageHook``: ``send_message_before`` / ``send_message_after`` around each send."""
        self._send_message_hook_list.append(hook)
        log.info("register sendMessage Hook, %s", hook.hook_name())

    def register_end_transaction_hook(self, hook: "EndTransactionHook") -> None:
        """Java ``registerEndTransactionHook``."""
        self._end_transaction_hook_list.append(hook)
        log.info("register endTransaction Hook, %s", hook.hook_name())

    def start(self, start_factory: bool = True) -> None:
        """Java ``start``: CREATE_JUST -> RUNNING (START_FAILED while starting, which a failure leaves behind);
        any other state raises "The producer service state not OK, maybe started once, ..."."""
        producer = self._default_mq_producer
        state = self.service_state
        if state == ServiceState.CREATE_JUST:
            self.service_state = ServiceState.START_FAILED
            self._check_config()
            if producer.get_producer_group() != MixAll.CLIENT_INNER_PRODUCER_GROUP:
                producer.change_instance_name_to_pid()
            factory = MQClientManager.get_instance().get_or_create_mq_client_instance(producer, self._rpc_hook)
            self.mq_client_factory = factory
            producer.init_produce_accumulator()
            if not factory.register_producer(producer.get_producer_group(), self):
                self.service_state = ServiceState.CREATE_JUST
                raise MQClientException("The producer group[%s] has been created before, specify another name "
                                        "please." % producer.get_producer_group()
                                        + FAQUrl.suggest_todo(FAQUrl.GROUP_NAME_DUPLICATE_URL), None)
            self.topic_publish_info_table[producer.get_create_topic_key()] = TopicPublishInfo()
            if start_factory:
                factory.start()
            self.mq_fault_strategy.start_detector()
            log.info("the producer [%s] start OK. sendMessageWithVIPChannel=%s", producer.get_producer_group(),
                     producer.is_send_message_with_vip_channel())
            self.service_state = ServiceState.RUNNING
        elif state in (ServiceState.RUNNING, ServiceState.START_FAILED, ServiceState.SHUTDOWN_ALREADY):
            raise MQClientException("The producer service state not OK, maybe started once, " + state.name
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK) + state.next_step(), None)
        self.mq_client_factory.send_heartbeat_to_all_broker_with_lock()  # type: ignore[union-attr]
        RequestFutureHolder.get_instance().start_scheduled_task(self)

    def _check_config(self) -> None:
        group = self._default_mq_producer.get_producer_group()
        Validators.check_group(group)
        if group == MixAll.DEFAULT_PRODUCER_GROUP:
            raise MQClientException("producerGroup can not equal " + MixAll.DEFAULT_PRODUCER_GROUP
                                    + ", please specify another one.", None)

    def shutdown(self, shutdown_factory: bool = True) -> None:
        """Java ``shutdown``: unregister the group, stop the default async sender pool, shut the client instance
        down (it stays up while other producers or consumers use it) and leave the request/reply sweep."""
        if self.service_state == ServiceState.RUNNING:
            factory = self.mq_client_factory
            assert factory is not None
            factory.unregister_producer(self._default_mq_producer.get_producer_group())
            self._default_async_sender_executor.shutdown()
            if shutdown_factory:
                factory.shutdown()
            self.mq_fault_strategy.shutdown()
            RequestFutureHolder.get_instance().shutdown(self)
            # Java does not wait; queued tasks fail fast once the instance is down, so this is short
            self._default_async_sender_executor.await_termination(self._default_mq_producer.get_send_msg_timeout()
                                                                  / 1000.0)
            log.info("the producer [%s] shutdown OK", self._default_mq_producer.get_producer_group())
            self.service_state = ServiceState.SHUTDOWN_ALREADY

    def get_publish_topic_list(self) -> Set[str]:
        return set(self.topic_publish_info_table)

    def is_publish_topic_need_update(self, topic: str) -> bool:
        prev = self.topic_publish_info_table.get(topic)
        return prev is None or not prev.ok()

    def check_listener(self) -> None:
        """Java ``checkListener``: the deprecated TransactionCheckListener, which this client does not support."""
        return None

    def get_check_listener(self) -> "Optional[TransactionListener]":
        """Java ``getCheckListener``: the TransactionMQProducer's TransactionListener, else None."""
        getter = getattr(self._default_mq_producer, "get_transaction_listener", None)
        return getter() if getter is not None else None

    def check_transaction_state(self, addr: str, msg: "MessageExt",
                                header: "CheckTransactionStateRequestHeader") -> None:
        """Java ``checkTransactionState``: on the check executor, ask the TransactionListener and answer with
        END_TRANSACTION (``fromTransactionCheck=true``) one-way to the broker that asked."""
        if self._check_executor is None:
            log.warning("CheckTransactionState for group[%s], but the producer is not a started "
                        "TransactionMQProducer", self._default_mq_producer.get_producer_group())
            return
        executor_submitter(self._check_executor)(self._check_transaction_state_task, addr, msg, header,
                                                 self._default_mq_producer.get_producer_group())

    def _check_transaction_state_task(self, broker_addr: str, message: "MessageExt",
                                      check_request_header: "CheckTransactionStateRequestHeader", group: str) -> None:
        transaction_listener = self.get_check_listener()
        if transaction_listener is None:
            log.warning("CheckTransactionState, pick transactionCheckListener by group[%s] failed", group)
            return
        local_transaction_state = LocalTransactionState.UNKNOW
        exception: Optional[BaseException] = None
        try:
            local_transaction_state = transaction_listener.check_local_transaction(message)
        except Exception as e:
            log.error("Broker call checkTransactionState, but checkLocalTransactionState exception", exc_info=True)
            exception = e
        if local_transaction_state is None:
            local_transaction_state = LocalTransactionState.UNKNOW

        this_header = EndTransactionRequestHeader()
        this_header.set_commit_log_offset(check_request_header.get_commit_log_offset())
        this_header.set_producer_group(group)
        this_header.set_tran_state_table_offset(check_request_header.get_tran_state_table_offset())
        this_header.set_from_transaction_check(True)
        this_header.set_bname(check_request_header.get_bname())
        unique_key = (message.get_properties() or {}).get(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX)
        if unique_key is None:
            unique_key = message.get_msg_id()
        this_header.set_msg_id(unique_key)
        this_header.set_transaction_id(check_request_header.get_transaction_id())
        this_header.set_commit_or_rollback(_TRANSACTION_FLAGS[local_transaction_state])
        if local_transaction_state is LocalTransactionState.ROLLBACK_MESSAGE:
            log.warning("when broker check, client rollback this transaction, %s", this_header)
        elif local_transaction_state is LocalTransactionState.UNKNOW:
            log.warning("when broker check, client does not know this transaction state, %s", this_header)

        remark = None
        if exception is not None:
            remark = "checkLocalTransactionState Exception: " + RemotingHelper.exception_simple_desc(exception)
        self.do_execute_end_transaction_hook(message, unique_key, broker_addr, local_transaction_state, True)
        try:
            self._factory().get_mq_client_api_impl().end_transaction_oneway(broker_addr, this_header, remark, 3000)
        except Exception:
            log.error("endTransactionOneway exception", exc_info=True)

    def update_topic_publish_info(self, topic: str, info: TopicPublishInfo) -> None:
        if info is not None and topic is not None:
            prev = self.topic_publish_info_table.get(topic)
            self.topic_publish_info_table[topic] = info
            if prev is not None:
                log.info("updateTopicPublishInfo prev is not null, %s", prev)

    def is_unit_mode(self) -> bool:
        return self._default_mq_producer.is_unit_mode()

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0,
                     attributes: Optional[Dict[str, str]] = None) -> None:
        """Java ``createTopic``; ``attributes`` go to :meth:`MQAdminImpl.create_topic` (Java 5.3.3 passes null)."""
        self.make_sure_state_ok()
        Validators.check_topic(new_topic)
        Validators.is_system_topic(new_topic)
        self._factory().get_mq_admin_impl().create_topic(key, new_topic, queue_num, topic_sys_flag, attributes)

    def make_sure_state_ok(self) -> None:
        """Java ``makeSureStateOK`` (private there): raise unless RUNNING."""
        if self.service_state != ServiceState.RUNNING:
            raise MQClientException("The producer service state not OK, " + self.service_state.name
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK)
                                    + self.service_state.next_step(), None)

    def fetch_publish_message_queues(self, topic: str) -> List[MessageQueue]:
        """Java ``fetchPublishMessageQueues``."""
        self.make_sure_state_ok()
        return self._factory().get_mq_admin_impl().fetch_publish_message_queues(topic)

    def search_offset(self, mq: MessageQueue, timestamp: int) -> int:
        """Java ``searchOffset``."""
        self.make_sure_state_ok()
        return self._factory().get_mq_admin_impl().search_offset(mq, timestamp)

    def max_offset(self, mq: MessageQueue) -> int:
        """Java ``maxOffset``."""
        self.make_sure_state_ok()
        return self._factory().get_mq_admin_impl().max_offset(mq)

    def min_offset(self, mq: MessageQueue) -> int:
        """Java ``minOffset``."""
        self.make_sure_state_ok()
        return self._factory().get_mq_admin_impl().min_offset(mq)

    def earliest_msg_store_time(self, mq: MessageQueue) -> int:
        """Java ``earliestMsgStoreTime``."""
        self.make_sure_state_ok()
        return self._factory().get_mq_admin_impl().earliest_msg_store_time(mq)

    def view_message(self, msg_id: str) -> "MessageExt":
        """Java ``viewMessage`` (by offset message id)."""
        self.make_sure_state_ok()
        return self._factory().get_mq_admin_impl().view_message(msg_id)

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> Any:
        """Java ``queryMessage``: a QueryResult."""
        self.make_sure_state_ok()
        return self._factory().get_mq_admin_impl().query_message(topic, key, max_num, begin, end)

    def query_message_by_uniq_key(self, topic: str, uniq_key: str) -> "Optional[MessageExt]":
        """Java ``queryMessageByUniqKey``."""
        self.make_sure_state_ok()
        return self._factory().get_mq_admin_impl().query_message_by_uniq_key(topic, uniq_key)

    # ------------------------------------------------------------------ async back-pressure (Java 5.3.3)

    def _init_back_pressure(self) -> None:
        """Java 5.3.3's constructor: the (fair there) semaphores of in-flight async sends and bytes, at least 10
        sends and 1 MiB."""
        producer = self._default_mq_producer
        num = producer.get_back_pressure_for_async_send_num()
        size = producer.get_back_pressure_for_async_send_size()
        if num <= MIN_BACK_PRESSURE_NUM:
            log.info("semaphoreAsyncSendNum can not be smaller than 10.")
        if size <= MIN_BACK_PRESSURE_SIZE:
            log.info("semaphoreAsyncSendSize can not be smaller than 1M.")
        self.semaphore_async_send_num = Semaphore(max(num, MIN_BACK_PRESSURE_NUM))
        self.semaphore_async_send_size = Semaphore(max(size, MIN_BACK_PRESSURE_SIZE))

    def set_semaphore_async_send_num(self, num: int) -> None:
        """Java ``setSemaphoreAsyncSendNum``: ``num`` permits available now. Java replaces the semaphore (its
        read/write lock keeps acquirers off meanwhile); here the live one is adjusted, so that waiting sends keep
        waiting on it and sends in flight return their permits to it."""
        _resize(self.semaphore_async_send_num, num)

    def set_semaphore_async_send_size(self, size: int) -> None:
        """Java ``setSemaphoreAsyncSendSize`` (see :meth:`set_semaphore_async_send_num`)."""
        _resize(self.semaphore_async_send_size, size)

    def get_semaphore_async_send_num_available_permits(self) -> int:
        """Java ``getSemaphoreAsyncSendNumAvailablePermits``."""
        return self.semaphore_async_send_num.available_permits()

    def get_semaphore_async_send_size_available_permits(self) -> int:
        """Java ``getSemaphoreAsyncSendSizeAvailablePermits``."""
        return self.semaphore_async_send_size.available_permits()

    def _acquire_back_pressure(self, msg: Message, callback: BackpressureSendCallBack, timeout: float,
                               begin: float) -> bool:
        """Java ``executeAsyncMessageSend``'s acquisition: one permit of the count, then the body's length (1
        without a body) of the size, each waiting what is left of ``timeout``; when one is not had in time the
        callback gets RemotingTooMuchRequestException and False is returned (nothing is sent)."""
        body = msg.get_body()
        callback.msg_len = 1 if body is None else len(body)
        left = timeout - _elapsed_millis(begin)
        callback.is_semaphore_async_num_acquired = left > 0 and self.semaphore_async_send_num.try_acquire(
            1, left / 1000.0)
        if not callback.is_semaphore_async_num_acquired:
            callback.on_exception(RemotingTooMuchRequestException("send message tryAcquire semaphoreAsyncNum timeout"))
            return False
        left = timeout - _elapsed_millis(begin)
        callback.is_semaphore_async_size_acquired = left > 0 and self.semaphore_async_send_size.try_acquire(
            callback.msg_len, left / 1000.0)
        if not callback.is_semaphore_async_size_acquired:
            callback.on_exception(RemotingTooMuchRequestException(
                "send message tryAcquire semaphoreAsyncSize timeout"))
            return False
        return True

    def send_async_default(self, msg: Message, send_callback: "SendCallback", timeout: int) -> None:
        """Java ``send(msg, sendCallback, timeout)``: on the async sender pool, with what is left of ``timeout``."""
        callback = BackpressureSendCallBack(self, send_callback)
        self._execute_async(self._async_default_task, msg, callback, timeout, msg, callback, timeout,
                            time.monotonic())

    def _async_default_task(self, msg: Message, send_callback: "SendCallback", timeout: int, begin: float) -> None:
        cost = _elapsed_millis(begin)
        if timeout > cost:
            try:
                self.send_default_impl(msg, CommunicationMode.ASYNC, send_callback, timeout - cost)
            except Exception as e:
                send_callback.on_exception(e)
        else:
            send_callback.on_exception(RemotingTooMuchRequestException("DEFAULT ASYNC send call timeout"))

    def _execute_async(self, task: Any, msg: Message, send_callback: BackpressureSendCallBack, timeout: int,
                       *args: Any) -> None:
        """Java ``executeAsyncMessageSend``: with back-pressure enabled (5.3.3), take its permits first (waiting up
        to ``timeout``, ``args[-1]`` being the send's start), then submit ``task(*args)`` to the async sender
        executor. When the executor refuses (its queue is full or it is shut down) the task runs here with
        back-pressure, else the callback gets an MQClientException at once (Java throws it from ``send``)."""
        backpressure = self._default_mq_producer.is_enable_backpressure_for_async_mode()
        if backpressure and not self._acquire_back_pressure(msg, send_callback, timeout, args[-1]):
            return
        executor = self.get_async_sender_executor()
        try:
            executor_submitter(executor)(task, *args)
        except RuntimeError as e:  # RejectedExecutionException, or concurrent.futures after shutdown
            if backpressure:
                task(*args)
                return
            send_callback.on_exception(MQClientException(
                "executor rejected the async send: the async sender executor is saturated or shut down (%s)"
                % (executor,), e))

    def select_one_message_queue(self, tp_info: TopicPublishInfo, last_broker_name: Optional[str],
                                 reset_index: bool) -> Optional[MessageQueue]:
        """Java 5.3.3 ``selectOneMessageQueue``: through the MQFaultStrategy (``reset_index`` on a retry)."""
        return self.mq_fault_strategy.select_one_message_queue(tp_info, last_broker_name, reset_index)

    def update_fault_item(self, broker_name: str, current_latency: float, isolation: bool, reachable: bool) -> None:
        """Java 5.3.3 ``updateFaultItem``: report a send's latency (``isolation``: it failed; ``reachable``: the
        broker answered) to the fault strategy."""
        self.mq_fault_strategy.update_fault_item(broker_name, int(current_latency), isolation, reachable)

    def _validate_name_server_setting(self) -> None:
        ns_list = self._factory().get_mq_client_api_impl().get_name_server_address_list()
        if not ns_list:
            raise MQClientException("No name server address, please set it."
                                    + FAQUrl.suggest_todo(FAQUrl.NAME_SERVER_ADDR_NOT_EXIST_URL)
                                    + "\nNext step: pass namesrv_addr='host:port[;host:port]' to the producer "
                                    "or set NAMESRV_ADDR.",
                                    None).set_response_code(ClientErrorCode.NO_NAME_SERVER_EXCEPTION)

    def send_default_impl(self, msg: Message, communication_mode: CommunicationMode,
                          send_callback: "Optional[SendCallback]", timeout: float) -> "Optional[SendResult]":
        """Java ``sendDefaultImpl`` (private there): choose a queue per attempt (avoiding the broker of the previous
        one), ``1 + retryTimesWhenSendFailed`` attempts for SYNC, 1 otherwise, all within ``timeout`` ms."""
        self.make_sure_state_ok()
        producer = self._default_mq_producer
        Validators.check_message(msg, producer)
        begin_timestamp_first = time.monotonic()
        topic_publish_info = self.try_to_find_topic_publish_info(msg.topic)
        if topic_publish_info is not None and topic_publish_info.ok():
            call_timeout = False
            mq: Optional[MessageQueue] = None
            exception: Optional[BaseException] = None
            send_result: "Optional[SendResult]" = None
            times_total = (1 + producer.retry_times_when_send_failed if communication_mode is CommunicationMode.SYNC
                           else 1)
            brokers_sent: List[Optional[str]] = [None] * times_total
            for times in range(times_total):
                last_broker_name = None if mq is None else mq.broker_name
                mq_selected = self.select_one_message_queue(topic_publish_info, last_broker_name, times > 0)
                if mq_selected is None:
                    break
                mq = mq_selected
                brokers_sent[times] = mq.broker_name
                begin_timestamp_prev = time.monotonic()
                try:
                    if times > 0:
                        # reset the topic with namespace for the resend
                        msg.set_topic(producer.with_namespace(msg.topic))
                    cost_time = (begin_timestamp_prev - begin_timestamp_first) * 1000.0
                    if timeout < cost_time:
                        call_timeout = True
                        break
                    send_result = self.send_kernel_impl(msg, mq, communication_mode, send_callback,
                                                        topic_publish_info, timeout - cost_time)
                    self.update_fault_item(mq.broker_name, _elapsed_millis(begin_timestamp_prev), False, True)
                    if communication_mode is not CommunicationMode.SYNC:  # ASYNC, ONEWAY
                        return None
                    if (send_result.send_status is not SendStatus.SEND_OK  # type: ignore[union-attr]
                            and producer.retry_another_broker_when_not_store_ok):
                        continue
                    return send_result
                except MQClientException as e:
                    self._log_send_failure(e, begin_timestamp_prev, mq, msg, False, True)
                    exception = e
                    continue
                except RemotingException as e:
                    # with the detector the broker is unreachable until a probe finds it answering, else isolated
                    self._log_send_failure(e, begin_timestamp_prev, mq, msg, True,
                                           not self.mq_fault_strategy.is_start_detector_enable())
                    exception = e
                    continue
                except MQBrokerException as e:
                    self._log_send_failure(e, begin_timestamp_prev, mq, msg, True, False)
                    exception = e
                    if e.get_response_code() in producer.retry_response_codes:
                        continue
                    if send_result is not None:
                        return send_result
                    raise
            else:
                times = times_total  # (Java's for loop leaves its counter there)

            if send_result is not None:
                return send_result
            info = "Send [%d] times, still failed, cost [%d]ms, Topic: %s, BrokersSent: %s" % (
                times, _elapsed_millis(begin_timestamp_first), msg.topic, _java_array(brokers_sent))
            mq_client_exception = MQClientException(info + FAQUrl.suggest_todo(FAQUrl.SEND_MSG_FAILED), exception)
            if call_timeout:
                raise RemotingTooMuchRequestException("sendDefaultImpl call timeout")
            if isinstance(exception, MQBrokerException):
                mq_client_exception.set_response_code(exception.get_response_code())
            elif isinstance(exception, RemotingConnectException):
                mq_client_exception.set_response_code(ClientErrorCode.CONNECT_BROKER_EXCEPTION)
            elif isinstance(exception, RemotingTimeoutException):
                mq_client_exception.set_response_code(ClientErrorCode.ACCESS_BROKER_TIMEOUT)
            elif isinstance(exception, MQClientException):
                mq_client_exception.set_response_code(ClientErrorCode.BROKER_NOT_EXIST_EXCEPTION)
            raise mq_client_exception

        self._validate_name_server_setting()
        raise MQClientException("No route info of this topic: " + msg.topic
                                + FAQUrl.suggest_todo(FAQUrl.NO_TOPIC_ROUTE_INFO)
                                + "\nNext step: create the topic (rocketmq updateTopic -n <namesrv> -c <cluster> -t "
                                + msg.topic + ", or the broker's autoCreateTopicEnable=true) and check namesrv_addr.",
                                None).set_response_code(ClientErrorCode.NOT_FOUND_TOPIC_EXCEPTION)

    def _log_send_failure(self, e: BaseException, begin: float, mq: MessageQueue, msg: Message, isolation: bool,
                          reachable: bool) -> None:
        """The catch blocks of Java 5.3.3 ``sendDefaultImpl``: report the failure to the fault strategy, log it and
        the message."""
        latency = _elapsed_millis(begin)
        self.update_fault_item(mq.broker_name, latency, isolation, reachable)
        log.warning("sendKernelImpl exception, resend at once, RT: %dms, Broker: %s, %s: %s", latency, mq,
                    type(e).__name__, e)
        log.warning("%s", msg)

    def try_to_find_topic_publish_info(self, topic: str) -> Optional[TopicPublishInfo]:
        """Java ``tryToFindTopicPublishInfo`` (private there): the cached publish info, else the route from the
        name server, else the ``createTopicKey`` (TBW102) template route."""
        topic_publish_info = self.topic_publish_info_table.get(topic)
        if topic_publish_info is None or not topic_publish_info.ok():
            self.topic_publish_info_table.setdefault(topic, TopicPublishInfo())
            self._factory().update_topic_route_info_from_name_server(topic)
            topic_publish_info = self.topic_publish_info_table.get(topic)
        if topic_publish_info is not None and (topic_publish_info.have_topic_router_info or topic_publish_info.ok()):
            return topic_publish_info
        self._factory().update_topic_route_info_from_name_server(topic, True, self._default_mq_producer)
        return self.topic_publish_info_table.get(topic)

    def send_kernel_impl(self, msg: Message, mq: MessageQueue, communication_mode: CommunicationMode,
                         send_callback: "Optional[SendCallback]", topic_publish_info: Optional[TopicPublishInfo],
                         timeout: float) -> "Optional[SendResult]":
        """Java ``sendKernelImpl`` (private there): one attempt to the master of ``mq``'s broker (5.3.3: for a
        static topic's logical queue, the broker of its current leader, which ``bname`` names)."""
        begin_start_time = time.monotonic()
        factory = self._factory()
        producer = self._default_mq_producer
        broker_name = factory.get_broker_name_from_message_queue(mq)
        broker_addr = factory.find_broker_address_in_publish(broker_name)
        if broker_addr is None:
            self.try_to_find_topic_publish_info(mq.topic)
            broker_name = factory.get_broker_name_from_message_queue(mq)
            broker_addr = factory.find_broker_address_in_publish(broker_name)

        context: Optional[SendMessageContext] = None
        if broker_addr is None:
            raise MQClientException("The broker[" + str(broker_name) + "] not exist", None)
        broker_addr = MixAll.broker_vip_channel(producer.vip_channel_enabled, broker_addr)
        prev_body = msg.body
        try:
            # for a MessageBatch, the ids were set when it was built
            if not isinstance(msg, MessageBatch):
                MessageClientIDSetter.set_uniq_id(msg)

            topic_with_namespace = False
            if factory.client_config.get_namespace() is not None:
                msg.set_instance_id(factory.client_config.get_namespace())  # type: ignore[arg-type]
                topic_with_namespace = True

            sys_flag = 0
            msg_body_compressed = False
            if self._try_to_compress_message(msg):
                sys_flag |= MessageSysFlag.COMPRESSED_FLAG
                sys_flag |= self._default_mq_producer.compress_type.get_compression_flag()
                msg_body_compressed = True

            tran_msg = msg.get_property(MessageConst.PROPERTY_TRANSACTION_PREPARED)
            if tran_msg is not None and tran_msg.lower() == "true":  # Boolean.parseBoolean
                sys_flag |= MessageSysFlag.TRANSACTION_PREPARED_TYPE

            if self.has_check_forbidden_hook():
                check_forbidden_context = CheckForbiddenContext()
                check_forbidden_context.set_name_srv_addr(producer.get_namesrv_addr())
                check_forbidden_context.set_group(producer.producer_group)
                check_forbidden_context.set_communication_mode(communication_mode)
                check_forbidden_context.set_broker_addr(broker_addr)
                check_forbidden_context.set_message(msg)
                check_forbidden_context.set_mq(mq)
                check_forbidden_context.set_unit_mode(self.is_unit_mode())
                self.execute_check_forbidden_hook(check_forbidden_context)

            if self.has_send_message_hook():
                context = self._new_send_message_context(msg, mq, communication_mode, broker_addr)
                self.execute_send_message_hook_before(context)

            request_header = SendMessageRequestHeader()
            request_header.producer_group = producer.producer_group
            request_header.topic = msg.topic
            request_header.default_topic = producer.create_topic_key
            request_header.default_topic_queue_nums = producer.default_topic_queue_nums
            request_header.queue_id = mq.queue_id
            request_header.sys_flag = sys_flag
            request_header.born_timestamp = int(time.time() * 1000)
            request_header.flag = msg.flag
            request_header.properties = MessageDecoder.message_properties2string(msg.properties)
            request_header.reconsume_times = 0
            request_header.unit_mode = self.is_unit_mode()
            request_header.batch = isinstance(msg, MessageBatch)
            request_header.bname = broker_name
            if request_header.topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                reconsume_times = MessageAccessor.get_reconsume_time(msg)
                if reconsume_times is not None:
                    request_header.reconsume_times = int(reconsume_times)
                    MessageAccessor.clear_property(msg, MessageConst.PROPERTY_RECONSUME_TIME)
                max_reconsume_times = MessageAccessor.get_max_reconsume_times(msg)
                if max_reconsume_times is not None:
                    request_header.max_reconsume_times = int(max_reconsume_times)
                    MessageAccessor.clear_property(msg, MessageConst.PROPERTY_MAX_RECONSUME_TIMES)

            if communication_mode is CommunicationMode.ASYNC:
                tmp_message = msg
                message_cloned = False
                if msg_body_compressed:
                    # the retries of the async send reuse tmp_message: it keeps the compressed body while the
                    # caller's message gets its own body back
                    tmp_message = MessageAccessor.clone_message(msg)
                    message_cloned = True
                    msg.set_body(prev_body)
                if topic_with_namespace:
                    if not message_cloned:
                        tmp_message = MessageAccessor.clone_message(msg)
                        message_cloned = True
                    msg.topic = NamespaceUtil.without_namespace(msg.topic, producer.get_namespace())
                cost_time_async = (time.monotonic() - begin_start_time) * 1000.0
                if timeout < cost_time_async:
                    raise RemotingTooMuchRequestException("sendKernelImpl call timeout")
                send_result = factory.mq_client_api_impl.send_message(
                    broker_addr, broker_name, tmp_message, request_header, timeout - cost_time_async,
                    communication_mode, send_callback, topic_publish_info, factory,
                    producer.retry_times_when_send_async_failed, context, self)
            else:  # ONEWAY, SYNC
                cost_time_sync = (time.monotonic() - begin_start_time) * 1000.0
                if timeout < cost_time_sync:
                    raise RemotingTooMuchRequestException("sendKernelImpl call timeout")
                send_result = factory.mq_client_api_impl.send_message(
                    broker_addr, broker_name, msg, request_header, timeout - cost_time_sync, communication_mode,
                    context=context, producer=self)

            if context is not None:
                context.set_send_result(send_result)
                self.execute_send_message_hook_after(context)
            return send_result
        except (RemotingException, MQBrokerException) as e:
            if context is not None:
                context.set_exception(e)
                self.execute_send_message_hook_after(context)
            raise
        finally:
            msg.body = prev_body
            msg.topic = NamespaceUtil.without_namespace(msg.topic, producer.get_namespace())

    def _new_send_message_context(self, msg: Message, mq: MessageQueue, communication_mode: CommunicationMode,
                                  broker_addr: str) -> SendMessageContext:
        producer = self._default_mq_producer
        context = SendMessageContext()
        context.set_producer(self)
        context.set_producer_group(producer.get_producer_group())
        context.set_communication_mode(communication_mode)
        context.set_born_host(producer.get_client_ip())
        context.set_broker_addr(broker_addr)
        context.set_message(msg)
        context.set_mq(mq)
        context.set_namespace(producer.get_namespace())
        if msg.get_property(MessageConst.PROPERTY_TRANSACTION_PREPARED) == "true":
            context.set_msg_type(MessageType.Trans_Msg_Half)
        if (msg.get_property("__STARTDELIVERTIME") is not None
                or msg.get_property(MessageConst.PROPERTY_DELAY_TIME_LEVEL) is not None):
            context.set_msg_type(MessageType.Delay_Msg)
        return context

    def _factory(self) -> "MQClientInstance":
        factory = self.mq_client_factory
        if factory is None:
            raise MQClientException("The producer service state not OK, " + self.service_state.name
                                    + FAQUrl.suggest_todo(FAQUrl.CLIENT_SERVICE_NOT_OK)
                                    + self.service_state.next_step(), None)
        return factory

    def _try_to_compress_message(self, msg: Message) -> bool:
        """Java ``tryToCompressMessage``: compress a body of at least ``compressMsgBodyOverHowmuch`` bytes (the
        compressed body is used even if larger; a batch is not compressed); on a compression error the body stays
        as it is."""
        if isinstance(msg, MessageBatch):
            return False
        body = msg.body
        if body is not None and len(body) >= self._default_mq_producer.compress_msg_body_over_howmuch:
            try:
                producer = self._default_mq_producer
                data = producer.get_compressor().compress(body, producer.compress_level)
            except IOError:
                log.error("tryToCompressMessage exception", exc_info=True)
                log.warning("%s", msg)
                return False
            if data is not None:
                msg.body = data
                return True
        return False

    def has_check_forbidden_hook(self) -> bool:
        return bool(self._check_forbidden_hook_list)

    def execute_check_forbidden_hook(self, context: CheckForbiddenContext) -> None:
        """Java ``executeCheckForbiddenHook``: a hook raising MQClientException forbids the send."""
        for hook in self._check_forbidden_hook_list:
            hook.check_forbidden(context)

    def has_send_message_hook(self) -> bool:
        return bool(self._send_message_hook_list)

    def execute_send_message_hook_before(self, context: SendMessageContext) -> None:
        for hook in self._send_message_hook_list:
            try:
                hook.send_message_before(context)
            except Exception:
                log.warning("failed to executeSendMessageHookBefore", exc_info=True)

    def execute_send_message_hook_after(self, context: SendMessageContext) -> None:
        for hook in self._send_message_hook_list:
            try:
                hook.send_message_after(context)
            except Exception:
                log.warning("failed to executeSendMessageHookAfter", exc_info=True)

    def has_end_transaction_hook(self) -> bool:
        return bool(self._end_transaction_hook_list)

    def execute_end_transaction_hook(self, context: EndTransactionContext) -> None:
        for hook in self._end_transaction_hook_list:
            try:
                hook.end_transaction(context)
            except Exception:
                log.warning("failed to executeEndTransactionHook", exc_info=True)

    def do_execute_end_transaction_hook(self, msg: Message, msg_id: Optional[str], broker_addr: Optional[str],
                                        state: LocalTransactionState, from_transaction_check: bool) -> None:
        """Java ``doExecuteEndTransactionHook``."""
        if self._end_transaction_hook_list:
            context = EndTransactionContext()
            context.set_producer_group(self._default_mq_producer.get_producer_group())
            context.set_broker_addr(broker_addr)
            context.set_message(msg)
            context.set_msg_id(msg_id)
            context.set_transaction_id(msg.get_transaction_id())
            context.set_transaction_state(state)
            context.set_from_transaction_check(from_transaction_check)
            self.execute_end_transaction_hook(context)

    def send_oneway(self, msg: Message) -> None:
        """Java ``sendOneway(msg)``."""
        try:
            self.send_default_impl(msg, CommunicationMode.ONEWAY, None,
                                   self._default_mq_producer.get_send_msg_timeout())
        except MQBrokerException as e:
            raise MQClientException("unknown exception", e) from e

    def send_oneway_to_queue(self, msg: Message, mq: MessageQueue) -> None:
        """Java ``sendOneway(msg, mq)``."""
        self.make_sure_state_ok()
        Validators.check_message(msg, self._default_mq_producer)
        try:
            self.send_kernel_impl(msg, mq, CommunicationMode.ONEWAY, None, None,
                                  self._default_mq_producer.get_send_msg_timeout())
        except MQBrokerException as e:
            raise MQClientException("unknown exception", e) from e

    def send_oneway_select(self, msg: Message, selector: Any, arg: Any) -> None:
        """Java ``sendOneway(msg, selector, arg)``."""
        try:
            self.send_select_impl(msg, selector, arg, CommunicationMode.ONEWAY, None,
                                  self._default_mq_producer.get_send_msg_timeout())
        except MQBrokerException as e:
            raise MQClientException("unknown exception", e) from e

    def send_to_queue(self, msg: Message, mq: MessageQueue, timeout: int) -> "SendResult":
        """Java ``send(msg, mq, timeout)``: to that queue, no retry."""
        begin = time.monotonic()
        self.make_sure_state_ok()
        Validators.check_message(msg, self._default_mq_producer)
        if msg.get_topic() != mq.get_topic():
            raise MQClientException("message's topic not equal mq's topic", None)
        if timeout < _elapsed_millis(begin):
            raise RemotingTooMuchRequestException("call timeout")
        return self.send_kernel_impl(msg, mq, CommunicationMode.SYNC, None, None, timeout)  # type: ignore[return-value]

    def send_to_queue_async(self, msg: Message, mq: MessageQueue, send_callback: "SendCallback",
                            timeout: int) -> None:
        """Java ``send(msg, mq, sendCallback, timeout)``."""
        callback = BackpressureSendCallBack(self, send_callback)
        self._execute_async(self._async_queue_task, msg, callback, timeout, msg, mq, callback, timeout,
                            time.monotonic())

    def _async_queue_task(self, msg: Message, mq: MessageQueue, send_callback: "SendCallback", timeout: int,
                          begin: float) -> None:
        try:
            self.make_sure_state_ok()
            Validators.check_message(msg, self._default_mq_producer)
            if msg.get_topic() != mq.get_topic():
                raise MQClientException("message's topic not equal mq's topic", None)
            cost = _elapsed_millis(begin)
            if timeout > cost:
                try:
                    self.send_kernel_impl(msg, mq, CommunicationMode.ASYNC, send_callback, None, timeout - cost)
                except MQBrokerException as e:
                    raise MQClientException("unknown exception", e) from e
            else:
                send_callback.on_exception(RemotingTooMuchRequestException("call timeout"))
        except Exception as e:
            send_callback.on_exception(e)

    def invoke_message_queue_selector(self, msg: Message, selector: Any, arg: Any, timeout: float) -> MessageQueue:
        """Java 5.3.3 ``invokeMessageQueueSelector``: the queue ``selector`` picks among the writable queues of
        ``msg``'s topic (topics without namespace), for a send to it directly or through the accumulator."""
        begin = time.monotonic()
        self.make_sure_state_ok()
        Validators.check_message(msg, self._default_mq_producer)
        topic_publish_info = self.try_to_find_topic_publish_info(msg.get_topic())
        if topic_publish_info is not None and topic_publish_info.ok():
            factory = self._factory()
            try:
                message_queue_list = factory.get_mq_admin_impl().parse_publish_message_queues(
                    topic_publish_info.get_message_queue_list())
                user_message = MessageAccessor.clone_message(msg)
                user_message.topic = NamespaceUtil.without_namespace(
                    user_message.topic, factory.get_client_config().get_namespace())
                selected = selector.select(message_queue_list, user_message, arg)
                mq = factory.get_client_config().queue_with_namespace(selected) if selected is not None else None
            except Exception as e:
                raise MQClientException("select message queue threw exception.", e) from e
            if timeout < _elapsed_millis(begin):
                raise RemotingTooMuchRequestException("sendSelectImpl call timeout")
            if mq is None:
                raise MQClientException("select message queue return null.", None)
            return mq
        self._validate_name_server_setting()
        raise MQClientException("No route info for this topic, " + msg.get_topic(), None)

    def send_select_impl(self, msg: Message, selector: Any, arg: Any, communication_mode: CommunicationMode,
                         send_callback: "Optional[SendCallback]", timeout: float) -> "Optional[SendResult]":
        """Java ``sendSelectImpl`` (private there): the queue of :meth:`invoke_message_queue_selector` (Java's
        same steps); one attempt, no retry on another queue."""
        begin = time.monotonic()
        mq = self.invoke_message_queue_selector(msg, selector, arg, timeout)
        return self.send_kernel_impl(msg, mq, communication_mode, send_callback, None,
                                     timeout - _elapsed_millis(begin))

    def send_select_async(self, msg: Message, selector: Any, arg: Any, send_callback: "SendCallback",
                          timeout: int) -> None:
        """Java ``send(msg, selector, arg, sendCallback, timeout)``."""
        callback = BackpressureSendCallBack(self, send_callback)
        self._execute_async(self._async_select_task, msg, callback, timeout, msg, selector, arg, callback, timeout,
                            time.monotonic())

    def _async_select_task(self, msg: Message, selector: Any, arg: Any, send_callback: "SendCallback",
                           timeout: int, begin: float) -> None:
        cost = _elapsed_millis(begin)
        if timeout > cost:
            try:
                try:
                    self.send_select_impl(msg, selector, arg, CommunicationMode.ASYNC, send_callback, timeout - cost)
                except MQBrokerException as e:
                    raise MQClientException("unknown exception", e) from e
            except Exception as e:
                send_callback.on_exception(e)
        else:
            send_callback.on_exception(RemotingTooMuchRequestException("call timeout"))

    def send_message_in_transaction(self, msg: Message, arg: Any) -> TransactionSendResult:
        """Java ``sendMessageInTransaction``: send the half message (``TRAN_MSG=true``, ``PGROUP``), run the local
        transaction when it is stored, then END_TRANSACTION with its outcome."""
        transaction_listener = self.get_check_listener()
        if transaction_listener is None:
            raise MQClientException("tranExecutor is null", None)
        if msg.get_delay_time_level() != 0:  # transactional messages ignore the delay level
            MessageAccessor.clear_property(msg, MessageConst.PROPERTY_DELAY_TIME_LEVEL)
        producer = self._default_mq_producer
        Validators.check_message(msg, producer)
        MessageAccessor.put_property(msg, MessageConst.PROPERTY_TRANSACTION_PREPARED, "true")
        MessageAccessor.put_property(msg, MessageConst.PROPERTY_PRODUCER_GROUP, producer.get_producer_group())
        try:
            send_result = self.send_default_impl(msg, CommunicationMode.SYNC, None, producer.get_send_msg_timeout())
        except Exception as e:
            raise MQClientException("send message Exception", e) from e

        local_transaction_state = LocalTransactionState.UNKNOW
        local_exception: Optional[BaseException] = None
        assert send_result is not None  # a SYNC send returns its result or raises
        status = send_result.get_send_status()
        if status is SendStatus.SEND_OK:
            try:
                if send_result.get_transaction_id() is not None:
                    msg.put_user_property("__transactionId__", send_result.get_transaction_id())
                transaction_id = msg.get_property(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX)
                if transaction_id:
                    msg.set_transaction_id(transaction_id)
                local_transaction_state = transaction_listener.execute_local_transaction(msg, arg)
                if local_transaction_state is None:
                    local_transaction_state = LocalTransactionState.UNKNOW
                if local_transaction_state is not LocalTransactionState.COMMIT_MESSAGE:
                    log.info("executeLocalTransactionBranch return %s", local_transaction_state)
                    log.info("%s", msg)
            except Exception as e:
                log.info("executeLocalTransactionBranch exception", exc_info=True)
                log.info("%s", msg)
                local_exception = e
        elif status in (SendStatus.FLUSH_DISK_TIMEOUT, SendStatus.FLUSH_SLAVE_TIMEOUT,
                        SendStatus.SLAVE_NOT_AVAILABLE):
            local_transaction_state = LocalTransactionState.ROLLBACK_MESSAGE

        try:
            self.end_transaction(msg, send_result, local_transaction_state, local_exception)
        except Exception:
            log.warning("local transaction execute %s, but end broker transaction failed", local_transaction_state,
                        exc_info=True)

        result = TransactionSendResult()
        result.set_send_status(send_result.get_send_status())
        result.set_message_queue(send_result.get_message_queue())
        result.set_msg_id(send_result.get_msg_id())
        result.set_queue_offset(send_result.get_queue_offset())
        result.set_transaction_id(send_result.get_transaction_id())
        result.set_local_transaction_state(local_transaction_state)
        return result

    def end_transaction(self, msg: Message, send_result: "SendResult", local_transaction_state: LocalTransactionState,
                        local_exception: Optional[BaseException]) -> None:
        """Java ``endTransaction``: END_TRANSACTION one-way to the master of the half message's broker, with the
        offsets of the send result."""
        message_id = MessageDecoder.decode_message_id(send_result.get_offset_msg_id()
                                                      if send_result.get_offset_msg_id() is not None
                                                      else send_result.get_msg_id())
        broker_name = self._factory().get_broker_name_from_message_queue(
            self._default_mq_producer.queue_with_namespace(send_result.get_message_queue()))
        broker_addr = self._factory().find_broker_address_in_publish(broker_name)
        request_header = EndTransactionRequestHeader()
        request_header.set_transaction_id(send_result.get_transaction_id())
        request_header.set_commit_log_offset(message_id.offset)
        request_header.set_bname(broker_name)
        request_header.set_commit_or_rollback(_TRANSACTION_FLAGS[local_transaction_state])
        self.do_execute_end_transaction_hook(msg, send_result.get_msg_id(), broker_addr, local_transaction_state,
                                             False)
        request_header.set_producer_group(self._default_mq_producer.get_producer_group())
        request_header.set_tran_state_table_offset(send_result.get_queue_offset())
        request_header.set_msg_id(send_result.get_msg_id())
        remark = ("executeLocalTransactionBranch exception: " + _java_to_string(local_exception)
                  if local_exception is not None else None)
        self._factory().get_mq_client_api_impl().end_transaction_oneway(
            broker_addr, request_header, remark, self._default_mq_producer.get_send_msg_timeout())

    def recall_message(self, topic: str, recall_handle: Optional[str]) -> str:
        """Java 5.3.3 ``recallMessage``: RECALL_MESSAGE to the broker named in ``recall_handle`` (a
        ``SendResult.get_recall_handle()`` of a delayed message of ``topic``), so the message is never delivered;
        the message's unique key. MQClientException for a bad topic or handle (before any request) or an unknown
        broker; MQBrokerException with the broker's code otherwise (e.g. ILLEGAL_OPERATION once the message's
        time has passed)."""
        self.make_sure_state_ok()
        Validators.check_topic(topic)
        if NamespaceUtil.is_retry_topic(topic) or NamespaceUtil.is_dlq_topic(topic):
            raise MQClientException("topic is not supported", None)
        try:
            handle = RecallMessageHandle.decode_handle(recall_handle)
        except DecoderException as e:
            raise MQClientException("%s: pass the SendResult.get_recall_handle() of a delayed message "
                                    "unchanged" % e, None) from e
        assert isinstance(handle, RecallMessageHandle.HandleV1)  # the only version decode_handle returns
        self.try_to_find_topic_publish_info(topic)
        factory = self._factory()
        broker_addr = factory.find_broker_address_in_publish(handle.get_broker_name())
        # another address supports several proxy endpoints (Java's comment: may fail without a proxy while the
        # broker is briefly unavailable)
        broker_addr = broker_addr or factory.find_broker_addr_by_topic(topic)
        if not broker_addr:
            log.warning("can't find broker service address. %s", handle.get_broker_name())
            raise MQClientException("The broker service address not found: no route of topic %s reaches broker "
                                    "%s (check the topic and the name server)" % (topic, handle.get_broker_name()),
                                    None)
        request_header = RecallMessageRequestHeader()
        request_header.set_producer_group(self._default_mq_producer.get_producer_group())
        request_header.set_topic(topic)
        request_header.set_recall_handle(recall_handle)
        request_header.set_bname(handle.get_broker_name())
        return factory.get_mq_client_api_impl().recall_message(broker_addr, request_header,
                                                               self._default_mq_producer.get_send_msg_timeout())

    def set_callback_executor(self, callback_executor: Any) -> None:
        """Java ``setCallbackExecutor``: run async send callbacks on ``callback_executor`` (needs a started
        producer, as in Java)."""
        self._factory().get_mq_client_api_impl().get_remoting_client().set_callback_executor(callback_executor)

    def get_async_sender_executor(self) -> Any:
        """Java ``getAsyncSenderExecutor``: the user's executor, else the default pool."""
        return self._async_sender_executor if self._async_sender_executor is not None \
            else self._default_async_sender_executor

    def set_async_sender_executor(self, async_sender_executor: Any) -> None:
        """Java ``setAsyncSenderExecutor``: a ThreadPoolExecutor or any concurrent.futures.Executor."""
        self._async_sender_executor = async_sender_executor

    def request(self, msg: Message, *args: Any) -> Optional[Message]:
        """Java's ``request`` overloads, each ending with the timeout (ms): ``(msg, timeout)``,
        ``(msg, request_callback, timeout)``, ``(msg, selector, arg[, request_callback], timeout)``,
        ``(msg, mq[, request_callback], timeout)``. The blocking forms return the reply message or raise
        RequestTimeoutException; the callback forms return None at once."""
        form = parse_send_args("request", args)
        if form.timeout is None:
            raise TypeError("request(msg, ...) needs the timeout in milliseconds as its last argument, as in Java")
        timeout = form.timeout
        begin = _now_millis()
        self._prepare_send_request(msg, timeout)
        correlation_id = msg.get_property(MessageConst.PROPERTY_CORRELATION_ID)
        table = RequestFutureHolder.get_instance().get_request_future_table()
        future = RequestResponseFuture(correlation_id, timeout, form.callback)  # type: ignore[arg-type]
        table[correlation_id] = future  # type: ignore[index]
        blocking = form.callback is None
        try:
            send_callback: SendCallback = (_SyncRequestSendCallback(future) if blocking
                                           else _AsyncRequestSendCallback(future, self))
            cost = _now_millis() - begin
            if form.kind == DEFAULT:
                self.send_default_impl(msg, CommunicationMode.ASYNC, send_callback, timeout - cost)
            elif form.kind == QUEUE:
                assert form.mq is not None  # the QUEUE form carries its queue
                self.send_kernel_impl(msg, form.mq, CommunicationMode.ASYNC, send_callback, None, timeout - cost)
            else:
                self.send_select_impl(msg, form.selector, form.arg, CommunicationMode.ASYNC, send_callback,
                                      timeout - cost)
            if blocking:
                return self._wait_response(msg, timeout, future, cost)
            return None
        finally:
            if blocking:
                table.pop(correlation_id, None)  # type: ignore[arg-type]

    def _wait_response(self, msg: Message, timeout: int, future: RequestResponseFuture, cost: int) -> Message:
        response_message = future.wait_response_message(timeout - cost)
        if response_message is None:
            if future.is_send_request_ok():
                raise RequestTimeoutException(ClientErrorCode.REQUEST_TIMEOUT_EXCEPTION,
                                              "send request message to <%s> OK, but wait reply message timeout, "
                                              "%d ms." % (msg.get_topic(), timeout))
            raise MQClientException("send request message to <%s> fail" % msg.get_topic(), future.get_cause())
        return response_message

    def _request_fail(self, correlation_id: str) -> None:
        future = RequestFutureHolder.get_instance().get_request_future_table().pop(correlation_id, None)
        if future is not None:
            future.set_send_request_ok(False)
            future.put_response_message(None)
            try:
                future.execute_request_callback()
            except Exception:
                log.warning("execute requestCallback in requestFail, and callback throw", exc_info=True)

    def _prepare_send_request(self, msg: Message, timeout: int) -> None:
        """Java ``prepareSendRequest``: ``CORRELATION_ID`` (a random UUID), ``REPLY_TO_CLIENT`` (our client id),
        ``TTL``; a topic without a cached route gets its route and a heartbeat first (the broker must know this
        client to push the reply)."""
        factory = self._factory()
        MessageAccessor.put_property(msg, MessageConst.PROPERTY_CORRELATION_ID, str(uuid.uuid4()))
        MessageAccessor.put_property(msg, MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT, factory.get_client_id())
        MessageAccessor.put_property(msg, MessageConst.PROPERTY_MESSAGE_TTL, str(timeout))
        if msg.get_topic() not in factory.get_topic_route_table():
            begin = _now_millis()
            self.try_to_find_topic_publish_info(msg.get_topic())
            factory.send_heartbeat_to_all_broker_with_lock()
            cost = _now_millis() - begin
            if cost > 500:
                log.warning("prepare send request for <%s> cost %d ms", msg.get_topic(), cost)

    def get_not_available_duration(self) -> List[int]:
        return self.mq_fault_strategy.get_not_available_duration()

    def set_not_available_duration(self, not_available_duration: List[int]) -> None:
        self.mq_fault_strategy.set_not_available_duration(not_available_duration)

    def get_latency_max(self) -> List[int]:
        return self.mq_fault_strategy.get_latency_max()

    def set_latency_max(self, latency_max: List[int]) -> None:
        self.mq_fault_strategy.set_latency_max(latency_max)

    def is_send_latency_fault_enable(self) -> bool:
        return self.mq_fault_strategy.is_send_latency_fault_enable()

    def set_send_latency_fault_enable(self, send_latency_fault_enable: bool) -> None:
        self.mq_fault_strategy.set_send_latency_fault_enable(send_latency_fault_enable)

    def get_default_mq_producer(self) -> "DefaultMQProducer":
        return self._default_mq_producer


class _PublishResolver(Resolver):
    """The Resolver of Java 5.3.3's ``DefaultMQProducerImpl`` constructor: a broker name's master address."""

    def __init__(self, impl: DefaultMQProducerImpl) -> None:
        self.impl = impl

    def resolve(self, name: str) -> Optional[str]:
        factory = self.impl.mq_client_factory
        return factory.find_broker_address_in_publish(name) if factory is not None else None


class _MaxOffsetServiceDetector(ServiceDetector):
    """The ServiceDetector of Java 5.3.3's ``DefaultMQProducerImpl`` constructor: a broker answers if it gives the
    max offset of queue 0 of one of the producer's topics within the timeout."""

    def __init__(self, impl: DefaultMQProducerImpl) -> None:
        self.impl = impl

    def detect(self, endpoint: str, timeout_millis: int) -> bool:
        topic = next(iter(list(self.impl.topic_publish_info_table)), None)
        factory = self.impl.mq_client_factory
        if topic is None or factory is None:
            return False
        try:
            mq = MessageQueue(topic=topic, queue_id=0)  # no broker name, as Java's
            factory.get_mq_client_api_impl().get_max_offset(endpoint, mq, timeout_millis)
            return True
        except Exception:
            return False
