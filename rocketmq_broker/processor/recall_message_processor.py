"""Java 5.3.3 ``org.apache.rocketmq.broker.processor.RecallMessageProcessor``: RECALL_MESSAGE (370), the
producer's cancellation of a delayed message by the recall handle of its SendResult.

With ``recallMessageEnable`` (off by default, as Java) a valid recall stores a deletion marker: a message of the
handle's topic with tag ``_RECALL_TAG_``, ``TIMER_DEL_UNIQKEY`` = ``TimerMessageStore.build_delete_key(topic,
uniqKey)`` and ``TIMER_DELIVER_MS`` = the handle's time, which the store's timer hook puts into the same wheel
slot as the message; when the slot is due, the marker cancels the message and is itself never delivered. The
answer is SUCCESS with the unique key even when no such message is pending (Java: the broker does not look it
up). Refusals are Java's: NO_PERMISSION when disabled, SLAVE_NOT_AVAILABLE on a slave, SERVICE_NOT_AVAILABLE
before ``startAcceptSendRequestTimeStamp`` or when not writeable (unless ``allowRecallWhenBrokerNotWriteable``),
TOPIC_NOT_EXIST, ILLEGAL_OPERATION for a malformed handle, another topic or broker, or a time already passed or
beyond ``timerMaxDelaySec``; each is logged in one INFO line.
"""
from __future__ import annotations

import logging
import re
import time
from typing import TYPE_CHECKING, Optional, cast

from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.store.timer.timer_message_store import TimerMessageStore
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.producer.recall_message_handle import DecoderException, HandleV1, RecallMessageHandle
from rocketmq_common.protocol.header.recall_message_request_header import (
    RecallMessageRequestHeader, RecallMessageResponseHeader)
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["RecallMessageProcessor"]

log = logging.getLogger(__name__)

_LONG = re.compile(r"[+-]?[0-9]+\Z")
_LONG_MAX = (1 << 63) - 1
_SENT = frozenset((PutMessageStatus.PUT_OK, PutMessageStatus.FLUSH_DISK_TIMEOUT,
                   PutMessageStatus.FLUSH_SLAVE_TIMEOUT, PutMessageStatus.SLAVE_NOT_AVAILABLE))


def _to_long(text: Optional[str], default: int) -> int:
    """commons-lang ``NumberUtils.toLong(text, default)``: ``Long.parseLong`` or ``default``."""
    if text is None or not _LONG.match(text):
        return default
    value = int(text)
    return value if -_LONG_MAX - 1 <= value <= _LONG_MAX else default


class RecallMessageProcessor(NettyRequestProcessor):
    """See the module docstring. Registered by the broker controller for RECALL_MESSAGE on the send executor."""

    RECALL_MESSAGE_TAG = "_RECALL_TAG_"

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``processRequest``: the checks in Java's order, then the deletion marker stored."""
        response = RemotingCommand.create_response_command(class_header=RecallMessageResponseHeader)
        controller = self.broker_controller
        broker_config = controller.get_broker_config()
        response.add_ext_field(MessageConst.PROPERTY_MSG_REGION, broker_config.region_id)
        request_header = request.decode_command_custom_header(RecallMessageRequestHeader)
        topic = request_header.topic

        def refuse(code: int, remark: str) -> RemotingCommand:
            response.code, response.remark = code, remark
            log.info("recall of a message of %s refused: %s %s (handle %s)", topic, ResponseCode.name_of(code),
                     remark, request_header.recall_handle)
            return response

        store = controller.get_message_store()
        if not broker_config.recall_message_enable:
            return refuse(ResponseCode.NO_PERMISSION, "recall failed, operation is forbidden")
        if controller.get_message_store_config().broker_role is BrokerRole.SLAVE:
            return refuse(ResponseCode.SLAVE_NOT_AVAILABLE, "recall failed, broker service not available")
        if store.now() < broker_config.start_accept_send_request_time_stamp:
            return refuse(ResponseCode.SERVICE_NOT_AVAILABLE, "recall failed, broker service not available")
        if (not PermName.is_writeable(broker_config.broker_permission)
                and not broker_config.allow_recall_when_broker_not_writeable):
            return refuse(ResponseCode.SERVICE_NOT_AVAILABLE, "recall failed, broker service not available")
        if controller.get_topic_config_manager().select_topic_config(topic) is None:
            return refuse(ResponseCode.TOPIC_NOT_EXIST, "recall failed, the topic[%s] not exist" % topic)
        try:
            handle = RecallMessageHandle.decode_handle(request_header.recall_handle)
        except DecoderException as e:
            return refuse(ResponseCode.ILLEGAL_OPERATION, str(e))
        assert isinstance(handle, HandleV1)  # the only version decode_handle returns
        if topic != handle.get_topic():
            return refuse(ResponseCode.ILLEGAL_OPERATION, "recall failed, topic not match")
        if broker_config.broker_name != handle.get_broker_name():
            return refuse(ResponseCode.ILLEGAL_OPERATION, "recall failed, broker service not available")
        time_left = _to_long(handle.get_timestamp_str(), -1) - int(time.time() * 1000)
        if time_left <= 0 or time_left >= controller.get_message_store_config().timer_max_delay_sec * 1000:
            return refuse(ResponseCode.ILLEGAL_OPERATION, "recall failed, timestamp invalid")
        msg_inner = self.build_message(ctx, request_header, handle)
        self.handle_put_message_result(store.put_message(msg_inner), response, msg_inner)
        return response

    def build_message(self, ctx: "ChannelHandlerContext", request_header: RecallMessageRequestHeader,
                      handle: HandleV1) -> MessageExtBrokerInner:
        """Java ``buildMessage``: the deletion marker of ``handle``'s message, for its topic's queue 0 at the
        handle's time (the timer hook moves it into the wheel)."""
        now = int(time.time() * 1000)
        msg_inner = MessageExtBrokerInner()
        msg_inner.topic = handle.get_topic()
        msg_inner.body = b"0"
        msg_inner.queue_id = 0
        properties = {
            MessageConst.PROPERTY_TAGS: self.RECALL_MESSAGE_TAG,
            MessageConst.PROPERTY_TIMER_DEL_UNIQKEY: TimerMessageStore.build_delete_key(
                handle.get_topic(), handle.get_message_id()),
            MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX: handle.get_message_id(),
            MessageConst.PROPERTY_TIMER_DELIVER_MS: handle.get_timestamp_str(),
            MessageConst.PROPERTY_BORN_TIMESTAMP: str(now),
            MessageConst.PROPERTY_TRACE_CONTEXT: "",
        }
        if request_header.producer_group is not None:  # Java's null value is left out of the string
            properties[MessageConst.PROPERTY_PRODUCER_GROUP] = request_header.producer_group
        msg_inner.properties = properties
        msg_inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(self.RECALL_MESSAGE_TAG)
        msg_inner.born_timestamp = now
        msg_inner.properties_string = MessageDecoder.message_properties2string(java_hash_map_order(properties))
        address = ctx.channel().remote_address()
        msg_inner.born_host = (address[0], address[1])
        msg_inner.store_host = self.broker_controller.get_store_host()
        return msg_inner

    def handle_put_message_result(self, put_message_result: Optional[PutMessageResult], response: RemotingCommand,
                                  message: MessageExtBrokerInner) -> None:
        """Java ``handlePutMessageResult``: SUCCESS with the unique key once the marker is stored (counted under
        the timer topic it went to; the broker statistics here keep no put latency), else SYSTEM_ERROR. As in
        Java, a SUCCESS keeps the remark ``not set any response code``."""
        if put_message_result is None or put_message_result.put_message_status not in _SENT:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "recall failed, execute error"
            log.info("recall of %s not stored: %s", message.get_property(MessageConst.PROPERTY_TIMER_DEL_UNIQKEY),
                     put_message_result.put_message_status.name if put_message_result is not None else None)
            return
        if put_message_result.put_message_status is PutMessageStatus.PUT_OK:
            append_result = put_message_result.append_message_result
            assert append_result is not None  # PUT_OK carries the append result
            stats = self.broker_controller.broker_stats_manager
            stats.inc_topic_put_nums(message.topic, append_result.msg_num, 1)
            stats.inc_topic_put_size(message.topic, append_result.wrote_bytes)
            stats.inc_broker_put_nums(append_result.msg_num)
        response.code = ResponseCode.SUCCESS
        response_header = cast(RecallMessageResponseHeader, response.read_custom_header())
        response_header.msg_id = MessageClientIDSetter.get_uniq_id(message)

    def reject_request(self) -> bool:
        """Java ``rejectRequest``: never."""
        return False
