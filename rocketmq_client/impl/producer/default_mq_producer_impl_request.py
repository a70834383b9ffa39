"""The request/reply and transaction parts of Java ``DefaultMQProducerImpl`` (a base class of
:class:`~rocketmq_client.impl.producer.default_mq_producer_impl.DefaultMQProducerImpl`, split for size)."""
from __future__ import annotations

import logging
import time
import uuid
from typing import TYPE_CHECKING, Any, List, Optional

from rocketmq_client.common.client_error_code import ClientErrorCode
from rocketmq_client.exception import MQClientException, RequestTimeoutException
from rocketmq_client.hook.end_transaction_context import EndTransactionContext
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.producer.mq_producer_inner import MQProducerInner
from rocketmq_client.impl.producer.send_args import DEFAULT, QUEUE, parse_send_args
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.request_future_holder import RequestFutureHolder
from rocketmq_client.producer.request_response_future import RequestResponseFuture
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_send_result import TransactionSendResult
from rocketmq_client.validators import Validators
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.protocol.header.end_transaction_request_header import EndTransactionRequestHeader
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor, executor_submitter

if TYPE_CHECKING:
    from rocketmq_client.hook.end_transaction_hook import EndTransactionHook
    from rocketmq_client.producer.send_result import SendResult
    from rocketmq_client.producer.transaction_listener import TransactionListener
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.protocol.header.check_transaction_state_request_header import \
        CheckTransactionStateRequestHeader

__all__ = ["ProducerRequestAndTransactionSupport"]

log = logging.getLogger(__name__)

_TRANSACTION_FLAGS = {
    LocalTransactionState.COMMIT_MESSAGE: MessageSysFlag.TRANSACTION_COMMIT_TYPE,
    LocalTransactionState.ROLLBACK_MESSAGE: MessageSysFlag.TRANSACTION_ROLLBACK_TYPE,
    LocalTransactionState.UNKNOW: MessageSysFlag.TRANSACTION_NOT_TYPE,
}


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

    def __init__(self, future: RequestResponseFuture, owner: "ProducerRequestAndTransactionSupport") -> None:
        self._future = future
        self._owner = owner

    def on_success(self, send_result: "SendResult") -> None:
        self._future.set_send_request_ok(True)

    def on_exception(self, e: BaseException) -> None:
        self._future.set_cause(e)
        self._owner._request_fail(self._future.get_correlation_id())


class ProducerRequestAndTransactionSupport(MQProducerInner):
    """Request/reply (``request`` and its overloads) and transactions (``send_message_in_transaction``,
    ``end_transaction``, ``check_transaction_state``) of DefaultMQProducerImpl."""

    def __init__(self) -> None:
        self._end_transaction_hook_list: "List[EndTransactionHook]" = []
        self._check_executor: Any = None
        self._own_check_executor: Optional[ThreadPoolExecutor] = None

    # the DefaultMQProducerImpl provides these
    _default_mq_producer: Any

    # ------------------------------------------------------------------ end-transaction hooks

    def register_end_transaction_hook(self, hook: "EndTransactionHook") -> None:
        """Java ``registerEndTransactionHook``."""
        self._end_transaction_hook_list.append(hook)
        log.info("register endTransaction Hook, %s", hook.hook_name())

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

    # ------------------------------------------------------------------ transactions

    def init_transaction_env(self) -> None:
        """Java ``initTransactionEnv``: the TransactionMQProducer's executor, else a pool of
        ``check_thread_pool_min_size``..``check_thread_pool_max_size`` threads over a queue of
        ``check_request_hold_max`` check requests."""
        producer = self._default_mq_producer
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
        broker_name = send_result.get_message_queue().get_broker_name()
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

    # ------------------------------------------------------------------ request/reply

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
