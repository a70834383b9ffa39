"""Java ``org.apache.rocketmq.client.impl.ClientRemotingProcessor``: requests brokers send to the client."""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Dict, Optional

from rocketmq_client.producer.request_future_holder import RequestFutureHolder
from rocketmq_common.compression.compressor_factory import CompressorFactory
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.protocol.body.get_consumer_status_body import GetConsumerStatusBody
from rocketmq_common.protocol.body.reset_offset_body import ResetOffsetBody
from rocketmq_common.protocol.header.check_transaction_state_request_header import \
    CheckTransactionStateRequestHeader
from rocketmq_common.protocol.header.consume_message_directly_result_request_header import \
    ConsumeMessageDirectlyResultRequestHeader
from rocketmq_common.protocol.header.get_consumer_running_info_request_header import \
    GetConsumerRunningInfoRequestHeader
from rocketmq_common.protocol.header.get_consumer_status_request_header import GetConsumerStatusRequestHeader
from rocketmq_common.protocol.header.notify_consumer_ids_changed_request_header import \
    NotifyConsumerIdsChangedRequestHeader
from rocketmq_common.protocol.header.reply_message_request_header import ReplyMessageRequestHeader
from rocketmq_common.protocol.header.reset_offset_request_header import ResetOffsetRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.remoting_util import RemotingUtil
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["ClientRemotingProcessor"]

log = logging.getLogger(__name__)


#: the remark of Java's ``createResponseCommand(null)`` (the header-class overload) until a code is set
_NO_RESPONSE_CODE = "not set any response code"


class ClientRemotingProcessor(AsyncNettyRequestProcessor):
    """Handles CHECK_TRANSACTION_STATE, NOTIFY_CONSUMER_IDS_CHANGED, RESET_CONSUMER_CLIENT_OFFSET,
    GET_CONSUMER_STATUS_FROM_CLIENT, GET_CONSUMER_RUNNING_INFO, CONSUME_MESSAGE_DIRECTLY and
    PUSH_REPLY_MESSAGE_TO_CLIENT for one :class:`MQClientInstance`."""

    def __init__(self, mq_client_factory: "MQClientInstance") -> None:
        self.mq_client_factory = mq_client_factory
        self._handlers = {
            RequestCode.CHECK_TRANSACTION_STATE: self.check_transaction_state,
            RequestCode.NOTIFY_CONSUMER_IDS_CHANGED: self.notify_consumer_ids_changed,
            RequestCode.RESET_CONSUMER_CLIENT_OFFSET: self.reset_offset,
            RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT: self.get_consume_status,
            RequestCode.GET_CONSUMER_RUNNING_INFO: self._get_consumer_running_info,
            RequestCode.CONSUME_MESSAGE_DIRECTLY: self._consume_message_directly,
            RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT: self._receive_reply_message,
        }

    def process_request(self, ctx: "ChannelHandlerContext",
                        request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest``: dispatch by code; None (no response) for codes it does not handle."""
        handler = self._handlers.get(request.get_code())
        if handler is None:
            return None
        return handler(ctx, request)

    def reject_request(self) -> bool:
        return False

    def check_transaction_state(self, ctx: "ChannelHandlerContext",
                                request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``checkTransactionState``: hand the half message to its producer group (one-way, no response)."""
        request_header = request.decode_command_custom_header(CheckTransactionStateRequestHeader)
        body = request.get_body()
        message_ext = MessageDecoder.decode(body) if body is not None else None
        if message_ext is None:
            log.warning("checkTransactionState, decode message failed")
            return None
        namespace = self.mq_client_factory.get_client_config().get_namespace()
        if namespace:
            message_ext.set_topic(NamespaceUtil.without_namespace(message_ext.get_topic(), namespace))
        transaction_id = message_ext.get_property(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX)
        if transaction_id:
            message_ext.set_transaction_id(transaction_id)
        group = message_ext.get_property(MessageConst.PROPERTY_PRODUCER_GROUP)
        if group is not None:
            producer = self.mq_client_factory.select_producer(group)
            if producer is not None:
                addr = RemotingHelper.parse_channel_remote_addr(ctx.channel())
                producer.check_transaction_state(addr, message_ext, request_header)
            else:
                log.debug("checkTransactionState, pick producer by group[%s] failed", group)
        else:
            log.warning("checkTransactionState, pick producer group failed")
        return None

    def notify_consumer_ids_changed(self, ctx: "ChannelHandlerContext",
                                    request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``notifyConsumerIdsChanged``: rebalance now."""
        try:
            request_header = request.decode_command_custom_header(NotifyConsumerIdsChangedRequestHeader)
            log.info("receive broker's notification[%s], the consumer group: %s changed, rebalance immediately",
                     RemotingHelper.parse_channel_remote_addr(ctx.channel()), request_header.get_consumer_group())
            self.mq_client_factory.rebalance_immediately()
        except Exception as e:
            log.error("notifyConsumerIdsChanged exception %s", RemotingHelper.exception_simple_desc(e))
        return None

    def reset_offset(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``resetOffset``: ``MQClientInstance.reset_offset`` with the body's offset table."""
        request_header = request.decode_command_custom_header(ResetOffsetRequestHeader)
        log.info("invoke reset offset operation from broker. brokerAddr=%s, topic=%s, group=%s, timestamp=%s",
                 RemotingHelper.parse_channel_remote_addr(ctx.channel()), request_header.get_topic(),
                 request_header.get_group(), request_header.get_timestamp())
        offset_table: Dict[MessageQueue, int] = {}
        body = request.get_body()
        if body is not None:
            offset_table = ResetOffsetBody.decode(body).get_offset_table() or {}
        self.mq_client_factory.reset_offset(request_header.get_topic(), request_header.get_group(), offset_table)
        return None

    def get_consume_status(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``getConsumeStatus`` (deprecated): the consumer's offsets of a topic."""
        response = RemotingCommand.create_response_command(remark=_NO_RESPONSE_CODE)
        request_header = request.decode_command_custom_header(GetConsumerStatusRequestHeader)
        offset_table = self.mq_client_factory.get_consumer_status(request_header.get_topic(),
                                                                  request_header.get_group())
        body = GetConsumerStatusBody()
        body.set_message_queue_table(offset_table)
        response.set_body(body.encode())
        response.set_code(ResponseCode.SUCCESS)
        return response

    def _get_consumer_running_info(self, ctx: "ChannelHandlerContext",
                                   request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command(remark=_NO_RESPONSE_CODE)
        request_header = request.decode_command_custom_header(GetConsumerRunningInfoRequestHeader)
        consumer_running_info = self.mq_client_factory.consumer_running_info(request_header.get_consumer_group())
        if consumer_running_info is not None:
            if request_header.is_jstack_enable():
                consumer_running_info.set_jstack(UtilAll.jstack())
            response.set_code(ResponseCode.SUCCESS)
            response.set_body(consumer_running_info.encode())
        else:
            response.set_code(ResponseCode.SYSTEM_ERROR)
            response.set_remark("The Consumer Group <%s> not exist in this consumer"
                                % request_header.get_consumer_group())
        return response

    def _consume_message_directly(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command(remark=_NO_RESPONSE_CODE)
        request_header = request.decode_command_custom_header(ConsumeMessageDirectlyResultRequestHeader)
        body = request.get_body()
        msg = MessageDecoder.decode(body) if body is not None else None
        if msg is None:  # Java fails on the missing body with an exception the remoting layer answers
            response.set_remark("consumeMessageDirectly: no message in the request")
            return response
        result = self.mq_client_factory.consume_message_directly(msg, request_header.get_consumer_group(),
                                                                 request_header.get_broker_name())
        if result is not None:
            response.set_code(ResponseCode.SUCCESS)
            response.set_body(result.encode())
        else:
            response.set_code(ResponseCode.SYSTEM_ERROR)
            response.set_remark("The Consumer Group <%s> not exist in this consumer"
                                % request_header.get_consumer_group())
        return response

    def _receive_reply_message(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        response = RemotingCommand.create_response_command(remark=_NO_RESPONSE_CODE)
        receive_time = int(time.time() * 1000)
        request_header = request.decode_command_custom_header(ReplyMessageRequestHeader)
        try:
            msg = MessageExt()
            msg.set_topic(request_header.get_topic())
            msg.set_queue_id(request_header.get_queue_id())
            msg.set_store_timestamp(request_header.get_store_timestamp())
            if request_header.get_born_host() is not None:
                msg.set_born_host(RemotingUtil.string2socket_address(request_header.get_born_host()))
            if request_header.get_store_host() is not None:
                msg.set_store_host(RemotingUtil.string2socket_address(request_header.get_store_host()))
            body = request.get_body()
            sys_flag = request_header.get_sys_flag()
            if body is not None and (sys_flag & MessageSysFlag.COMPRESSED_FLAG) == MessageSysFlag.COMPRESSED_FLAG:
                try:
                    compressor = CompressorFactory.get_compressor(MessageSysFlag.get_compression_type(sys_flag))
                    body = compressor.decompress(body)
                except (OSError, ValueError) as e:
                    # Java logs and hands the body on still compressed; here the reply is refused (the request
                    # times out) so that no caller takes compressed bytes for the reply's body
                    log.warning("reply message refused, its body does not decompress: topic=%s correlationId=%s "
                                "sysFlag=%d: %s", request_header.get_topic(),
                                MessageDecoder.string2message_properties(request_header.get_properties()).get(
                                    MessageConst.PROPERTY_CORRELATION_ID), sys_flag, e)
                    response.set_code(ResponseCode.SYSTEM_ERROR)
                    response.set_remark("the reply message body does not decompress: %s" % e)
                    return response
            msg.set_body(body)
            msg.set_flag(request_header.get_flag())
            MessageAccessor.set_properties(msg, MessageDecoder.string2message_properties(
                request_header.get_properties()))
            MessageAccessor.put_property(msg, MessageConst.PROPERTY_REPLY_MESSAGE_ARRIVE_TIME, str(receive_time))
            msg.set_born_timestamp(request_header.get_born_timestamp())
            reconsume_times = request_header.get_reconsume_times()
            msg.set_reconsume_times(0 if reconsume_times is None else reconsume_times)
            log.debug("receive reply message :%s", msg)
            self._process_reply_message(msg)
            response.set_code(ResponseCode.SUCCESS)
            response.set_remark(None)
        except Exception:
            log.warning("unknown err when receiveReplyMsg", exc_info=True)
            response.set_code(ResponseCode.SYSTEM_ERROR)
            response.set_remark("process reply message fail")
        return response

    @staticmethod
    def _process_reply_message(reply_msg: MessageExt) -> None:
        correlation_id = reply_msg.get_user_property(MessageConst.PROPERTY_CORRELATION_ID)
        table = RequestFutureHolder.get_instance().get_request_future_table()
        request_response_future = table.get(correlation_id) if correlation_id is not None else None
        if correlation_id is not None and request_response_future is not None:
            request_response_future.put_response_message(reply_msg)
            table.pop(correlation_id, None)
            request_callback = request_response_future.get_request_callback()
            if request_callback is not None:
                request_callback.on_success(reply_msg)
        else:
            log.warning("receive reply message, but not matched any request, CorrelationId: %s , reply from host: %s",
                        correlation_id, reply_msg.get_born_host_string())
