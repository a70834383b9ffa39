"""Java ``org.apache.rocketmq.broker.processor.AckMessageProcessor`` (5.3.3): ACK_MESSAGE and BATCH_ACK_MESSAGE.

An ack is written to the revive topic (an :class:`AckMsg`, or a :class:`BatchAckMsg` per :class:`BatchAck` of a
batch), delivered by the timer at the message's revive time, where the :class:`PopReviveService` matches it with
its checkpoint; the processor also owns the revive services (one per revive queue). As Java, an ack is answered
SUCCESS without looking for its checkpoint: the ack of an unknown or expired handle (its message already revived)
matches nothing and is dropped by the revive service. An offset outside the queue is NO_MESSAGE, a queue id
outside the topic MESSAGE_ILLEGAL; a receipt handle that cannot be read is answered SYSTEM_ERROR (one warning
line), as Java's remoting layer answers the exception. Orderly acks (revive queue 999) are not supported (see
:mod:`rocketmq_broker.processor.pop_message_processor`) and are answered MESSAGE_ILLEGAL.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, List, Optional

from rocketmq_broker.processor.pop_message_processor import is_put_ok, new_revive_message
from rocketmq_broker.processor.pop_revive_service import PopReviveService
from rocketmq_broker.store.pop.ack_msg import AckMsg
from rocketmq_broker.store.pop.batch_ack_msg import BatchAckMsg
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.key_builder import KeyBuilder
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.pop_ack_constants import PopAckConstants
from rocketmq_common.protocol.body.batch_ack import BatchAck
from rocketmq_common.protocol.body.batch_ack_message_request_body import BatchAckMessageRequestBody
from rocketmq_common.protocol.header.ack_message_request_header import AckMessageRequestHeader
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["AckMessageProcessor"]

log = logging.getLogger(__name__)


class AckMessageProcessor(NettyRequestProcessor):
    """See the module docstring. Registered for ACK_MESSAGE and BATCH_ACK_MESSAGE on the ack executor."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller
        broker_config = broker_controller.get_broker_config()
        self.revive_topic = PopAckConstants.build_cluster_revive_topic(broker_config.broker_cluster_name)
        self.pop_revive_services: List[PopReviveService] = []
        for i in range(broker_config.revive_queue_num):
            service = PopReviveService(broker_controller, self.revive_topic, i)
            service.set_should_run_pop_revive(broker_config.broker_id == 0)
            self.pop_revive_services.append(service)

    def get_pop_revive_services(self) -> List[PopReviveService]:
        return self.pop_revive_services

    def start_pop_revive_service(self) -> None:
        """Java ``startPopReviveService``."""
        for service in self.pop_revive_services:
            service.start()

    def shutdown_pop_revive_service(self) -> None:
        """Java ``shutdownPopReviveService``."""
        for service in self.pop_revive_services:
            service.shutdown()

    def set_pop_revive_service_status(self, should_start: bool) -> None:
        """Java ``setPopReviveServiceStatus``."""
        for service in self.pop_revive_services:
            service.set_should_run_pop_revive(should_start)

    def is_pop_revive_service_running(self) -> bool:
        """Java ``isPopReviveServiceRunning``."""
        return any(service.is_should_run_pop_revive() for service in self.pop_revive_services)

    def reject_request(self) -> bool:
        return False

    @staticmethod
    def gen_ack_unique_id(ack_msg: AckMsg) -> str:
        """Java ``PopMessageProcessor.genAckUniqueId``."""
        return PopAckConstants.SPLIT.join((ack_msg.topic or "", str(ack_msg.queue_id), str(ack_msg.ack_offset),
                                           ack_msg.consumer_group or "", str(ack_msg.pop_time),
                                           str(ack_msg.broker_name), PopAckConstants.ACK_TAG))

    def build_ack_msg(self, ack_msg: AckMsg, revive_qid: int, deliver_time_ms: int) -> MessageExtBrokerInner:
        """The revive-topic message of an ack (tag ``ack``, or ``bAck`` for a :class:`BatchAckMsg`), as
        Java's ``appendAck`` and ``ChangeInvisibleTimeProcessor.ackOrigin`` build it (Java sets the batch
        ack's own unique id, then overwrites it with the single ack's: so does this)."""
        tags = PopAckConstants.BATCH_ACK_TAG if isinstance(ack_msg, BatchAckMsg) else PopAckConstants.ACK_TAG
        return new_revive_message(self.broker_controller, self.revive_topic, ack_msg.encode(), revive_qid, tags,
                                  deliver_time_ms, self.gen_ack_unique_id(ack_msg))

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest``."""
        channel = ctx.channel()
        response = RemotingCommand.create_response_command(ResponseCode.SUCCESS)
        store = self.broker_controller.get_message_store()
        if request.code == RequestCode.ACK_MESSAGE:
            request_header = request.decode_command_custom_header(AckMessageRequestHeader)
            topic_config = self.broker_controller.get_topic_config_manager().select_topic_config(request_header.topic)
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
            min_offset = store.get_min_offset_in_queue(request_header.topic, request_header.queue_id)
            max_offset = store.get_max_offset_in_queue(request_header.topic, request_header.queue_id)
            if request_header.offset < min_offset or request_header.offset > max_offset:
                error_info = "offset is illegal, key:%s@%d, commit:%d, store:%d~%d" % (
                    request_header.topic, request_header.queue_id, request_header.offset, min_offset, max_offset)
                log.warning(error_info)
                response.code = ResponseCode.NO_MESSAGE
                response.remark = error_info
                return response
            self._append_ack(request_header, None, response, None)
        elif request.code == RequestCode.BATCH_ACK_MESSAGE:
            body = BatchAckMessageRequestBody.decode(request.body) if request.body is not None else None
            if body is None or not body.acks:
                response.code = ResponseCode.NO_MESSAGE
                return response
            for batch_ack in body.acks:
                self._append_ack(None, batch_ack, response, body.broker_name)
        else:
            log.error("AckMessageProcessor failed to process RequestCode: %d, consumer: %s ", request.code,
                      RemotingHelper.parse_channel_remote_addr(channel))
            response.code = ResponseCode.MESSAGE_ILLEGAL
            response.remark = "AckMessageProcessor failed to process RequestCode: %d" % request.code
        return response

    def _append_ack(self, request_header: Optional[AckMessageRequestHeader], batch_ack: Optional[BatchAck],
                    response: RemotingCommand, broker_name: Optional[str]) -> None:
        """Java ``appendAck``."""
        ack_msg: AckMsg
        if request_header is not None:
            try:
                extra_info = ExtraInfoUtil.split(request_header.extra_info)
                broker_name = ExtraInfoUtil.get_broker_name(extra_info)
                revive_qid = ExtraInfoUtil.get_revive_qid(extra_info)
                start_offset = ExtraInfoUtil.get_ck_queue_offset(extra_info)
                pop_time = ExtraInfoUtil.get_pop_time(extra_info)
                invisible_time = ExtraInfoUtil.get_invisible_time(extra_info)
            except ValueError as e:
                raise RemotingCommandException("the extraInfo <%s> of the ack is not a receipt handle: %s" % (
                    request_header.extra_info, e)) from None
            group, topic, queue_id = request_header.consumer_group, request_header.topic, request_header.queue_id
            ack_offset = request_header.offset
            ack_msg = AckMsg()
        else:
            assert batch_ack is not None
            group = batch_ack.consumer_group
            try:
                topic = ExtraInfoUtil.get_real_topic(batch_ack.topic, group, batch_ack.retry)
            except ValueError as e:
                raise RemotingCommandException("the retry flag <%s> of the batch ack is wrong: %s" % (
                    batch_ack.retry, e)) from None
            queue_id, revive_qid = batch_ack.queue_id, batch_ack.revive_queue_id
            start_offset, ack_offset = batch_ack.start_offset, -1
            pop_time, invisible_time = batch_ack.pop_time, batch_ack.invisible_time
            store = self.broker_controller.get_message_store()
            min_offset = store.get_min_offset_in_queue(topic, queue_id)
            max_offset = store.get_max_offset_in_queue(topic, queue_id)
            if min_offset == -1 or max_offset == -1:
                log.error("Illegal topic or queue found when batch ack %s", batch_ack)
                return
            batch_ack_msg = BatchAckMsg()
            mask = int.from_bytes(batch_ack.bit_set or b"", "little")
            for i in range(mask.bit_length()):
                offset = start_offset + i
                if mask >> i & 1 and min_offset <= offset <= max_offset:
                    batch_ack_msg.ack_offset_list.append(offset)
            if revive_qid != KeyBuilder.POP_ORDER_REVIVE_QUEUE and not batch_ack_msg.ack_offset_list:
                return
            ack_msg = batch_ack_msg
        if revive_qid == KeyBuilder.POP_ORDER_REVIVE_QUEUE:
            log.info("orderly ack of group %s on %s refused: not supported by this broker", group, topic)
            response.code = ResponseCode.MESSAGE_ILLEGAL
            response.remark = "orderly pop is not supported by the embedded broker"
            return
        ack_msg.consumer_group = group
        ack_msg.topic = topic
        ack_msg.queue_id = queue_id
        ack_msg.start_offset = start_offset
        ack_msg.ack_offset = ack_offset
        ack_msg.pop_time = pop_time
        ack_msg.broker_name = broker_name
        result = self.broker_controller.get_message_store().put_message(
            self.build_ack_msg(ack_msg, revive_qid, pop_time + invisible_time))
        if not is_put_ok(result):
            log.error("put ack msg error:%s", result)
