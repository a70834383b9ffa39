"""Java ``org.apache.rocketmq.broker.processor.QueryMessageProcessor``: QUERY_MESSAGE (by key or, with
``_UNIQUE_KEY_QUERY=true``, by unique key through the store's index) and VIEW_MESSAGE_BY_ID (the stored record at
a commit-log offset).

Found messages are written straight to the connection, as Java's zero-copy transfer does: the response header
is JSON (the process default serialize type) whatever the request used, and its extFields come in the order of
Java's ``HashMap`` (PROTOCOL.md §1.8, golden frames 241, 243, 245). Misses are ordinary responses: QUERY_NOT_FOUND
"can not find message, maybe time range not correct", SYSTEM_ERROR "can not find message by the offset, N".
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional, cast

from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.query_message_request_header import (QueryMessageRequestHeader,
                                                                          QueryMessageResponseHeader)
from rocketmq_common.protocol.header.view_message_request_header import ViewMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["QueryMessageProcessor"]

log = logging.getLogger(__name__)


class QueryMessageProcessor(AsyncNettyRequestProcessor):
    """See the module docstring. Registered for QUERY_MESSAGE and VIEW_MESSAGE_BY_ID."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest``: None when the answer was already written (or for another code)."""
        if request.code == RequestCode.QUERY_MESSAGE:
            return self.query_message(ctx, request)
        if request.code == RequestCode.VIEW_MESSAGE_BY_ID:
            return self.view_message_by_id(ctx, request)
        return None

    def reject_request(self) -> bool:
        return False

    @staticmethod
    def _transfer(ctx: "ChannelHandlerContext", request: RemotingCommand, response: RemotingCommand) -> None:
        """Java's ``QueryMessageTransfer`` / ``OneMessageTransfer``: write ``response`` as it is, with the
        request's opaque (failures are logged)."""
        response.opaque = request.opaque
        try:
            ctx.write_and_flush(response)
        except Exception:
            log.error("transfer query message by page cache failed, ", exc_info=True)

    def query_message(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``queryMessage``: the stored records indexed under the key in the time range, at most
        ``maxNum`` (the store's ``defaultQueryMaxNum`` for a unique-key query)."""
        response = RemotingCommand.create_response_command(class_header=QueryMessageResponseHeader)
        response_header = cast(QueryMessageResponseHeader, response.read_custom_header())
        request_header = request.decode_command_custom_header(QueryMessageRequestHeader)
        response.opaque = request.opaque
        is_unique_key = (request.ext_fields or {}).get(MixAll.UNIQUE_MSG_QUERY_FLAG)
        if is_unique_key == "true":
            request_header.max_num = self.broker_controller.get_message_store_config().default_query_max_num
        query_message_result = self.broker_controller.get_message_store().query_message(
            request_header.topic, request_header.key, request_header.max_num, request_header.begin_timestamp,
            request_header.end_timestamp)
        response_header.index_last_update_phyoffset = query_message_result.index_last_update_phyoffset
        response_header.index_last_update_timestamp = query_message_result.index_last_update_timestamp
        if query_message_result.buffer_total_size > 0:
            response.code = ResponseCode.SUCCESS
            response.remark = None
            response.ext_fields = java_hash_map_order(response_header.encode_ext_fields())
            response.custom_header = None
            response.body = b"".join(query_message_result.message_buffer_list)
            query_message_result.release()
            self._transfer(ctx, request, response)
            return None
        response.code = ResponseCode.QUERY_NOT_FOUND
        response.remark = "can not find message, maybe time range not correct"
        return response

    def view_message_by_id(self, ctx: "ChannelHandlerContext",
                           request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``viewMessageById``: the stored record at the header's commit-log offset."""
        response = RemotingCommand.create_response_command()
        request_header = request.decode_command_custom_header(ViewMessageRequestHeader)
        response.opaque = request.opaque
        record = self.broker_controller.get_message_store().select_one_message_by_offset(request_header.offset)
        if record is not None:
            response.code = ResponseCode.SUCCESS
            response.remark = None
            response.body = record
            self._transfer(ctx, request, response)
            return None
        response.code = ResponseCode.SYSTEM_ERROR
        response.remark = "can not find message by the offset, %d" % request_header.offset
        return response
