"""Java ``org.apache.rocketmq.client.impl.MQClientAPIImpl``: every request the client sends to name servers and
brokers, with Java's headers, timeouts, response handling and exceptions.

Broker errors raise :class:`MQBrokerException` (code, remark, address), name-server errors and a few broker
answers :class:`MQClientException` (code, remark), transport failures a ``RemotingException`` subclass. The admin
requests live in :class:`MQClientAPIAdmin` (``mq_client_api_admin.py``), a base class of this one.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set

from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.consumer.pull_result_ext import PullResultExt
from rocketmq_client.impl.mq_client_api_admin import MQClientAPIAdmin
from rocketmq_client.impl.top_addressing import TopAddressing
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.lock_batch_response_body import LockBatchResponseBody
from rocketmq_common.protocol.header.consumer_send_msg_back_request_header import (
    ConsumerSendMsgBackRequestHeader,
)
from rocketmq_common.protocol.header.get_consumer_list_by_group_request_header import (
    GetConsumerListByGroupRequestHeader,
)
from rocketmq_common.protocol.header.get_consumer_list_by_group_response_body import (
    GetConsumerListByGroupResponseBody,
)
from rocketmq_common.protocol.header.get_earliest_msg_storetime_request_header import (
    GetEarliestMsgStoretimeRequestHeader,
    GetEarliestMsgStoretimeResponseHeader,
)
from rocketmq_common.protocol.header.get_max_offset_request_header import (
    GetMaxOffsetRequestHeader,
    GetMaxOffsetResponseHeader,
)
from rocketmq_common.protocol.header.get_min_offset_request_header import (
    GetMinOffsetRequestHeader,
    GetMinOffsetResponseHeader,
)
from rocketmq_common.protocol.header.pull_message_request_header import (
    PullMessageResponseHeader,
)
from rocketmq_common.protocol.header.query_consumer_offset_request_header import (
    QueryConsumerOffsetResponseHeader,
)
from rocketmq_common.protocol.header.search_offset_request_header import (
    SearchOffsetRequestHeader,
    SearchOffsetResponseHeader,
)
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeaderV2,
    SendMessageResponseHeader,
)
from rocketmq_common.protocol.header.unregister_client_request_header import (
    UnregisterClientRequestHeader,
)
from rocketmq_common.protocol.header.view_message_request_header import (
    ViewMessageRequestHeader,
)
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.rpchook.stream_type_rpc_hook import StreamTypeRPCHook
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.channel_event_listener import ChannelEventListener
from rocketmq_remoting.exception import RemotingTooMuchRequestException
from rocketmq_remoting.invoke_callback import InvokeCallback
from rocketmq_remoting.netty.netty_system_config import get_system_property, parse_bool
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.remoting_client import RemotingClient
from rocketmq_remoting.rpc_hook import RPCHook

if TYPE_CHECKING:
    from rocketmq_client.client_config import ClientConfig
    from rocketmq_client.consumer.pull_callback import PullCallback
    from rocketmq_client.consumer.pull_result import PullResult
    from rocketmq_client.hook.send_message_context import SendMessageContext
    from rocketmq_client.impl.client_remoting_processor import ClientRemotingProcessor
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
    from rocketmq_common.message.message import Message
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.protocol.body.lock_batch_request_body import (
        LockBatchRequestBody,
    )
    from rocketmq_common.protocol.body.unlock_batch_request_body import (
        UnlockBatchRequestBody,
    )
    from rocketmq_common.protocol.header.end_transaction_request_header import (
        EndTransactionRequestHeader,
    )
    from rocketmq_common.protocol.header.pull_message_request_header import (
        PullMessageRequestHeader,
    )
    from rocketmq_common.protocol.header.query_consumer_offset_request_header import (
        QueryConsumerOffsetRequestHeader,
    )
    from rocketmq_common.protocol.header.query_message_request_header import (
        QueryMessageRequestHeader,
    )
    from rocketmq_common.protocol.header.send_message_request_header import (
        SendMessageRequestHeader,
    )
    from rocketmq_common.protocol.header.update_consumer_offset_request_header import (
        UpdateConsumerOffsetRequestHeader,
    )
    from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
    from rocketmq_remoting.netty.netty_client_config import NettyClientConfig
    from rocketmq_remoting.netty.response_future import ResponseFuture

__all__ = ["MQClientAPIImpl"]

log = logging.getLogger(__name__)

_monotonic = time.monotonic
_header_v2 = SendMessageRequestHeaderV2.create_send_message_request_header_v2

#: Java ``org.apache.rocketmq.client.sendSmartMsg`` (default true: SEND_MESSAGE_V2 with one-letter header keys)
SEND_SMART_MSG = parse_bool(get_system_property("org.apache.rocketmq.client.sendSmartMsg",
                                                "ORG_APACHE_ROCKETMQ_CLIENT_SEND_SMART_MSG", "true"))

#: Java ``processSendResponse``'s switch: the codes of a stored message (any other raises MQBrokerException)
_SEND_STATUS_BY_CODE = {
    ResponseCode.FLUSH_DISK_TIMEOUT: SendStatus.FLUSH_DISK_TIMEOUT,
    ResponseCode.FLUSH_SLAVE_TIMEOUT: SendStatus.FLUSH_SLAVE_TIMEOUT,
    ResponseCode.SLAVE_NOT_AVAILABLE: SendStatus.SLAVE_NOT_AVAILABLE,
    ResponseCode.SUCCESS: SendStatus.SEND_OK,
}
_SYNC = CommunicationMode.SYNC
_ASYNC = CommunicationMode.ASYNC
_ONEWAY = CommunicationMode.ONEWAY
_PROPERTY_MESSAGE_TYPE = MessageConst.PROPERTY_MESSAGE_TYPE
_PROPERTY_MSG_REGION = MessageConst.PROPERTY_MSG_REGION
_PROPERTY_TRACE_SWITCH = MessageConst.PROPERTY_TRACE_SWITCH
_REPLY_MESSAGE_FLAG = MixAll.REPLY_MESSAGE_FLAG
_DEFAULT_TRACE_REGION_ID = MixAll.DEFAULT_TRACE_REGION_ID
_SEND_MESSAGE_V2 = RequestCode.SEND_MESSAGE_V2
_SEND_BATCH_MESSAGE = RequestCode.SEND_BATCH_MESSAGE
_create_request_command = RemotingCommand.create_request_command
_get_uniq_id = MessageClientIDSetter.get_uniq_id
_NO_EXT_FIELDS: Dict[str, str] = {}

_PULL_STATUS_BY_CODE = {
    ResponseCode.SUCCESS: PullStatus.FOUND,
    ResponseCode.PULL_NOT_FOUND: PullStatus.NO_NEW_MSG,
    ResponseCode.PULL_RETRY_IMMEDIATELY: PullStatus.NO_MATCHED_MSG,
    ResponseCode.PULL_OFFSET_MOVED: PullStatus.OFFSET_ILLEGAL,
}


def _now_millis() -> int:
    return int(time.time() * 1000)


class _SendCallbackInvoke(InvokeCallback):
    """Java's anonymous ``InvokeCallback`` of ``sendMessageAsync``."""

    __slots__ = ("api", "addr", "broker_name", "msg", "timeout_millis", "request", "send_callback",
                 "topic_publish_info", "instance", "retry_times_when_send_failed", "times", "context", "producer",
                 "begin")

    def __init__(self, api: "MQClientAPIImpl", addr: str, broker_name: str, msg: "Message", timeout_millis: int,
                 request: RemotingCommand, send_callback: Any, topic_publish_info: Optional["TopicPublishInfo"],
                 instance: Optional["MQClientInstance"], retry_times_when_send_failed: int,
                 times: "Optional[_AtomicInteger]",
                 context: Optional["SendMessageContext"], producer: Any, begin: float) -> None:
        self.api = api
        self.addr = addr
        self.broker_name = broker_name
        self.msg = msg
        self.timeout_millis = timeout_millis
        self.request = request
        self.send_callback = send_callback
        self.topic_publish_info = topic_publish_info
        self.instance = instance
        self.retry_times_when_send_failed = retry_times_when_send_failed
        self.times = times
        self.context = context
        self.producer = producer
        self.begin = begin

    def operation_complete(self, response_future: "ResponseFuture") -> None:
        # Java takes "cost" (what is left of the timeout for a retry) on entry; only failures use it, so it is
        # taken there (microseconds later), sparing each successful send a clock read
        response = response_future.get_response_command()
        send_callback = self.send_callback
        context = self.context
        producer = self.producer
        broker_name = self.broker_name
        if send_callback is None and response is not None:
            try:
                send_result = self.api._process_send_response(broker_name, self.msg, response, self.addr)
                if context is not None and send_result is not None:
                    context.set_send_result(send_result)
                    context.get_producer().execute_send_message_hook_after(context)
            except Exception:
                log.debug("async send without callback: the response could not be processed", exc_info=True)
            producer.update_fault_item(broker_name, _now_millis() - response_future.get_begin_timestamp(), False)
            return
        if response is not None:
            try:
                send_result = self.api._process_send_response(broker_name, self.msg, response, self.addr)
                if context is not None:
                    context.set_send_result(send_result)
                    context.get_producer().execute_send_message_hook_after(context)
                try:
                    send_callback.on_success(send_result)
                except Exception:
                    log.warning("SendCallback.on_success raised", exc_info=True)
                producer.update_fault_item(broker_name, _now_millis() - response_future.get_begin_timestamp(), False)
            except Exception as e:
                producer.update_fault_item(broker_name, _now_millis() - response_future.get_begin_timestamp(), True)
                self.api._on_exception_impl(broker_name, self.msg, self.timeout_millis - self._cost(), self.request,
                                            send_callback, self.topic_publish_info, self.instance,
                                            self.retry_times_when_send_failed, self.times, e, context, False, producer)
            return
        producer.update_fault_item(broker_name, _now_millis() - response_future.get_begin_timestamp(), True)
        if not response_future.is_send_request_ok():
            ex = MQClientException("send request failed", response_future.get_cause())
        elif response_future.is_timeout():
            ex = MQClientException("wait response timeout " + str(response_future.get_timeout_millis()) + "ms",
                                   response_future.get_cause())
        else:
            ex = MQClientException("unknow reseaon", response_future.get_cause())
        self.api._on_exception_impl(broker_name, self.msg, self.timeout_millis - self._cost(), self.request,
                                    send_callback, self.topic_publish_info, self.instance,
                                    self.retry_times_when_send_failed, self.times, ex, context, True, producer)

    def _cost(self) -> int:
        """Java's ``cost``: milliseconds since the send began."""
        return int((_monotonic() - self.begin) * 1000)


class _PullCallbackInvoke(InvokeCallback):
    """Java's anonymous ``InvokeCallback`` of ``pullMessageAsync``."""

    __slots__ = ("api", "addr", "request", "timeout_millis", "pull_callback")

    def __init__(self, api: "MQClientAPIImpl", addr: str, request: RemotingCommand, timeout_millis: int,
                 pull_callback: "PullCallback") -> None:
        self.api = api
        self.addr = addr
        self.request = request
        self.timeout_millis = timeout_millis
        self.pull_callback = pull_callback

    def operation_complete(self, response_future: "ResponseFuture") -> None:
        response = response_future.get_response_command()
        pull_callback = self.pull_callback
        addr = self.addr
        if response is not None:
            try:
                pull_result = self.api._process_pull_response(response, addr)
            except Exception as e:
                pull_callback.on_exception(e)
                return
            pull_callback.on_success(pull_result)
        elif not response_future.is_send_request_ok():
            pull_callback.on_exception(MQClientException(
                "send request failed to " + addr + ". Request: " + repr(self.request), response_future.get_cause()))
        elif response_future.is_timeout():
            pull_callback.on_exception(MQClientException(
                "wait response from " + addr + " timeout :" + str(response_future.get_timeout_millis()) + "ms"
                + ". Request: " + repr(self.request), response_future.get_cause()))
        else:
            pull_callback.on_exception(MQClientException(
                "unknown reason. addr: " + addr + ", timeoutMillis: " + str(self.timeout_millis) + ". Request: "
                + repr(self.request), response_future.get_cause()))


#: guards every _AtomicInteger: they count failures only, so one lock serves them all (and a send does not
#: allocate a lock)
_ATOMIC_INTEGER_LOCK = threading.Lock()


class _AtomicInteger:
    """Java ``AtomicInteger`` (the async send retry counter)."""

    __slots__ = ("_value",)

    def __init__(self) -> None:
        self._value = 0

    def increment_and_get(self) -> int:
        with _ATOMIC_INTEGER_LOCK:
            self._value += 1
            return self._value


class MQClientAPIImpl(MQClientAPIAdmin):
    """See the module docstring. Owns the :class:`RemotingClient` of a client instance and registers the
    :class:`ClientRemotingProcessor` for the broker-initiated codes."""

    def __init__(self, netty_client_config: "NettyClientConfig",
                 client_remoting_processor: "ClientRemotingProcessor", rpc_hook: Optional[RPCHook],
                 client_config: "ClientConfig", channel_event_listener: Optional[ChannelEventListener] = None) -> None:
        """Java's constructor; ``channel_event_listener`` (beyond Java, which passes none) gets the connection
        events of the remoting client (the client instance heartbeats a broker on a new connection)."""
        self.client_config = client_config
        self.top_addressing = TopAddressing(TopAddressing.configured_ws_addr(), client_config.unit_name)
        self.remoting_client = RemotingClient(netty_client_config, channel_event_listener)
        self.client_remoting_processor = client_remoting_processor
        self.name_srv_addr: Optional[str] = None
        if client_config.enable_stream_request_type:
            self.remoting_client.register_rpc_hook(StreamTypeRPCHook())
        self.remoting_client.register_rpc_hook(rpc_hook)
        for code in (RequestCode.CHECK_TRANSACTION_STATE, RequestCode.NOTIFY_CONSUMER_IDS_CHANGED,
                     RequestCode.RESET_CONSUMER_CLIENT_OFFSET, RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT,
                     RequestCode.GET_CONSUMER_RUNNING_INFO, RequestCode.CONSUME_MESSAGE_DIRECTLY,
                     RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT):
            self.remoting_client.register_processor(code, client_remoting_processor, None)

    # ------------------------------------------------------------------ name servers and life cycle

    def get_name_server_address_list(self) -> Optional[List[str]]:
        """Java ``getNameServerAddressList``."""
        return self.remoting_client.get_name_server_address_list()

    def get_remoting_client(self) -> RemotingClient:
        """Java ``getRemotingClient``."""
        return self.remoting_client

    def fetch_name_server_addr(self) -> Optional[str]:
        """Java ``fetchNameServerAddr``: adopt the address server's list when it changed."""
        try:
            addrs = self.top_addressing.fetch_ns_addr()
            if addrs is not None and not UtilAll.is_blank(addrs) and addrs != self.name_srv_addr:
                log.info("name server address changed, old=%s, new=%s", self.name_srv_addr, addrs)
                self.update_name_server_address_list(addrs)
                self.name_srv_addr = addrs
        except Exception:
            log.error("fetchNameServerAddr Exception", exc_info=True)
        return self.name_srv_addr

    def update_name_server_address_list(self, addrs: str) -> None:
        """Java ``updateNameServerAddressList``: a ``;``-separated list."""
        self.remoting_client.update_name_server_address_list(addrs.split(";"))

    def start(self) -> None:
        """Java ``start``."""
        self.remoting_client.start()

    def shutdown(self) -> None:
        """Java ``shutdown``."""
        self.remoting_client.shutdown()

    def _vip(self, addr: str) -> str:
        return MixAll.broker_vip_channel(self.client_config.vip_channel_enabled, addr)

    # ------------------------------------------------------------------ send

    def send_message(self, addr: str, broker_name: str, msg: "Message", request_header: "SendMessageRequestHeader",
                     timeout_millis: int, communication_mode: CommunicationMode, send_callback: Any = None,
                     topic_publish_info: Optional["TopicPublishInfo"] = None,
                     instance: Optional["MQClientInstance"] = None, retry_times_when_send_failed: int = 0,
                     context: Optional["SendMessageContext"] = None,
                     producer: Any = None) -> Optional["SendResult"]:
        """Java ``sendMessage``: SEND_MESSAGE_V2 (SEND_BATCH_MESSAGE for a :class:`MessageBatch`,
        SEND_REPLY_MESSAGE_V2 for a reply; the long-name codes when ``sendSmartMsg`` is off).

        SYNC returns the :class:`SendResult`; ASYNC returns None and completes ``send_callback``, retrying up
        to ``retry_times_when_send_failed`` times on transport failures (another broker chosen through
        ``producer.select_one_message_queue`` when ``topic_publish_info`` is given); ONEWAY returns None.
        Java's 8-argument overload ``(addr, broker_name, msg, header, timeout, mode, context, producer)`` is
        this method with ``context=`` and ``producer=`` given by keyword.
        """
        begin = _monotonic()
        is_batch = isinstance(msg, MessageBatch)
        properties = msg.properties
        if properties and properties.get(_PROPERTY_MESSAGE_TYPE) == _REPLY_MESSAGE_FLAG:
            if SEND_SMART_MSG:
                request = _create_request_command(RequestCode.SEND_REPLY_MESSAGE_V2, _header_v2(request_header))
            else:
                request = _create_request_command(RequestCode.SEND_REPLY_MESSAGE, request_header)
        elif SEND_SMART_MSG or is_batch:
            request = _create_request_command(_SEND_BATCH_MESSAGE if is_batch else _SEND_MESSAGE_V2,
                                              _header_v2(request_header))
        else:
            request = _create_request_command(RequestCode.SEND_MESSAGE, request_header)
        request.body = msg.body
        if communication_mode is _ONEWAY:
            self.remoting_client.invoke_oneway(addr, request, timeout_millis)
            return None
        cost = int((_monotonic() - begin) * 1000)
        if timeout_millis < cost:
            raise RemotingTooMuchRequestException("sendMessage call timeout")
        if communication_mode is _ASYNC:
            self._send_message_async(addr, broker_name, msg, timeout_millis - cost, request, send_callback,
                                     topic_publish_info, instance, retry_times_when_send_failed, None,
                                     context, producer)
            return None
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis - cost)
        return self._process_send_response(broker_name, msg, response, addr)

    def _send_message_async(self, addr: Optional[str], broker_name: str, msg: "Message", timeout_millis: int,
                            request: RemotingCommand, send_callback: Any,
                            topic_publish_info: Optional["TopicPublishInfo"], instance: Optional["MQClientInstance"],
                            retry_times_when_send_failed: int, times: Optional[_AtomicInteger],
                            context: Optional["SendMessageContext"], producer: Any) -> None:
        begin = _monotonic()
        try:
            self.remoting_client.invoke_async(
                addr, request, timeout_millis,
                _SendCallbackInvoke(self, addr, broker_name, msg, timeout_millis,  # type: ignore[arg-type]
                                    request, send_callback, topic_publish_info, instance,
                                    retry_times_when_send_failed, times, context, producer, begin))
        except Exception as ex:
            cost = int((_monotonic() - begin) * 1000)
            producer.update_fault_item(broker_name, cost, True)
            self._on_exception_impl(broker_name, msg, timeout_millis - cost, request, send_callback,
                                    topic_publish_info, instance, retry_times_when_send_failed, times, ex, context,
                                    True, producer)

    def _on_exception_impl(self, broker_name: str, msg: "Message", timeout_millis: int, request: RemotingCommand,
                           send_callback: Any, topic_publish_info: Optional["TopicPublishInfo"],
                           instance: Optional["MQClientInstance"], times_total: int,
                           cur_times: Optional[_AtomicInteger],
                           e: BaseException, context: Optional["SendMessageContext"], need_retry: bool,
                           producer: Any) -> None:
        """Java ``onExceptionImpl``: resend with a new opaque and the remaining time, or report ``e``. The retry
        counter (Java's ``new AtomicInteger()`` per send) is created at the first failure: a send that succeeds at
        once never needs it."""
        if cur_times is None:
            cur_times = _AtomicInteger()
        tmp = cur_times.increment_and_get()
        if need_retry and tmp <= times_total:
            retry_broker_name = broker_name
            if topic_publish_info is not None:
                mq_chosen = producer.select_one_message_queue(topic_publish_info, broker_name)
                retry_broker_name = mq_chosen.get_broker_name()
            addr = instance.find_broker_address_in_publish(retry_broker_name)  # type: ignore[union-attr]
            log.warning("async send msg by retry %d times. topic=%s, brokerAddr=%s, brokerName=%s", tmp,
                        msg.get_topic(), addr, retry_broker_name, exc_info=e)
            request.set_opaque(RemotingCommand.create_new_request_id())
            self._send_message_async(addr, retry_broker_name, msg, timeout_millis, request, send_callback,
                                     topic_publish_info, instance, times_total, cur_times, context, producer)
            return
        if context is not None:
            context.set_exception(e)
            context.get_producer().execute_send_message_hook_after(context)
        try:
            send_callback.on_exception(e)
        except Exception:
            log.warning("SendCallback.on_exception raised", exc_info=True)

    def _process_send_response(self, broker_name: str, msg: "Message", response: RemotingCommand,
                               addr: Optional[str]) -> "SendResult":
        """Java ``processSendResponse``."""
        send_status = _SEND_STATUS_BY_CODE.get(response.code)
        if send_status is None:
            raise MQBrokerException(response.code, response.remark, addr)
        ext_fields = response.ext_fields or _NO_EXT_FIELDS
        # the SendMessageResponseHeader fields read straight from extFields (once per message sent: a third of the
        # cost of decoding the header); what decode_command_custom_header would reject or parse otherwise (a
        # missing field, a signed or non-ASCII number) goes through it, to raise or parse as it does
        get = ext_fields.get
        offset_msg_id = get("msgId")
        queue_id = get("queueId")
        queue_offset = get("queueOffset")
        if (offset_msg_id is not None and queue_id is not None and queue_offset is not None and queue_id.isdigit()
                and queue_id.isascii() and queue_offset.isdigit() and queue_offset.isascii()):
            queue_id = int(queue_id)
            queue_offset = int(queue_offset)
            transaction_id = get("transactionId")
        else:
            response_header = response.decode_command_custom_header(SendMessageResponseHeader)
            offset_msg_id = response_header.msg_id
            queue_id = response_header.queue_id
            queue_offset = response_header.queue_offset
            transaction_id = response_header.transaction_id
        topic = msg.topic
        namespace = self.client_config.get_namespace()
        if namespace:
            topic = NamespaceUtil.without_namespace(topic, namespace)
        if isinstance(msg, MessageBatch):
            uniq_msg_id = ",".join(_get_uniq_id(m) or "null" for m in msg)
        else:
            uniq_msg_id = _get_uniq_id(msg)
        send_result = SendResult(send_status, uniq_msg_id, offset_msg_id, MessageQueue(topic, broker_name, queue_id),
                                 queue_offset)
        send_result.transaction_id = transaction_id
        send_result.trace_on = get(_PROPERTY_TRACE_SWITCH) != "false"
        send_result.region_id = get(_PROPERTY_MSG_REGION) or _DEFAULT_TRACE_REGION_ID
        return send_result

    # ------------------------------------------------------------------ pull

    def pull_message(self, addr: str, request_header: "PullMessageRequestHeader", timeout_millis: int,
                     communication_mode: CommunicationMode,
                     pull_callback: Optional["PullCallback"] = None) -> Optional["PullResult"]:
        """Java ``pullMessage``: SYNC returns the :class:`PullResultExt`; ASYNC completes ``pull_callback``."""
        request = RemotingCommand.create_request_command(RequestCode.PULL_MESSAGE, request_header)
        if communication_mode == CommunicationMode.ASYNC:
            self.remoting_client.invoke_async(addr, request, timeout_millis,
                                              _PullCallbackInvoke(self, addr, request, timeout_millis,
                                                                  pull_callback))  # type: ignore[arg-type]
            return None
        if communication_mode == CommunicationMode.SYNC:
            response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
            return self._process_pull_response(response, addr)
        raise ValueError("pull_message does not support %s" % communication_mode)

    @staticmethod
    def _process_pull_response(response: RemotingCommand, addr: str) -> PullResultExt:
        """Java ``processPullResponse``."""
        pull_status = _PULL_STATUS_BY_CODE.get(response.get_code())
        if pull_status is None:
            raise MQBrokerException(response.get_code(), response.get_remark(), addr)
        response_header = response.decode_command_custom_header(PullMessageResponseHeader)
        return PullResultExt(pull_status, response_header.next_begin_offset, response_header.min_offset,
                             response_header.max_offset, None, response_header.suggest_which_broker_id,
                             response.get_body())

    # ------------------------------------------------------------------ queries by offset and time

    def _invoke_broker(self, addr: str, request: RemotingCommand, timeout_millis: int) -> RemotingCommand:
        """invokeSync through the VIP channel; a non-SUCCESS answer raises :class:`MQBrokerException`."""
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() != ResponseCode.SUCCESS:
            raise MQBrokerException(response.get_code(), response.get_remark(), addr)
        return response

    def view_message(self, addr: str, phyoffset: int, timeout_millis: int) -> "MessageExt":
        """Java ``viewMessage``: VIEW_MESSAGE_BY_ID at a commit-log offset."""
        request_header = ViewMessageRequestHeader()
        request_header.set_offset(phyoffset)
        request = RemotingCommand.create_request_command(RequestCode.VIEW_MESSAGE_BY_ID, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        message_ext = MessageDecoder.client_decode(response.get_body(), True)
        namespace = self.client_config.get_namespace()
        if namespace:
            message_ext.set_topic(NamespaceUtil.without_namespace(message_ext.get_topic(), namespace))
        return message_ext  # type: ignore[return-value]

    def search_offset(self, addr: str, mq: MessageQueue, timestamp: int, timeout_millis: int) -> int:
        """Java ``searchOffset``: SEARCH_OFFSET_BY_TIMESTAMP."""
        request_header = SearchOffsetRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_timestamp(timestamp)
        request_header.set_bname(mq.get_broker_name())
        request = RemotingCommand.create_request_command(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(SearchOffsetResponseHeader).get_offset()

    def get_max_offset(self, addr: str, mq: MessageQueue, timeout_millis: int) -> int:
        """Java ``getMaxOffset``: GET_MAX_OFFSET."""
        request_header = GetMaxOffsetRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_bname(mq.get_broker_name())
        request = RemotingCommand.create_request_command(RequestCode.GET_MAX_OFFSET, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(GetMaxOffsetResponseHeader).get_offset()

    def get_consumer_id_list_by_group(self, addr: str, consumer_group: str, timeout_millis: int) -> List[str]:
        """Java ``getConsumerIdListByGroup``: GET_CONSUMER_LIST_BY_GROUP."""
        request_header = GetConsumerListByGroupRequestHeader()
        request_header.set_consumer_group(consumer_group)
        request = RemotingCommand.create_request_command(RequestCode.GET_CONSUMER_LIST_BY_GROUP, request_header)
        response = self.remoting_client.invoke_sync(self._vip(addr), request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS and response.get_body() is not None:
            return GetConsumerListByGroupResponseBody.decode(response.get_body()).get_consumer_id_list()
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def get_min_offset(self, addr: str, mq: MessageQueue, timeout_millis: int) -> int:
        """Java ``getMinOffset``: GET_MIN_OFFSET."""
        request_header = GetMinOffsetRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_bname(mq.get_broker_name())
        request = RemotingCommand.create_request_command(RequestCode.GET_MIN_OFFSET, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(GetMinOffsetResponseHeader).get_offset()

    def get_earliest_msg_storetime(self, addr: str, mq: MessageQueue, timeout_millis: int) -> int:
        """Java ``getEarliestMsgStoretime``: GET_EARLIEST_MSG_STORETIME."""
        request_header = GetEarliestMsgStoretimeRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_bname(mq.get_broker_name())
        request = RemotingCommand.create_request_command(RequestCode.GET_EARLIEST_MSG_STORETIME, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(GetEarliestMsgStoretimeResponseHeader).get_timestamp()

    # ------------------------------------------------------------------ consumer offsets

    def query_consumer_offset(self, addr: str, request_header: "QueryConsumerOffsetRequestHeader",
                              timeout_millis: int) -> int:
        """Java ``queryConsumerOffset``: QUERY_CONSUMER_OFFSET (no stored offset: MQBrokerException
        ``QUERY_NOT_FOUND``)."""
        request = RemotingCommand.create_request_command(RequestCode.QUERY_CONSUMER_OFFSET, request_header)
        response = self._invoke_broker(addr, request, timeout_millis)
        return response.decode_command_custom_header(QueryConsumerOffsetResponseHeader).get_offset()

    def update_consumer_offset(self, addr: str, request_header: "UpdateConsumerOffsetRequestHeader",
                               timeout_millis: int) -> None:
        """Java ``updateConsumerOffset``: UPDATE_CONSUMER_OFFSET, waiting for the answer."""
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_CONSUMER_OFFSET, request_header)
        self._invoke_broker(addr, request, timeout_millis)

    def update_consumer_offset_oneway(self, addr: str, request_header: "UpdateConsumerOffsetRequestHeader",
                                      timeout_millis: int) -> None:
        """Java ``updateConsumerOffsetOneway``."""
        request = RemotingCommand.create_request_command(RequestCode.UPDATE_CONSUMER_OFFSET, request_header)
        self.remoting_client.invoke_oneway(self._vip(addr), request, timeout_millis)

    # ------------------------------------------------------------------ client registration

    def send_heartbeat(self, addr: str, heartbeat_data: "HeartbeatData", timeout_millis: int) -> int:
        """Java ``sendHeartbeat``: HEART_BEAT with the configured language; returns the broker's version."""
        request = RemotingCommand.create_request_command(RequestCode.HEART_BEAT, None)
        request.set_language(self.client_config.language)
        request.set_body(heartbeat_data.encode())
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        if response.get_code() == ResponseCode.SUCCESS:
            return response.get_version()
        raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def unregister_client(self, addr: str, client_id: str, producer_group: Optional[str],
                          consumer_group: Optional[str], timeout_millis: int) -> None:
        """Java ``unregisterClient``: UNREGISTER_CLIENT."""
        request_header = UnregisterClientRequestHeader()
        request_header.set_client_id(client_id)
        request_header.set_producer_group(producer_group)
        request_header.set_consumer_group(consumer_group)
        request = RemotingCommand.create_request_command(RequestCode.UNREGISTER_CLIENT, request_header)
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        if response.get_code() != ResponseCode.SUCCESS:
            raise MQBrokerException(response.get_code(), response.get_remark(), addr)

    def register_client(self, addr: str, heartbeat: "HeartbeatData", timeout_millis: int) -> bool:
        """Java ``registerClient``: a HEART_BEAT; True on SUCCESS."""
        request = RemotingCommand.create_request_command(RequestCode.HEART_BEAT, None)
        request.set_body(heartbeat.encode())
        response = self.remoting_client.invoke_sync(addr, request, timeout_millis)
        return response.get_code() == ResponseCode.SUCCESS

    def end_transaction_oneway(self, addr: str, request_header: "EndTransactionRequestHeader",
                               remark: Optional[str], timeout_millis: int) -> None:
        """Java ``endTransactionOneway``: END_TRANSACTION, one-way, with ``remark``."""
        request = RemotingCommand.create_request_command(RequestCode.END_TRANSACTION, request_header)
        request.set_remark(remark)
        self.remoting_client.invoke_oneway(addr, request, timeout_millis)

    def query_message(self, addr: str, request_header: "QueryMessageRequestHeader", timeout_millis: int,
                      invoke_callback: InvokeCallback, is_unique_key: bool) -> None:
        """Java ``queryMessage``: QUERY_MESSAGE (async) with extField ``_UNIQUE_KEY_QUERY``."""
        request = RemotingCommand.create_request_command(RequestCode.QUERY_MESSAGE, request_header)
        request.add_ext_field(MixAll.UNIQUE_MSG_QUERY_FLAG, "true" if is_unique_key else "false")
        self.remoting_client.invoke_async(self._vip(addr), request, timeout_millis, invoke_callback)

    def consumer_send_message_back(self, addr: str, broker_name: Optional[str], msg: "MessageExt",
                                   consumer_group: str, delay_level: int, timeout_millis: int,
                                   max_consume_retry_times: int) -> None:
        """Java ``consumerSendMessageBack``: CONSUMER_SEND_MSG_BACK."""
        request_header = ConsumerSendMsgBackRequestHeader()
        request = RemotingCommand.create_request_command(RequestCode.CONSUMER_SEND_MSG_BACK, request_header)
        request_header.set_group(consumer_group)
        request_header.set_origin_topic(msg.get_topic())
        request_header.set_offset(msg.get_commit_log_offset())
        request_header.set_delay_level(delay_level)
        request_header.set_origin_msg_id(msg.get_msg_id())
        request_header.set_max_reconsume_times(max_consume_retry_times)
        request_header.set_bname(broker_name)
        self._invoke_broker(addr, request, timeout_millis)

    def lock_batch_mq(self, addr: str, request_body: "LockBatchRequestBody",
                      timeout_millis: int) -> Set[MessageQueue]:
        """Java ``lockBatchMQ``: LOCK_BATCH_MQ; the queues locked."""
        request = RemotingCommand.create_request_command(RequestCode.LOCK_BATCH_MQ, None)
        request.set_body(request_body.encode())
        response = self._invoke_broker(addr, request, timeout_millis)
        return LockBatchResponseBody.decode(response.get_body()).get_lock_okmq_set()

    def unlock_batch_mq(self, addr: str, request_body: "UnlockBatchRequestBody", timeout_millis: int,
                        oneway: bool) -> None:
        """Java ``unlockBatchMQ``: UNLOCK_BATCH_MQ, one-way or waiting for SUCCESS."""
        request = RemotingCommand.create_request_command(RequestCode.UNLOCK_BATCH_MQ, None)
        request.set_body(request_body.encode())
        if oneway:
            self.remoting_client.invoke_oneway(addr, request, timeout_millis)
        else:
            self._invoke_broker(addr, request, timeout_millis)
