"""Java ``org.apache.rocketmq.broker.processor.ChangeInvisibleTimeProcessor`` (5.3.3):
CHANGE_MESSAGE_INVISIBLETIME.

A popped message is made invisible for ``invisibleTime`` ms from now: a new one-message checkpoint (pop time
now) goes into the revive topic, then an ack of the message under its old checkpoint; the response carries the
new pop time, invisible time and revive queue (the fields of the message's new receipt handle). A RECONSUME_LATER
of the push consumer uses it. An offset outside the queue is NO_MESSAGE, a queue id outside the topic
MESSAGE_ILLEGAL, a checkpoint the store refuses SYSTEM_ERROR; as in Java, the invisible time is not range-checked
here (the client checks it). Orderly handles (revive queue 999) are not supported (answered MESSAGE_ILLEGAL).
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, List, Optional

from rocketmq_broker.processor.pop_message_processor import is_put_ok
from rocketmq_broker.store.pop.ack_msg import AckMsg
from rocketmq_broker.store.pop.pop_check_point import PopCheckPoint
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.protocol.header.change_invisible_time_request_header import (
    ChangeInvisibleTimeRequestHeader, ChangeInvisibleTimeResponseHeader,
)
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["ChangeInvisibleTimeProcessor"]

log = logging.getLogger(__name__)


class ChangeInvisibleTimeProcessor(NettyRequestProcessor):
    """See the module docstring. Registered for CHANGE_MESSAGE_INVISIBLETIME on the ack executor."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller

    def reject_request(self) -> bool:
        return False

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest`` (``appendCkAsync`` / ``appendAckAsync`` off: answered when both are stored)."""
        channel = ctx.channel()
        request_header = request.decode_command_custom_header(ChangeInvisibleTimeRequestHeader)
        response = RemotingCommand.create_response_command(ResponseCode.SUCCESS,
                                                           class_header=ChangeInvisibleTimeResponseHeader)
        response_header: ChangeInvisibleTimeResponseHeader = response.custom_header  # type: ignore[assignment]
        broker_controller = self.broker_controller
        topic_config = broker_controller.get_topic_config_manager().select_topic_config(request_header.topic)
        if topic_config is None:
            log.error("The topic %s not exist, consumer: %s ", request_header.topic,
                      RemotingHelper.parse_channel_remote_addr(channel))
            response.code = ResponseCode.TOPIC_NOT_EXIST
            response.remark = "topic[%s] not exist, apply first please! %s" % (
                request_header.topic, FAQUrl.suggest_todo(FAQUrl.APPLY_TOPIC_URL))
            return response
        if request_header.queue_id >= topic_config.read_queue_nums or request_header.queue_id < 0:
            error_info = "queueId[%d] is illegal, topic:[%s] topicConfig.readQueueNums:[%d] consumer:[%s]" % (
                request_header.queue_id, request_header.topic, topic_config.read_queue_nums,
                channel.get_remote_addr())
            log.warning(error_info)
            response.code = ResponseCode.MESSAGE_ILLEGAL
            response.remark = error_info
            return response
        store = broker_controller.get_message_store()
        min_offset = store.get_min_offset_in_queue(request_header.topic, request_header.queue_id)
        max_offset = store.get_max_offset_in_queue(request_header.topic, request_header.queue_id)
        if request_header.offset < min_offset or request_header.offset >= max_offset:
            response.code = ResponseCode.NO_MESSAGE
            return response
        try:
            extra_info = ExtraInfoUtil.split(request_header.extra_info)
            revive_qid = ExtraInfoUtil.get_revive_qid(extra_info)
            is_order = ExtraInfoUtil.is_order(extra_info)
            ExtraInfoUtil.get_broker_name(extra_info)  # the fields the new checkpoint and the ack need
            ExtraInfoUtil.get_invisible_time(extra_info)
        except ValueError as e:
            raise RemotingCommandException("the extraInfo <%s> is not a receipt handle: %s" % (
                request_header.extra_info, e)) from None
        if is_order:
            log.info("orderly change of invisible time of group %s refused: not supported by this broker",
                     request_header.consumer_group)
            response.code = ResponseCode.MESSAGE_ILLEGAL
            response.remark = "orderly pop is not supported by the embedded broker"
            return response
        now = int(time.time() * 1000)
        if self._append_check_point_then_ack_origin(request_header, revive_qid, now, extra_info):
            response_header.invisible_time = request_header.invisible_time
            response_header.pop_time = now
            response_header.revive_qid = revive_qid
        else:
            response.code = ResponseCode.SYSTEM_ERROR
        return response

    def _ack_origin(self, request_header: ChangeInvisibleTimeRequestHeader, extra_info: List[str]) -> bool:
        """Java ``ackOrigin``: ack the message under its old checkpoint."""
        ack_msg = AckMsg()
        ack_msg.ack_offset = request_header.offset
        ack_msg.start_offset = ExtraInfoUtil.get_ck_queue_offset(extra_info)
        ack_msg.consumer_group = request_header.consumer_group
        ack_msg.topic = request_header.topic
        ack_msg.queue_id = request_header.queue_id
        ack_msg.pop_time = ExtraInfoUtil.get_pop_time(extra_info)
        ack_msg.broker_name = ExtraInfoUtil.get_broker_name(extra_info)
        ack_processor = self.broker_controller.get_ack_message_processor()
        result = self.broker_controller.get_message_store().put_message(ack_processor.build_ack_msg(
            ack_msg, ExtraInfoUtil.get_revive_qid(extra_info),
            ExtraInfoUtil.get_pop_time(extra_info) + ExtraInfoUtil.get_invisible_time(extra_info)))
        if not is_put_ok(result):
            log.error("change Invisible, put ack msg fail: %s, %s", ack_msg, result)
        return True

    def _append_check_point_then_ack_origin(self, request_header: ChangeInvisibleTimeRequestHeader,
                                            revive_qid: int, pop_time: int, extra_info: List[str]) -> bool:
        """Java ``appendCheckPointThenAckOrigin``."""
        ck = PopCheckPoint()
        ck.bit_map = 0
        ck.num = 1
        ck.pop_time = pop_time
        ck.invisible_time = request_header.invisible_time
        ck.start_offset = request_header.offset
        ck.cid = request_header.consumer_group
        ck.topic = request_header.topic
        ck.queue_id = request_header.queue_id
        ck.add_diff(0)
        ck.broker_name = ExtraInfoUtil.get_broker_name(extra_info)
        pop_processor = self.broker_controller.get_pop_message_processor()
        result = self.broker_controller.get_message_store().put_message(pop_processor.build_ck_msg(ck, revive_qid))
        if self.broker_controller.get_broker_config().enable_pop_log:
            log.info("change Invisible, appendCheckPoint, topic %s, queueId %d,reviveId %d, cid %s, startOffset %d, "
                     "rt %d, result %s", request_header.topic, request_header.queue_id, revive_qid,
                     request_header.consumer_group, request_header.offset, ck.get_revive_time(), result)
        if not is_put_ok(result):
            log.error("change invisible, put new ck error: %s", result)
            return False
        return self._ack_origin(request_header, extra_info)
