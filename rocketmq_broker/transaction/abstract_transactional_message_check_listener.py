"""Java ``org.apache.rocketmq.broker.transaction.AbstractTransactionalMessageCheckListener``: what the check
does with an undecided half message (ask a producer) and with one checked too often (subclass decides)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.protocol.header.check_transaction_state_request_header import \
    CheckTransactionStateRequestHeader
from rocketmq_remoting.common.thread_pool import RejectedExecutionException, ThreadPoolExecutor

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["AbstractTransactionalMessageCheckListener"]

log = logging.getLogger(__name__)


class AbstractTransactionalMessageCheckListener:
    """Sends CHECK_TRANSACTION_STATE on its own small pool (Java: 2..5 threads, 2000 queued, the caller runs
    the task when the pool is full; Java's pool is static, this one belongs to the listener and ends with
    :meth:`shut_down`)."""

    #: queue count of topic TRANS_CHECK_MAX_TIME_TOPIC
    TCMT_QUEUE_NUMS = 1

    def __init__(self, broker_controller: Optional["BrokerController"] = None) -> None:
        self.broker_controller = broker_controller
        self.executor_service = ThreadPoolExecutor(2, 5, 2000, "Transaction-msg-check-thread_", keep_alive_time=100)

    def send_check_message(self, msg_ext: MessageExt) -> None:
        """Java ``sendCheckMessage``: CHECK_TRANSACTION_STATE with the half message (real topic and queue
        restored) to one live connection of its producer group (``PGROUP``)."""
        header = CheckTransactionStateRequestHeader()
        header.commit_log_offset = msg_ext.commit_log_offset
        header.offset_msg_id = msg_ext.msg_id
        header.msg_id = msg_ext.get_user_property(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX)
        header.transaction_id = header.msg_id
        header.tran_state_table_offset = msg_ext.queue_offset
        msg_ext.topic = msg_ext.get_user_property(MessageConst.PROPERTY_REAL_TOPIC)
        real_queue_id = msg_ext.get_user_property(MessageConst.PROPERTY_REAL_QUEUE_ID)
        if real_queue_id is None:  # Java's Integer.parseInt(null) throws NumberFormatException
            raise ValueError("half message %s has no %s property" % (msg_ext.msg_id,
                                                                     MessageConst.PROPERTY_REAL_QUEUE_ID))
        msg_ext.queue_id = int(real_queue_id)
        msg_ext.store_size = 0
        group_id = msg_ext.get_property(MessageConst.PROPERTY_PRODUCER_GROUP)
        broker_controller = self.get_broker_controller()
        channel = broker_controller.get_producer_manager().get_available_channel(group_id)
        if channel is not None and group_id is not None:  # no channel without a group
            broker_controller.get_broker2_client().check_producer_transaction_state(group_id, channel, header,
                                                                                  msg_ext)
        else:
            log.warning("Check transaction failed, channel is null. groupId=%s", group_id)

    def resolve_half_msg(self, msg_ext: MessageExt) -> None:
        """Java ``resolveHalfMsg``: :meth:`send_check_message` on the pool (in the caller when it is full)."""
        try:
            self.executor_service.execute(self._send_check_message_logged, msg_ext)
        except RejectedExecutionException:
            if self.executor_service.is_shutdown():
                log.warning("check of %s dropped: the check pool is shut down", msg_ext.msg_id)
            else:
                self._send_check_message_logged(msg_ext)

    def _send_check_message_logged(self, msg_ext: MessageExt) -> None:
        try:
            self.send_check_message(msg_ext)
        except Exception:
            log.error("Send check message error!", exc_info=True)

    def get_broker_controller(self) -> "BrokerController":
        """Java ``getBrokerController``."""
        if self.broker_controller is None:
            raise RuntimeError("the check listener has no broker controller (set_broker_controller)")
        return self.broker_controller

    def set_broker_controller(self, broker_controller: "BrokerController") -> None:
        """Java ``setBrokerController``: inject the broker."""
        self.broker_controller = broker_controller

    def shut_down(self) -> None:
        """Java ``shutDown``: stop the check pool (queued checks still run)."""
        self.executor_service.shutdown()

    def resolve_discard_msg(self, msg_ext: MessageExt) -> None:
        """Java ``resolveDiscardMsg``: the half message was checked too many times (or is too old)."""
        raise NotImplementedError
