"""Java ``org.apache.rocketmq.broker.processor.ReplyMessageProcessor``: SEND_REPLY_MESSAGE and
SEND_REPLY_MESSAGE_V2, the replier's side of request/reply.

The reply is checked like any send (``msgCheck``), then pushed synchronously (PUSH_REPLY_MESSAGE_TO_CLIENT,
``Broker2Client.call_client``) to the requester's connection, found among the producer connections by the
``REPLY_TO_CLIENT`` property (a requester is known to the broker through its producer heartbeat). The push
result gives the response code: SUCCESS (msgId ``"0"``, queue offset 0) or SYSTEM_ERROR with Java's remark.
When ``storeReplyMessageEnable`` the reply is also stored (whatever the push result), and a successful put
replaces msgId and queue offset in the response header.

As in Java 4.9.7: the body is pushed and stored as received (compressed or not; the push header carries the
sender's sysFlag, the stored message keeps sysFlag 0), the properties string is stored as received (no
``CLUSTER``, ``WAIT`` kept) while the push carries the properties plus ``PUSH_REPLY_TIME``, and the push header's
queueId is the one the replier asked for (-1 stays -1). Send hooks and broker statistics are not supported.
"""
from __future__ import annotations

import logging
import random
import time
from typing import TYPE_CHECKING, Optional, Tuple, cast

from rocketmq_broker.processor.abstract_send_message_processor import AbstractSendMessageProcessor
from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.protocol.header.reply_message_request_header import ReplyMessageRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeader, SendMessageRequestHeaderV2, SendMessageResponseHeader)
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.exception import RemotingException
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["ReplyMessageProcessor", "PushReplyResult"]

log = logging.getLogger(__name__)

_REPLY_TO_CLIENT = MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT
_PUT_OK_STATUSES = (PutMessageStatus.PUT_OK, PutMessageStatus.FLUSH_DISK_TIMEOUT,
                    PutMessageStatus.FLUSH_SLAVE_TIMEOUT, PutMessageStatus.SLAVE_NOT_AVAILABLE)


def _now_millis() -> int:
    return int(time.time() * 1000)


def _host_string(address: Tuple) -> str:
    """Java ``addr.getAddress().getHostAddress() + ":" + addr.getPort()`` (no leading slash, no brackets)."""
    return "%s:%d" % (address[0], address[1])


class PushReplyResult(Bean):
    """Java ``ReplyMessageProcessor.PushReplyResult``: whether the requester took the reply, and why not."""

    push_ok = Prop(bool, False)
    remark = Prop(str, "")

    def get_push_ok(self) -> bool: return self.push_ok
    def is_push_ok(self) -> bool: return self.push_ok
    def set_push_ok(self, push_ok: bool) -> None: self.push_ok = push_ok
    def get_remark(self) -> str: return self.remark
    def set_remark(self, remark: str) -> None: self.remark = remark


class ReplyMessageProcessor(AbstractSendMessageProcessor):
    """See the module docstring. Java registers it for SEND_REPLY_MESSAGE and SEND_REPLY_MESSAGE_V2 on the
    broker's reply executor (``replyMessageExecutor``)."""

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest``: the response (None for a code this processor does not serve)."""
        request_header = self.parse_request_header(request)
        if request_header is None:
            return None
        return self.process_reply_message_request(ctx, request, request_header)

    @staticmethod
    def parse_request_header(request: RemotingCommand) -> Optional[SendMessageRequestHeader]:
        """Java ``parseRequestHeader``: the long-name header of SEND_REPLY_MESSAGE, or the ``a``..``n`` header of
        SEND_REPLY_MESSAGE_V2 converted to it; None for other codes. Raises ``RemotingCommandException`` for a
        missing or malformed required field."""
        code = request.code
        if code == RequestCode.SEND_REPLY_MESSAGE_V2:
            header_v2 = request.decode_command_custom_header(SendMessageRequestHeaderV2)
            return SendMessageRequestHeaderV2.create_send_message_request_header_v1(header_v2)
        if code == RequestCode.SEND_REPLY_MESSAGE:
            return request.decode_command_custom_header(SendMessageRequestHeader)
        return None

    def process_reply_message_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand,
                                      request_header: SendMessageRequestHeader) -> RemotingCommand:
        """Java ``processReplyMessageRequest``: check, push to the requester, store when enabled."""
        response = RemotingCommand.create_response_command(class_header=SendMessageResponseHeader)
        response_header = cast(SendMessageResponseHeader, response.custom_header)
        response.opaque = request.opaque
        broker_config = self.broker_controller.get_broker_config()
        # TRACE_ON before MSG_REGION: the order a Java broker's HashMap writes them in
        response.ext_fields = {MessageConst.PROPERTY_TRACE_SWITCH: "true" if broker_config.trace_on else "false",
                               MessageConst.PROPERTY_MSG_REGION: broker_config.region_id}
        log.debug("receive SendReplyMessage request command, %s", request)
        start_timestamp = broker_config.start_accept_send_request_time_stamp
        if _now_millis() < start_timestamp:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "broker unable to service, until %s" % UtilAll.time_millis_to_human_string2(
                start_timestamp)
            return response
        response.code = -1
        topic_config = self.msg_check(ctx, request_header, response)
        if response.code != -1 or topic_config is None:
            return response
        # the requester decodes the body by the pushed sysFlag: the send's rules apply (our addition to Java)
        sys_flag = self.check_sys_flag(ctx, request_header.sys_flag, request.body, False, response)
        if sys_flag is None:
            return response
        request_header.sys_flag = sys_flag
        queue_id = request_header.queue_id
        if queue_id < 0:
            queue_id = random.randrange(99999999) % topic_config.write_queue_nums
        msg_inner = MessageExtBrokerInner()
        msg_inner.topic = request_header.topic
        msg_inner.queue_id = queue_id
        msg_inner.body = request.body
        msg_inner.flag = request_header.flag
        msg_inner.properties = MessageDecoder.string2message_properties(request_header.properties)
        msg_inner.properties_string = request_header.properties
        msg_inner.born_timestamp = request_header.born_timestamp
        msg_inner.born_host = self._peer(ctx)
        msg_inner.store_host = self.get_store_host()
        reconsume_times = request_header.reconsume_times
        msg_inner.reconsume_times = 0 if reconsume_times is None else reconsume_times
        push_reply_result = self.push_reply_message(ctx, request_header, msg_inner)
        self.handle_push_reply_result(push_reply_result, response, response_header, queue_id)
        if broker_config.store_reply_message_enable:
            put_message_result = self.broker_controller.get_message_store().put_message(msg_inner)
            self.handle_put_message_result(put_message_result, msg_inner, response_header, queue_id)
        return response

    def push_reply_message(self, ctx: "ChannelHandlerContext", request_header: SendMessageRequestHeader,
                           msg: Message) -> PushReplyResult:
        """Java ``pushReplyMessage``: PUSH_REPLY_MESSAGE_TO_CLIENT (synchronous, 10 s) to the producer connection
        of the ``REPLY_TO_CLIENT`` client id; adds ``PUSH_REPLY_TIME`` to ``msg``'s properties when it is sent."""
        reply_header = ReplyMessageRequestHeader(
            born_host=_host_string(ctx.channel().remote_address()), store_host=_host_string(self.get_store_host()),
            store_timestamp=_now_millis(), producer_group=request_header.producer_group,
            topic=request_header.topic, default_topic=request_header.default_topic,
            default_topic_queue_nums=request_header.default_topic_queue_nums, queue_id=request_header.queue_id,
            sys_flag=request_header.sys_flag, born_timestamp=request_header.born_timestamp,
            flag=request_header.flag, properties=request_header.properties,
            reconsume_times=request_header.reconsume_times, unit_mode=request_header.unit_mode)
        properties = msg.properties
        sender_id = properties.get(_REPLY_TO_CLIENT)
        push_reply_result = PushReplyResult(push_ok=False)
        if sender_id is None:
            log.warning("%s is null, can not reply message", _REPLY_TO_CLIENT)
            push_reply_result.remark = "reply message properties[%s] is null" % _REPLY_TO_CLIENT
            return push_reply_result
        channel = self.broker_controller.get_producer_manager().find_channel(sender_id)
        if channel is None:
            push_reply_result.remark = "push reply message fail, channel of <%s> not found." % sender_id
            log.warning(push_reply_result.remark)
            return push_reply_result
        properties[MessageConst.PROPERTY_PUSH_REPLY_TIME] = str(_now_millis())
        reply_header.properties = MessageDecoder.message_properties2string(java_hash_map_order(properties))
        request = RemotingCommand.create_request_command(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT)
        # the header fields in the order of the HashMap a Java broker writes them from
        request.ext_fields = java_hash_map_order(reply_header.encode_ext_fields())
        request.body = msg.body
        try:
            push_response = self.broker_controller.get_broker2_client().call_client(channel, request)
        except RemotingException as e:
            push_reply_result.remark = "push reply message to " + sender_id + "fail."
            log.warning("push reply message to <%s> fail. %s", sender_id, channel, exc_info=e)
            return push_reply_result
        if push_response.code == ResponseCode.SUCCESS:
            push_reply_result.push_ok = True
        else:
            push_reply_result.remark = "push reply message to " + sender_id + "fail."
            log.warning("push reply message to <%s> return fail, response remark: %s", sender_id,
                        push_response.remark)
        return push_reply_result

    @staticmethod
    def handle_push_reply_result(push_reply_result: PushReplyResult, response: RemotingCommand,
                                 response_header: SendMessageResponseHeader, queue_id: int) -> None:
        """Java ``handlePushReplyResult``: SYSTEM_ERROR with the push remark, or SUCCESS with msgId ``"0"``
        and queue offset 0 (set so that the client can decode the header)."""
        if not push_reply_result.push_ok:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = push_reply_result.remark
        else:
            response.code = ResponseCode.SUCCESS
            response.remark = None
            response_header.msg_id = "0"
            response_header.queue_id = queue_id
            response_header.queue_offset = 0

    def handle_put_message_result(self, put_message_result: Optional[PutMessageResult], msg: MessageExtBrokerInner,
                                  response_header: SendMessageResponseHeader, queue_id: int) -> None:
        """Java ``handlePutMessageResult`` of the reply processor: a failed put is only logged (the response
        code stays the push's); a successful one is counted in the broker statistics and sets msgId, queue id and
        queue offset."""
        if put_message_result is None:
            log.warning("process reply message, store putMessage return null")
            return
        status = put_message_result.put_message_status
        if status in _PUT_OK_STATUSES:
            append_result = put_message_result.append_message_result
            if append_result is None:  # a successful put carries its append result
                return
            stats = self.broker_controller.broker_stats_manager
            stats.inc_topic_put_nums(msg.topic, append_result.msg_num, 1)
            stats.inc_topic_put_size(msg.topic, append_result.wrote_bytes)
            stats.inc_broker_put_nums(append_result.msg_num)
            response_header.msg_id = append_result.get_msg_id()
            response_header.queue_id = queue_id
            response_header.queue_offset = append_result.logics_offset
        elif status is PutMessageStatus.CREATE_MAPEDFILE_FAILED:
            log.warning("create mapped file failed, server is busy or broken.")
        elif status is PutMessageStatus.MESSAGE_ILLEGAL:
            log.warning("the message is illegal, maybe msg body or properties length not matched. msg body length "
                        "limit %dB.", self.broker_controller.get_message_store_config().max_message_size)
        elif status is PutMessageStatus.PROPERTIES_SIZE_EXCEEDED:
            log.warning("the message is illegal, maybe msg properties length limit 32KB.")
        elif status is PutMessageStatus.SERVICE_NOT_AVAILABLE:
            log.warning("service not available now. It may be caused by one of the following reasons: the broker's "
                        "disk is full, messages are put to the slave, message store has been shut down, etc.")
        elif status is PutMessageStatus.OS_PAGECACHE_BUSY:
            log.warning("[PC_SYNCHRONIZED]broker busy, start flow control for a while")
        elif status is PutMessageStatus.UNKNOWN_ERROR:
            log.warning("UNKNOWN_ERROR")
        else:
            log.warning("UNKNOWN_ERROR DEFAULT")
