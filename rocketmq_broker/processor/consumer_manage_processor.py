"""Java ``org.apache.rocketmq.broker.processor.ConsumerManageProcessor``: GET_CONSUMER_LIST_BY_GROUP,
UPDATE_CONSUMER_OFFSET and QUERY_CONSUMER_OFFSET."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional, cast

from rocketmq_common.protocol.header.get_consumer_list_by_group_request_header import (
    GetConsumerListByGroupRequestHeader, GetConsumerListByGroupResponseHeader)
from rocketmq_common.protocol.header.get_consumer_list_by_group_response_body import \
    GetConsumerListByGroupResponseBody
from rocketmq_common.protocol.header.query_consumer_offset_request_header import (
    QueryConsumerOffsetRequestHeader, QueryConsumerOffsetResponseHeader)
from rocketmq_common.protocol.header.update_consumer_offset_request_header import (
    UpdateConsumerOffsetRequestHeader, UpdateConsumerOffsetResponseHeader)
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["ConsumerManageProcessor"]

log = logging.getLogger(__name__)


def _new_response(header_class=None) -> RemotingCommand:
    # Java ``RemotingCommand.createResponseCommand(Class)``: SYSTEM_ERROR until the handler sets a code
    return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, "not set any response code",
                                                   header_class)


class ConsumerManageProcessor(AsyncNettyRequestProcessor):
    """See the module docstring."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        code = request.code
        if code == RequestCode.GET_CONSUMER_LIST_BY_GROUP:
            return self.get_consumer_list_by_group(ctx, request)
        if code == RequestCode.UPDATE_CONSUMER_OFFSET:
            return self.update_consumer_offset(ctx, request)
        if code == RequestCode.QUERY_CONSUMER_OFFSET:
            return self.query_consumer_offset(ctx, request)
        return None

    def reject_request(self) -> bool:
        return False

    def get_consumer_list_by_group(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getConsumerListByGroup``: the client ids of the group's live consumers."""
        response = _new_response(GetConsumerListByGroupResponseHeader)
        header = request.decode_command_custom_header(GetConsumerListByGroupRequestHeader)
        info = self.broker_controller.get_consumer_manager().get_consumer_group_info(header.consumer_group)
        if info is not None:
            client_ids = info.get_all_client_id()
            if client_ids:
                response.body = GetConsumerListByGroupResponseBody(consumer_id_list=client_ids).encode()
                response.code = ResponseCode.SUCCESS
                response.remark = None
                return response
            log.info("getAllClientId failed, %s %s", header.consumer_group, ctx.channel().get_remote_addr())
        else:
            log.info("getConsumerGroupInfo failed, %s %s", header.consumer_group, ctx.channel().get_remote_addr())
        response.code = ResponseCode.SYSTEM_ERROR
        response.remark = "no consumer for this group, " + str(header.consumer_group)
        return response

    def update_consumer_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``updateConsumerOffset``."""
        response = _new_response(UpdateConsumerOffsetResponseHeader)
        header = request.decode_command_custom_header(UpdateConsumerOffsetRequestHeader)
        self.broker_controller.get_consumer_offset_manager().commit_offset(
            ctx.channel().get_remote_addr(), header.consumer_group, header.topic, header.queue_id,
            header.commit_offset)
        response.code = ResponseCode.SUCCESS
        response.remark = None
        return response

    def query_consumer_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``queryConsumerOffset``: the stored offset; else 0 while the queue still starts at offset 0
        (its first message not yet removed); else QUERY_NOT_FOUND."""
        response = _new_response(QueryConsumerOffsetResponseHeader)
        response_header = cast(QueryConsumerOffsetResponseHeader, response.read_custom_header())
        header = request.decode_command_custom_header(QueryConsumerOffsetRequestHeader)
        offset = self.broker_controller.get_consumer_offset_manager().query_offset(
            header.consumer_group, header.topic, header.queue_id)
        if offset >= 0:
            response_header.offset = offset
            response.code = ResponseCode.SUCCESS
            response.remark = None
            return response
        store = self.broker_controller.get_message_store()
        min_offset = store.get_min_offset_in_queue(header.topic, header.queue_id)
        if min_offset <= 0 and not store.check_in_disk_by_consume_offset(header.topic, header.queue_id, 0):
            response_header.offset = 0
            response.code = ResponseCode.SUCCESS
            response.remark = None
        else:
            response.code = ResponseCode.QUERY_NOT_FOUND
            response.remark = "Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first"
        return response
