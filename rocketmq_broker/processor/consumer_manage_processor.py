"""Java ``org.apache.rocketmq.broker.processor.ConsumerManageProcessor``: GET_CONSUMER_LIST_BY_GROUP,
UPDATE_CONSUMER_OFFSET and QUERY_CONSUMER_OFFSET.

(5.3.3) A static topic's offsets are logical: an update is stored in the physical queue of the mapping item the
offset falls in (forwarded when that item is on another broker), a query reads the items from the leader back
("double read check", the other brokers' through them) and answers the first stored offset made logical.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional, cast

from rocketmq_broker.topic.topic_queue_mapping_manager import mapping_item_of, not_leader_response
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
from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_queue_mapping_context import TopicQueueMappingContext
from rocketmq_common.rpc.rpc_client_utils import RpcClientUtils
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
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

    def _mapping_context(self, header: "TopicQueueRequestHeader") -> TopicQueueMappingContext:
        return self.broker_controller.get_topic_queue_mapping_manager().build_topic_queue_mapping_context(header)

    def rewrite_request_for_static_topic_update(self, request_header: UpdateConsumerOffsetRequestHeader,
                                                mapping_context: TopicQueueMappingContext
                                                ) -> Optional[RemotingCommand]:
        """Java 5.3.3 ``rewriteRequestForStaticTopic(UpdateConsumerOffsetRequestHeader, ...)``: make the header
        physical (queue and offset of the item the logical offset falls in); None to store it here, else the
        answer (forwarded to the item's broker, or an error)."""
        mapping_detail = mapping_context.mapping_detail
        if mapping_detail is None:
            return None
        if not mapping_context.is_leader():
            return not_leader_response(mapping_context)
        try:
            global_offset = request_header.commit_offset
            mapping_item = mapping_item_of(mapping_context, global_offset)
            request_header.queue_id = mapping_item.queue_id
            request_header.lo = False
            request_header.bname = mapping_item.bname
            request_header.commit_offset = mapping_item.compute_physical_queue_offset(global_offset)
            if mapping_detail.bname == mapping_item.bname:
                return None
            return RpcClientUtils.create_command_for_rpc_response(
                self.broker_controller.forward_request(RequestCode.UPDATE_CONSUMER_OFFSET, request_header))
        except Exception as e:  # noqa: BLE001 - Java answers every failure with SYSTEM_ERROR
            return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, str(e))

    def update_consumer_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``updateConsumerOffset`` (5.3.3: static topics as the module docstring says)."""
        response = _new_response(UpdateConsumerOffsetResponseHeader)
        header = request.decode_command_custom_header(UpdateConsumerOffsetRequestHeader)
        rewrite_result = self.rewrite_request_for_static_topic_update(header, self._mapping_context(header))
        if rewrite_result is not None:
            return rewrite_result
        offset_manager = self.broker_controller.get_consumer_offset_manager()
        if self.broker_controller.get_broker_config().use_server_side_reset_offset and \
                offset_manager.has_offset_reset(header.topic, header.consumer_group, header.queue_id):
            # 5.3.3: a client's commit until the queue's next pull takes the offset reset on the broker is ignored
            response.code = ResponseCode.SUCCESS
            response.remark = "Offset has been previously reset"
            log.info("Update consumer offset is rejected because of previous offset-reset. Group=%s, Topic=%s, "
                     "QueueId=%s, Offset=%s", header.consumer_group, header.topic, header.queue_id,
                     header.commit_offset)
            return response
        offset_manager.commit_offset(ctx.channel().get_remote_addr(), header.consumer_group, header.topic,
                                     header.queue_id, header.commit_offset)
        response.code = ResponseCode.SUCCESS
        response.remark = None
        return response

    @staticmethod
    def rewrite_response_for_static_topic(request_header: QueryConsumerOffsetRequestHeader,
                                          response_header: QueryConsumerOffsetResponseHeader,
                                          mapping_context: TopicQueueMappingContext,
                                          code: int) -> Optional[RemotingCommand]:
        """Java 5.3.3 ``rewriteResponseForStaticTopic``: a found offset made logical by the item it was read from
        (the header changed in place); None, or the error answer."""
        if mapping_context.mapping_detail is None or code != ResponseCode.SUCCESS:
            return None
        try:
            item = cast(LogicQueueMappingItem, mapping_context.current_item)
            response_header.offset = item.compute_static_queue_offset_strictly(response_header.offset)
            return None
        except Exception as e:  # noqa: BLE001 - Java answers every failure with SYSTEM_ERROR
            return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, str(e))

    def rewrite_request_for_static_topic_query(self, request_header: QueryConsumerOffsetRequestHeader,
                                               mapping_context: TopicQueueMappingContext
                                               ) -> Optional[RemotingCommand]:
        """Java 5.3.3 ``rewriteRequestForStaticTopic(QueryConsumerOffsetRequestHeader, ...)``: None to query
        here (one item from logical offset 0: the queue is as physical), else the logical answer."""
        mapping_detail = mapping_context.mapping_detail
        if mapping_detail is None:
            return None
        if not mapping_context.is_leader():
            return not_leader_response(mapping_context)
        item_list = mapping_context.mapping_item_list
        if len(item_list) == 1 and item_list[0].logic_offset == 0:
            mapping_context.current_item = item_list[0]
            request_header.queue_id = mapping_context.leader_item.queue_id
            return None
        try:
            offset = -1
            for mapping_item in reversed(item_list):
                mapping_context.current_item = mapping_item
                if mapping_item.bname == mapping_detail.bname:
                    offset = self.broker_controller.get_consumer_offset_manager().query_offset(
                        request_header.consumer_group, request_header.topic, mapping_item.queue_id)
                    if offset >= 0:
                        break
                    continue
                request_header.bname = mapping_item.bname
                request_header.queue_id = mapping_item.queue_id
                request_header.lo = False
                request_header.set_zero_if_not_found = False
                rpc_response = self.broker_controller.forward_request(RequestCode.QUERY_CONSUMER_OFFSET, request_header)
                if rpc_response.get_code() == ResponseCode.SUCCESS:
                    offset = cast(QueryConsumerOffsetResponseHeader, rpc_response.get_header()).offset
                    break
                if rpc_response.get_code() != ResponseCode.QUERY_NOT_FOUND:
                    raise RuntimeError("Unknown response code %d" % rpc_response.get_code())
            return self._query_answer(request_header, mapping_context, offset if offset >= 0 else None,
                                      "Not found, maybe this group consumer boot first")
        except Exception as e:  # noqa: BLE001 - Java answers every failure with SYSTEM_ERROR
            return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, str(e))

    def query_consumer_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``queryConsumerOffset``: the stored offset; else QUERY_NOT_FOUND when the header's (5.3.3)
        ``setZeroIfNotFound`` is false; else 0 while the queue still starts at offset 0 (its first message not yet
        removed); else QUERY_NOT_FOUND. (5.3.3) Static topics as the module docstring says."""
        header = request.decode_command_custom_header(QueryConsumerOffsetRequestHeader)
        mapping_context = self._mapping_context(header)
        rewrite_result = self.rewrite_request_for_static_topic_query(header, mapping_context)
        if rewrite_result is not None:
            return rewrite_result
        offset = self.broker_controller.get_consumer_offset_manager().query_offset(
            header.consumer_group, header.topic, header.queue_id)
        store = self.broker_controller.get_message_store()
        if offset >= 0:
            return self._query_answer(header, mapping_context, offset, None)
        if header.set_zero_if_not_found is False:
            return self._query_answer(header, mapping_context, None,
                                      "Not found, do not set to zero, maybe this group boot first")
        if store.get_min_offset_in_queue(header.topic, header.queue_id) <= 0 and \
                not store.check_in_disk_by_consume_offset(header.topic, header.queue_id, 0):
            return self._query_answer(header, mapping_context, 0, None)
        return self._query_answer(header, mapping_context, None,
                                  "Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first")

    def _query_answer(self, header: QueryConsumerOffsetRequestHeader, mapping_context: TopicQueueMappingContext,
                      offset: Optional[int], not_found_remark: Optional[str]) -> RemotingCommand:
        # a QUERY_CONSUMER_OFFSET answer: the offset found (made logical for a static topic), or QUERY_NOT_FOUND
        response = _new_response(QueryConsumerOffsetResponseHeader)
        response_header = cast(QueryConsumerOffsetResponseHeader, response.read_custom_header())
        if offset is not None:
            response_header.offset = offset
            response.code = ResponseCode.SUCCESS
            response.remark = None
        else:
            response.code = ResponseCode.QUERY_NOT_FOUND
            response.remark = not_found_remark
        return self.rewrite_response_for_static_topic(header, response_header, mapping_context,
                                                      response.code) or response
