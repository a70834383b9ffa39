"""Java ``org.apache.rocketmq.broker.processor.EndTransactionProcessor``: END_TRANSACTION, the producer's commit
or rollback of a half message (after its local transaction, or answering CHECK_TRANSACTION_STATE).

State 0 (unknown) is only logged, with no response. Commit and rollback look the half message up by its
commit-log offset and check its producer group, queue offset and commit-log offset against the header; a commit
then stores the real message (transaction type COMMIT, ``preparedTransactionOffset`` = the half message's
offset, properties as the half message stored them, so ``TRAN_MSG``, ``REAL_TOPIC`` and ``REAL_QID`` stay), and
both write the op message that marks the half message decided. Java clients send END_TRANSACTION one-way; a
two-way request gets Java's response (a rollback's SUCCESS keeps the remark ``not set any response code``).
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.transaction.operation_result import OperationResult
from rocketmq_broker.transaction.queue.transactional_message_bridge import hash_ordered_properties_string
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.protocol.header.end_transaction_request_header import EndTransactionRequestHeader
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.topic_filter_type import TopicFilterType
from rocketmq_remoting.netty.async_netty_request_processor import AsyncNettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["EndTransactionProcessor"]

log = logging.getLogger(__name__)

_NOT_SET = "not set any response code"
_NOT_TYPE = MessageSysFlag.TRANSACTION_NOT_TYPE
_COMMIT_TYPE = MessageSysFlag.TRANSACTION_COMMIT_TYPE
_ROLLBACK_TYPE = MessageSysFlag.TRANSACTION_ROLLBACK_TYPE


def _new_response() -> RemotingCommand:
    # Java ``RemotingCommand.createResponseCommand(null)``
    return RemotingCommand.create_response_command(ResponseCode.SYSTEM_ERROR, _NOT_SET)


class EndTransactionProcessor(AsyncNettyRequestProcessor):
    """See the module docstring."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest``."""
        response = _new_response()
        request_header = request.decode_command_custom_header(EndTransactionRequestHeader)
        log.debug("Transaction request:%s", request_header)
        if self.broker_controller.get_message_store_config().broker_role is BrokerRole.SLAVE:
            response.code = ResponseCode.SLAVE_NOT_AVAILABLE
            log.warning("Message store is slave mode, so end transaction is forbidden. ")
            return response
        commit_or_rollback = request_header.commit_or_rollback
        peer = ctx.channel().get_remote_addr()
        if request_header.from_transaction_check:
            if commit_or_rollback == _NOT_TYPE:
                log.warning("Check producer[%s] transaction state, but it's pending status.RequestHeader: %s "
                            "Remark: %s", peer, request_header, request.remark)
                return None
            if commit_or_rollback == _COMMIT_TYPE:
                log.warning("Check producer[%s] transaction state, the producer commit the message.RequestHeader: "
                            "%s Remark: %s", peer, request_header, request.remark)
            elif commit_or_rollback == _ROLLBACK_TYPE:
                log.warning("Check producer[%s] transaction state, the producer rollback the message."
                            "RequestHeader: %s Remark: %s", peer, request_header, request.remark)
            else:
                return None
        else:
            if commit_or_rollback == _NOT_TYPE:
                log.warning("The producer[%s] end transaction in sending message,  and it's pending status."
                            "RequestHeader: %s Remark: %s", peer, request_header, request.remark)
                return None
            if commit_or_rollback == _ROLLBACK_TYPE:
                log.warning("The producer[%s] end transaction in sending message, rollback the message."
                            "RequestHeader: %s Remark: %s", peer, request_header, request.remark)
            elif commit_or_rollback != _COMMIT_TYPE:
                return None
        service = self.broker_controller.get_transactional_message_service()
        result = OperationResult()
        if commit_or_rollback == _COMMIT_TYPE:
            result = service.commit_message(request_header)
            if result.response_code == ResponseCode.SUCCESS:
                res = self.check_prepare_message(result.prepare_message, request_header)
                if res.code == ResponseCode.SUCCESS:
                    prepare_message = result.prepare_message
                    msg_inner = self.end_message_transaction(prepare_message)
                    msg_inner.sys_flag = MessageSysFlag.reset_transaction_value(msg_inner.sys_flag,
                                                                                commit_or_rollback)
                    msg_inner.queue_offset = request_header.tran_state_table_offset
                    msg_inner.prepared_transaction_offset = request_header.commit_log_offset
                    msg_inner.store_timestamp = prepare_message.store_timestamp
                    MessageAccessor.clear_property(msg_inner, MessageConst.PROPERTY_TRANSACTION_PREPARED)
                    send_result = self.send_final_message(msg_inner)
                    if send_result.code == ResponseCode.SUCCESS:
                        service.delete_prepare_message(prepare_message)
                    return send_result
                return res
        elif commit_or_rollback == _ROLLBACK_TYPE:
            result = service.rollback_message(request_header)
            if result.response_code == ResponseCode.SUCCESS:
                res = self.check_prepare_message(result.prepare_message, request_header)
                if res.code == ResponseCode.SUCCESS:
                    service.delete_prepare_message(result.prepare_message)
                return res
        response.code = result.response_code
        response.remark = result.response_remark
        return response

    def reject_request(self) -> bool:
        return False

    @staticmethod
    def check_prepare_message(msg_ext: Optional[MessageExt],
                              request_header: EndTransactionRequestHeader) -> RemotingCommand:
        """Java ``checkPrepareMessage``: the half message must match the header's producer group, queue offset
        and commit-log offset."""
        response = _new_response()
        if msg_ext is None:
            response.remark = "Find prepared transaction message failed"
            return response
        if msg_ext.get_property(MessageConst.PROPERTY_PRODUCER_GROUP) != request_header.producer_group:
            response.remark = "The producer group wrong"
            return response
        if msg_ext.queue_offset != request_header.tran_state_table_offset:
            response.remark = "The transaction state table offset wrong"
            return response
        if msg_ext.commit_log_offset != request_header.commit_log_offset:
            response.remark = "The commit log offset wrong"
            return response
        response.code = ResponseCode.SUCCESS
        return response

    @staticmethod
    def end_message_transaction(msg_ext: MessageExt) -> MessageExtBrokerInner:
        """Java ``endMessageTransaction``: the real message of a half message. Like Java it shares the half
        message's properties and removes ``REAL_TOPIC`` / ``REAL_QID`` from them after the stored string was
        built, so the record keeps them."""
        msg_inner = MessageExtBrokerInner()
        msg_inner.topic = msg_ext.get_user_property(MessageConst.PROPERTY_REAL_TOPIC)
        real_queue_id = msg_ext.get_user_property(MessageConst.PROPERTY_REAL_QUEUE_ID)
        if real_queue_id is None:  # Java's Integer.parseInt(null) throws NumberFormatException
            raise ValueError("half message %s has no %s property" % (msg_ext.msg_id,
                                                                     MessageConst.PROPERTY_REAL_QUEUE_ID))
        msg_inner.queue_id = int(real_queue_id)
        msg_inner.body = msg_ext.body
        msg_inner.flag = msg_ext.flag
        msg_inner.born_timestamp = msg_ext.born_timestamp
        msg_inner.born_host = msg_ext.born_host
        msg_inner.store_host = msg_ext.store_host
        msg_inner.reconsume_times = msg_ext.reconsume_times
        msg_inner.set_wait_store_msg_ok(False)
        msg_inner.transaction_id = msg_ext.get_user_property(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX)
        msg_inner.sys_flag = msg_ext.sys_flag
        topic_filter_type = TopicFilterType.MULTI_TAG \
            if msg_inner.sys_flag & MessageSysFlag.MULTI_TAGS_FLAG == MessageSysFlag.MULTI_TAGS_FLAG \
            else TopicFilterType.SINGLE_TAG
        # like Java: the tags are read before the properties are set (the store takes the tags code itself)
        msg_inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(msg_inner.get_tags(), topic_filter_type)
        MessageAccessor.set_properties(msg_inner, msg_ext.properties)
        msg_inner.properties_string = hash_ordered_properties_string(msg_ext.properties)
        MessageAccessor.clear_property(msg_inner, MessageConst.PROPERTY_REAL_TOPIC)
        MessageAccessor.clear_property(msg_inner, MessageConst.PROPERTY_REAL_QUEUE_ID)
        return msg_inner

    def send_final_message(self, msg_inner: MessageExtBrokerInner) -> RemotingCommand:
        """Java ``sendFinalMessage``: store the committed message; the store's status as response code."""
        response = _new_response()
        put_message_result = self.broker_controller.get_message_store().put_message(msg_inner)
        if put_message_result is None:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "store putMessage return null"
            return response
        status = put_message_result.put_message_status
        if status in (PutMessageStatus.PUT_OK, PutMessageStatus.FLUSH_DISK_TIMEOUT,
                      PutMessageStatus.FLUSH_SLAVE_TIMEOUT, PutMessageStatus.SLAVE_NOT_AVAILABLE):
            response.code = ResponseCode.SUCCESS
            response.remark = None
        elif status is PutMessageStatus.CREATE_MAPEDFILE_FAILED:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "Create mapped file failed."
        elif status in (PutMessageStatus.MESSAGE_ILLEGAL, PutMessageStatus.PROPERTIES_SIZE_EXCEEDED):
            response.code = ResponseCode.MESSAGE_ILLEGAL
            response.remark = ("The message is illegal, maybe msg body or properties length not matched. msg body "
                               "length limit %dB, msg properties length limit 32KB." %
                               self.broker_controller.get_message_store_config().max_message_size)
        elif status is PutMessageStatus.SERVICE_NOT_AVAILABLE:
            response.code = ResponseCode.SERVICE_NOT_AVAILABLE
            response.remark = "Service not available now."
        elif status is PutMessageStatus.OS_PAGECACHE_BUSY:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "OS page cache busy, please try another machine"
        elif status is PutMessageStatus.UNKNOWN_ERROR:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "UNKNOWN_ERROR"
        else:
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "UNKNOWN_ERROR DEFAULT"
        return response
