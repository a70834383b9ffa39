"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcClientImpl``."""
from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import Any, List, Optional, Tuple, Type

from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.header.get_earliest_msg_storetime_request_header import \
    GetEarliestMsgStoretimeResponseHeader
from rocketmq_common.protocol.header.get_max_offset_request_header import GetMaxOffsetResponseHeader
from rocketmq_common.protocol.header.get_min_offset_request_header import GetMinOffsetResponseHeader
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageResponseHeader
from rocketmq_common.protocol.header.query_consumer_offset_request_header import QueryConsumerOffsetResponseHeader
from rocketmq_common.protocol.header.search_offset_request_header import SearchOffsetResponseHeader
from rocketmq_common.protocol.header.update_consumer_offset_request_header import \
    UpdateConsumerOffsetResponseHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.rpc.client_metadata import ClientMetadata
from rocketmq_common.rpc.rpc_client import RpcClient
from rocketmq_common.rpc.rpc_client_hook import RpcClientHook
from rocketmq_common.rpc.rpc_client_utils import RpcClientUtils
from rocketmq_common.rpc.rpc_exception import RpcException
from rocketmq_common.rpc.rpc_request import RpcRequest
from rocketmq_common.rpc.rpc_response import RpcResponse
from rocketmq_remoting.common.completable_future import CompletableFuture
from rocketmq_remoting.invoke_callback import InvokeCallback
from rocketmq_remoting.netty.response_future import ResponseFuture
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.protocol.remoting_serializable import from_json_value
from rocketmq_remoting.remoting_client import RemotingClient

__all__ = ["RpcClientImpl"]

log = logging.getLogger(__name__)

_PULL_OK = (ResponseCode.SUCCESS, ResponseCode.PULL_NOT_FOUND, ResponseCode.PULL_RETRY_IMMEDIATELY,
            ResponseCode.PULL_OFFSET_MOVED)


class _PullCallback(InvokeCallback):
    """Completes the future of an async PULL_MESSAGE (Java's anonymous InvokeCallback)."""

    def __init__(self, addr: str, request_command: RemotingCommand, timeout_millis: int,
                 promise: "Future[RpcResponse]") -> None:
        self.addr = addr
        self.request_command = request_command
        self.timeout_millis = timeout_millis
        self.promise = promise

    def operation_complete(self, response_future: ResponseFuture) -> None:
        response = response_future.get_response_command()
        if response is None:
            self.promise.set_result(RpcClientImpl.process_failed_response(self.addr, self.request_command,
                                                                          response_future))
            return
        try:
            if response.get_code() in _PULL_OK:
                header = response.decode_command_custom_header(PullMessageResponseHeader)
                self.promise.set_result(RpcResponse(response.get_code(), header, response.get_body()))
            else:
                self.promise.set_result(RpcResponse(exception=RpcException(
                    response.get_code(), "unexpected remote response code")))
        except Exception as e:  # a malformed response header
            self.promise.set_result(RpcResponse(exception=RpcException(
                ResponseCode.RPC_UNKNOWN, "process failed. addr: %s, timeoutMillis: %d. Request: %s"
                % (self.addr, self.timeout_millis, self.request_command), e)))


class RpcClientImpl(RpcClient):
    """Sends RPC requests over a remoting client to the master of the broker their ``bname`` names (looked up
    in a :class:`ClientMetadata`); the 5.x broker uses it to read a static topic's queues from the brokers that
    held them before a remapping. The returned futures are complete when ``invoke`` returns, except for
    PULL_MESSAGE (sent asynchronously)."""

    def __init__(self, client_metadata: ClientMetadata, remoting_client: RemotingClient) -> None:
        self.client_metadata = client_metadata
        self.remoting_client = remoting_client
        self.client_hook_list: List[RpcClientHook] = []

    def register_hook(self, hook: RpcClientHook) -> None:
        """Java ``registerHook``."""
        self.client_hook_list.append(hook)

    def invoke_mq(self, mq: MessageQueue, request: RpcRequest, timeout_ms: int) -> "Future[RpcResponse]":
        """Java ``invoke(MessageQueue, RpcRequest, long)``: address the request to the broker holding ``mq``."""
        request.get_header().bname = self.client_metadata.get_broker_name_from_message_queue(mq)
        return self.invoke(request, timeout_ms)

    @staticmethod
    def create_response_future() -> "Future[RpcResponse]":
        """Java ``createResponseFuture``."""
        return CompletableFuture()

    def invoke(self, request: RpcRequest, timeout_ms: int) -> "Future[RpcResponse]":
        """Java ``invoke(RpcRequest, long)``. Raises :class:`RpcException`: SYSTEM_ERROR when the broker's address
        is unknown, REQUEST_CODE_NOT_SUPPORTED for a code it does not handle, RPC_UNKNOWN for a remoting error
        (the cause chained)."""
        for hook in self.client_hook_list:
            response = hook.before_request(request)
            if response is not None:
                promise = self.create_response_future()
                promise.set_result(response)
                return promise
        addr = self._get_broker_addr_by_name_or_exception(request.get_header().bname)
        handler = self._HANDLERS.get(request.get_code())
        if handler is None:
            raise RpcException(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "Unknown request code %d" % request.get_code())
        try:
            return handler(self, addr, request, timeout_ms)
        except RpcException:
            raise
        except Exception as e:
            raise RpcException(ResponseCode.RPC_UNKNOWN, "error from remoting layer", e) from e

    def _get_broker_addr_by_name_or_exception(self, bname: Optional[str]) -> str:
        addr = self.client_metadata.find_master_broker_addr(bname)
        if addr is None:
            raise RpcException(ResponseCode.SYSTEM_ERROR, "cannot find addr for broker %s" % bname)
        return addr

    @staticmethod
    def process_failed_response(addr: str, request_command: RemotingCommand,
                                response_future: ResponseFuture) -> RpcResponse:
        """Java ``processFailedResponse``: the failure of a request that got no response (send failed,
        timeout, other)."""
        if not response_future.is_send_request_ok():
            code, message = ResponseCode.RPC_SEND_TO_CHANNEL_FAILED, "send request failed to %s. Request: %s" % (
                addr, request_command)
        elif response_future.is_timeout():
            code, message = ResponseCode.RPC_TIME_OUT, "wait response from %s timeout :%dms. Request: %s" % (
                addr, response_future.get_timeout_millis(), request_command)
        else:
            code, message = ResponseCode.RPC_UNKNOWN, "unknown reason. addr: %s, timeoutMillis: %d. Request: %s" % (
                addr, response_future.get_timeout_millis(), request_command)
        return RpcResponse(exception=RpcException(code, message, response_future.get_cause()))

    def handle_pull_message(self, addr: str, rpc_request: RpcRequest, timeout_millis: int) -> "Future[RpcResponse]":
        """Java ``handlePullMessage``: send asynchronously; the future completes with the response (or the
        failure)."""
        request_command = RpcClientUtils.create_command_for_rpc_request(rpc_request)
        promise = self.create_response_future()
        self.remoting_client.invoke_async(addr, request_command, timeout_millis,
                                          _PullCallback(addr, request_command, timeout_millis, promise))
        return promise

    def _handle_sync(self, addr: str, rpc_request: RpcRequest, timeout_millis: int,
                     header_class: Optional[Type[CommandCustomHeader]], body_class: Any = None,
                     empty_codes: Tuple[int, ...] = ()) -> "Future[RpcResponse]":
        """Send synchronously; SUCCESS decodes ``header_class`` (without one, the body as ``body_class``), a code of
        ``empty_codes`` answers without header and body, another code is a failure."""
        response = self.remoting_client.invoke_sync(addr, RpcClientUtils.create_command_for_rpc_request(rpc_request),
                                                    timeout_millis)
        promise = self.create_response_future()
        code = response.get_code()
        if code == ResponseCode.SUCCESS:
            if header_class is None:
                body = from_json_value(fastjson.loads(response.get_body()), body_class)
                promise.set_result(RpcResponse(ResponseCode.SUCCESS, None, body))
            else:
                promise.set_result(RpcResponse(code, response.decode_command_custom_header(header_class),
                                               response.get_body()))
        elif code in empty_codes:
            promise.set_result(RpcResponse(code, None, None))
        else:
            promise.set_result(RpcResponse(exception=RpcException(code, "unknown remote error")))
        return promise

    def handle_search_offset(self, addr: str, rpc_request: RpcRequest, timeout_millis: int) -> "Future[RpcResponse]":
        """Java ``handleSearchOffset``."""
        return self._handle_sync(addr, rpc_request, timeout_millis, SearchOffsetResponseHeader)

    def handle_query_consumer_offset(self, addr: str, rpc_request: RpcRequest,
                                     timeout_millis: int) -> "Future[RpcResponse]":
        """Java ``handleQueryConsumerOffset``: QUERY_NOT_FOUND is a response without header."""
        return self._handle_sync(addr, rpc_request, timeout_millis, QueryConsumerOffsetResponseHeader,
                                 empty_codes=(ResponseCode.QUERY_NOT_FOUND,))

    def handle_update_consumer_offset(self, addr: str, rpc_request: RpcRequest,
                                      timeout_millis: int) -> "Future[RpcResponse]":
        """Java ``handleUpdateConsumerOffset``."""
        return self._handle_sync(addr, rpc_request, timeout_millis, UpdateConsumerOffsetResponseHeader)

    def handle_common_body_request(self, addr: str, rpc_request: RpcRequest, timeout_millis: int,
                                   body_class: Any) -> "Future[RpcResponse]":
        """Java ``handleCommonBodyRequest``: a SUCCESS response's JSON body decoded as ``body_class``."""
        return self._handle_sync(addr, rpc_request, timeout_millis, None, body_class)

    def handle_get_min_offset(self, addr: str, rpc_request: RpcRequest, timeout_millis: int) -> "Future[RpcResponse]":
        """Java ``handleGetMinOffset``."""
        return self._handle_sync(addr, rpc_request, timeout_millis, GetMinOffsetResponseHeader)

    def handle_get_max_offset(self, addr: str, rpc_request: RpcRequest, timeout_millis: int) -> "Future[RpcResponse]":
        """Java ``handleGetMaxOffset``."""
        return self._handle_sync(addr, rpc_request, timeout_millis, GetMaxOffsetResponseHeader)

    def handle_get_earliest_msg_storetime(self, addr: str, rpc_request: RpcRequest,
                                          timeout_millis: int) -> "Future[RpcResponse]":
        """Java ``handleGetEarliestMsgStoretime``."""
        return self._handle_sync(addr, rpc_request, timeout_millis, GetEarliestMsgStoretimeResponseHeader)

    _HANDLERS = {
        RequestCode.PULL_MESSAGE: handle_pull_message,
        RequestCode.GET_MIN_OFFSET: handle_get_min_offset,
        RequestCode.GET_MAX_OFFSET: handle_get_max_offset,
        RequestCode.SEARCH_OFFSET_BY_TIMESTAMP: handle_search_offset,
        RequestCode.GET_EARLIEST_MSG_STORETIME: handle_get_earliest_msg_storetime,
        RequestCode.QUERY_CONSUMER_OFFSET: handle_query_consumer_offset,
        RequestCode.UPDATE_CONSUMER_OFFSET: handle_update_consumer_offset,
        RequestCode.GET_TOPIC_STATS_INFO: lambda self, addr, request, timeout: self.handle_common_body_request(
            addr, request, timeout, TopicStatsTable),
        RequestCode.GET_TOPIC_CONFIG: lambda self, addr, request, timeout: self.handle_common_body_request(
            addr, request, timeout, TopicConfigAndQueueMapping),
    }
