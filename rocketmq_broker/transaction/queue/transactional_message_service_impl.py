"""Java ``org.apache.rocketmq.broker.transaction.queue.TransactionalMessageServiceImpl``: half messages in
``RMQ_SYS_TRANS_HALF_TOPIC``, decisions as op messages in ``RMQ_SYS_TRANS_OP_HALF_TOPIC``, and the check of
undecided half messages.

A check round walks each half queue from the check service's offset (group ``CID_RMQ_SYS_TRANS``). Half
messages named by an op message are done; an undecided one older than the transaction timeout (or its
``CHECK_IMMUNITY_TIME_IN_SECONDS``) is appended to the half queue again with ``TRANSACTION_CHECK_TIMES`` + 1 and
the copy is sent to a producer of its group (CHECK_TRANSACTION_STATE); one checked ``transactionCheckMax`` times,
or older than the commit log's file reserved time, goes to the listener's ``resolve_discard_msg``. The offsets
only move past what is decided or re-appended, so nothing is lost across a restart.
"""
from __future__ import annotations

import concurrent.futures
import logging
import time
from typing import TYPE_CHECKING, Dict, List, Optional

from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.transaction.operation_result import OperationResult
from rocketmq_broker.transaction.queue.get_result import GetResult
from rocketmq_broker.transaction.queue.transactional_message_bridge import TransactionalMessageBridge
from rocketmq_broker.transaction.queue.transactional_message_util import TransactionalMessageUtil
from rocketmq_broker.transaction.transactional_message_service import TransactionalMessageService
from rocketmq_client.consumer.pull_result import PullResult
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.header.end_transaction_request_header import EndTransactionRequestHeader
from rocketmq_common.protocol.response_code import ResponseCode

if TYPE_CHECKING:
    from rocketmq_broker.transaction.abstract_transactional_message_check_listener import \
        AbstractTransactionalMessageCheckListener

__all__ = ["TransactionalMessageServiceImpl"]

log = logging.getLogger(__name__)

PULL_MSG_RETRY_NUMBER = 1
MAX_PROCESS_TIME_LIMIT = 60000
MAX_RETRY_COUNT_WHEN_HALF_NULL = 1


def _now() -> int:
    return int(time.time() * 1000)


def _get_long(s: str) -> int:
    """Java ``getLong``: -1 (logged) when ``s`` is not a number."""
    try:
        return int(s)
    except (TypeError, ValueError):
        log.error("GetLong error: %r", s)
        return -1


class TransactionalMessageServiceImpl(TransactionalMessageService):
    """See the module docstring."""

    def __init__(self, transaction_bridge: TransactionalMessageBridge) -> None:
        self.transactional_message_bridge = transaction_bridge
        self._op_queue_map: Dict[MessageQueue, MessageQueue] = {}

    def async_prepare_message(self, message_inner: MessageExtBrokerInner
                              ) -> "concurrent.futures.Future[PutMessageResult]":
        """Java ``asyncPrepareMessage``."""
        return self.transactional_message_bridge.async_put_half_message(message_inner)

    def prepare_message(self, message_inner: MessageExtBrokerInner) -> PutMessageResult:
        """Java ``prepareMessage``."""
        return self.transactional_message_bridge.put_half_message(message_inner)

    # ------------------------------------------------------------------ check

    @staticmethod
    def _need_discard(msg_ext: MessageExt, transaction_check_max: int) -> bool:
        """Java ``needDiscard``: True once checked ``transaction_check_max`` times; else counts this check in
        ``TRANSACTION_CHECK_TIMES``."""
        check_times = msg_ext.get_property(MessageConst.PROPERTY_TRANSACTION_CHECK_TIMES)
        check_time = 1
        if check_times is not None:
            try:
                check_time = int(check_times)
            except ValueError:
                log.error("GetInt error: %r", check_times)
                check_time = -1
            if check_time >= transaction_check_max:
                return True
            check_time += 1
        msg_ext.put_user_property(MessageConst.PROPERTY_TRANSACTION_CHECK_TIMES, str(check_time))
        return False

    def _need_skip(self, msg_ext: MessageExt) -> bool:
        """Java ``needSkip``: born longer ago than the commit log keeps its files."""
        value_of_current_minus_born = _now() - msg_ext.born_timestamp
        reserved = self.transactional_message_bridge.get_broker_controller().get_message_store_config() \
            .file_reserved_time
        if value_of_current_minus_born > reserved * 3600 * 1000:
            log.info("Half message exceed file reserved time ,so skip it.messageId %s,bornTime %d", msg_ext.msg_id,
                     msg_ext.born_timestamp)
            return True
        return False

    def _put_back_half_msg_queue(self, msg_ext: MessageExt, offset: int) -> bool:
        """Java ``putBackHalfMsgQueue``: append the half message again; ``msg_ext`` then describes the copy."""
        put_message_result = self._put_back_to_half_queue_return_result(msg_ext)
        if put_message_result is not None and put_message_result.put_message_status is PutMessageStatus.PUT_OK:
            append_result = put_message_result.append_message_result
            msg_ext.queue_offset = append_result.logics_offset
            msg_ext.commit_log_offset = append_result.wrote_offset
            msg_ext.msg_id = append_result.get_msg_id()
            log.debug("Send check message, the offset=%d restored in queueOffset=%d commitLogOffset=%d newMsgId=%s "
                      "realMsgId=%s topic=%s", offset, msg_ext.queue_offset, msg_ext.commit_log_offset,
                      msg_ext.msg_id, msg_ext.get_user_property(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX),
                      msg_ext.topic)
            return True
        log.error("PutBackToHalfQueueReturnResult write failed, topic: %s, queueId: %d, msgId: %s", msg_ext.topic,
                  msg_ext.queue_id, msg_ext.msg_id)
        return False

    def check(self, transaction_timeout: int, transaction_check_max: int,
              listener: "AbstractTransactionalMessageCheckListener") -> None:
        """Java ``check`` (see the module docstring); every error is logged."""
        try:
            topic = TransactionalMessageUtil.build_half_topic()
            msg_queues = self.transactional_message_bridge.fetch_message_queues(topic)
            if not msg_queues:
                log.warning("The queue of topic is empty :%s", topic)
                return
            log.debug("Check topic=%s, queues=%s", topic, msg_queues)
            for message_queue in msg_queues:
                self._check_queue(message_queue, transaction_timeout, transaction_check_max, listener)
        except Exception:
            log.error("Check error", exc_info=True)

    def _check_queue(self, message_queue: MessageQueue, transaction_timeout: int, transaction_check_max: int,
                     listener: "AbstractTransactionalMessageCheckListener") -> None:
        bridge = self.transactional_message_bridge
        start_time = _now()
        op_queue = self._get_op_queue(message_queue)
        half_offset = bridge.fetch_consume_offset(message_queue)
        op_offset = bridge.fetch_consume_offset(op_queue)
        log.info("Before check, the queue=%s msgOffset=%d opOffset=%d", message_queue, half_offset, op_offset)
        if half_offset < 0 or op_offset < 0:
            log.error("MessageQueue: %s illegal offset read: %d, op offset: %d,skip this queue", message_queue,
                      half_offset, op_offset)
            return
        done_op_offset: List[int] = []
        remove_map: Dict[int, int] = {}
        pull_result = self._fill_op_remove_map(remove_map, op_queue, op_offset, half_offset, done_op_offset)
        if pull_result is None:
            log.error("The queue=%s check msgOffset=%d with opOffset=%d failed, pullResult is null", message_queue,
                      half_offset, op_offset)
            return
        get_message_null_count = 1
        new_offset = half_offset
        i = half_offset
        while True:
            if _now() - start_time > MAX_PROCESS_TIME_LIMIT:
                log.info("Queue=%s process time reach max=%d", message_queue, MAX_PROCESS_TIME_LIMIT)
                break
            if i in remove_map:
                log.debug("Half offset %d has been committed/rolled back", i)
                done_op_offset.append(remove_map.pop(i))
            else:
                get_result = self._get_half_msg(message_queue, i)
                msg_ext = get_result.msg
                if msg_ext is None:
                    get_message_null_count += 1
                    if get_message_null_count - 1 > MAX_RETRY_COUNT_WHEN_HALF_NULL:
                        break
                    if get_result.pull_result.get_pull_status() is PullStatus.NO_NEW_MSG:
                        log.debug("No new msg, the miss offset=%d in=%s, continue check=%d, pull result=%s", i,
                                  message_queue, get_message_null_count, get_result.pull_result)
                        break
                    log.info("Illegal offset, the miss offset=%d in=%s, continue check=%d, pull result=%s", i,
                             message_queue, get_message_null_count, get_result.pull_result)
                    i = get_result.pull_result.get_next_begin_offset()
                    new_offset = i
                    continue
                if self._need_discard(msg_ext, transaction_check_max) or self._need_skip(msg_ext):
                    listener.resolve_discard_msg(msg_ext)
                    new_offset = i + 1
                    i += 1
                    continue
                if msg_ext.store_timestamp >= start_time:
                    log.debug("Fresh stored. the miss offset=%d, check it later, store=%d", i,
                              msg_ext.store_timestamp)
                    break
                value_of_current_minus_born = _now() - msg_ext.born_timestamp
                check_immunity_time = transaction_timeout
                check_immunity_time_str = msg_ext.get_user_property(
                    MessageConst.PROPERTY_CHECK_IMMUNITY_TIME_IN_SECONDS)
                if check_immunity_time_str is not None:
                    check_immunity_time = self._get_immunity_time(check_immunity_time_str, transaction_timeout)
                    if value_of_current_minus_born < check_immunity_time:
                        if self._check_prepare_queue_offset(remove_map, done_op_offset, msg_ext):
                            new_offset = i + 1
                            i += 1
                            continue
                elif 0 <= value_of_current_minus_born < check_immunity_time:
                    log.debug("New arrived, the miss offset=%d, check it later checkImmunity=%d, born=%d", i,
                              check_immunity_time, msg_ext.born_timestamp)
                    break
                op_msg = pull_result.get_msg_found_list()
                is_need_check = (op_msg is None and value_of_current_minus_born > check_immunity_time) \
                    or (op_msg is not None
                        and op_msg[-1].born_timestamp - start_time > transaction_timeout) \
                    or value_of_current_minus_born <= -1
                if is_need_check:
                    if not self._put_back_half_msg_queue(msg_ext, i):
                        continue
                    listener.resolve_half_msg(msg_ext)
                else:
                    pull_result = self._fill_op_remove_map(remove_map, op_queue, pull_result.get_next_begin_offset(),
                                                           half_offset, done_op_offset)
                    log.debug("The miss offset:%d in messageQueue:%s need to get more opMsg, result is:%s", i,
                              message_queue, pull_result)
                    if pull_result is None:
                        # Java fails here with a NullPointerException ("Check error"): no offset moves
                        log.error("The queue=%s check msgOffset=%d with opOffset=%d failed, pullResult is null",
                                  message_queue, half_offset, op_offset)
                        return
                    continue
            new_offset = i + 1
            i += 1
        if new_offset != half_offset:
            self.transactional_message_bridge.update_consume_offset(message_queue, new_offset)
        new_op_offset = self._calculate_op_offset(done_op_offset, op_offset)
        if new_op_offset != op_offset:
            self.transactional_message_bridge.update_consume_offset(op_queue, new_op_offset)

    @staticmethod
    def _get_immunity_time(check_immunity_time_str: str, transaction_timeout: int) -> int:
        """Java ``getImmunityTime``: the property's seconds in ms; the transaction timeout for -1."""
        check_immunity_time = _get_long(check_immunity_time_str)
        if check_immunity_time == -1:
            return transaction_timeout
        return check_immunity_time * 1000

    def _fill_op_remove_map(self, remove_map: Dict[int, int], op_queue: MessageQueue, pull_offset_of_op: int,
                            mini_offset: int, done_op_offset: List[int]) -> Optional[PullResult]:
        """Java ``fillOpRemoveMap``: read up to 32 op messages from ``pull_offset_of_op``; half offsets at or
        after ``mini_offset`` go to ``remove_map`` (half offset -> op offset), older ones are done."""
        pull_result = self._pull_op_msg(op_queue, pull_offset_of_op, 32)
        if pull_result is None:
            return None
        status = pull_result.get_pull_status()
        if status is PullStatus.OFFSET_ILLEGAL or status is PullStatus.NO_MATCHED_MSG:
            log.warning("The miss op offset=%d in queue=%s is illegal, pullResult=%s", pull_offset_of_op, op_queue,
                        pull_result)
            self.transactional_message_bridge.update_consume_offset(op_queue, pull_result.get_next_begin_offset())
            return pull_result
        if status is PullStatus.NO_NEW_MSG:
            log.debug("The miss op offset=%d in queue=%s is NO_NEW_MSG, pullResult=%s", pull_offset_of_op,
                      op_queue, pull_result)
            return pull_result
        op_msg = pull_result.get_msg_found_list()
        if op_msg is None:
            log.warning("The miss op offset=%d in queue=%s is empty, pullResult=%s", pull_offset_of_op, op_queue,
                        pull_result)
            return pull_result
        for op_message_ext in op_msg:
            queue_offset = _get_long((op_message_ext.body or b"").decode(TransactionalMessageUtil.charset,
                                                                         "replace"))
            log.debug("Topic: %s tags: %s, OpOffset: %d, HalfOffset: %d", op_message_ext.topic,
                      op_message_ext.get_tags(), op_message_ext.queue_offset, queue_offset)
            if op_message_ext.get_tags() == TransactionalMessageUtil.REMOVETAG:
                if queue_offset < mini_offset:
                    done_op_offset.append(op_message_ext.queue_offset)
                else:
                    remove_map[queue_offset] = op_message_ext.queue_offset
            else:
                log.error("Found a illegal tag in opMessageExt= %s ", op_message_ext)
        log.debug("Remove map: %s", remove_map)
        log.debug("Done op list: %s", done_op_offset)
        return pull_result

    def _check_prepare_queue_offset(self, remove_map: Dict[int, int], done_op_offset: List[int],
                                    msg_ext: MessageExt) -> bool:
        """Java ``checkPrepareQueueOffset``: True (skip the message) when its original half message is decided
        or the message was appended again as an immune copy."""
        prepare_queue_offset_str = msg_ext.get_user_property(MessageConst.PROPERTY_TRANSACTION_PREPARED_QUEUE_OFFSET)
        if prepare_queue_offset_str is None:
            return self._put_immunity_msg_back_to_half_queue(msg_ext)
        prepare_queue_offset = _get_long(prepare_queue_offset_str)
        if prepare_queue_offset == -1:
            return False
        if prepare_queue_offset in remove_map:
            done_op_offset.append(remove_map.pop(prepare_queue_offset))
            return True
        return self._put_immunity_msg_back_to_half_queue(msg_ext)

    def _put_back_to_half_queue_return_result(self, message_ext: MessageExt) -> Optional[PutMessageResult]:
        """Java ``putBackToHalfQueueReturnResult``."""
        try:
            msg_inner = self.transactional_message_bridge.renew_half_message_inner(message_ext)
            return self.transactional_message_bridge.put_message_return_result(msg_inner)
        except Exception:
            log.warning("PutBackToHalfQueueReturnResult error", exc_info=True)
            return None

    def _put_immunity_msg_back_to_half_queue(self, message_ext: MessageExt) -> bool:
        """Java ``putImmunityMsgBackToHalfQueue``."""
        msg_inner = self.transactional_message_bridge.renew_immunity_half_message_inner(message_ext)
        return self.transactional_message_bridge.put_message(msg_inner)

    def _pull_half_msg(self, mq: MessageQueue, offset: int, nums: int) -> Optional[PullResult]:
        """Java ``pullHalfMsg``."""
        return self.transactional_message_bridge.get_half_message(mq.queue_id, offset, nums)

    def _pull_op_msg(self, mq: MessageQueue, offset: int, nums: int) -> Optional[PullResult]:
        """Java ``pullOpMsg``."""
        return self.transactional_message_bridge.get_op_message(mq.queue_id, offset, nums)

    @staticmethod
    def _calculate_op_offset(done_offset: List[int], old_offset: int) -> int:
        """Java ``calculateOpOffset``: the op offset moves over the consecutive done op offsets."""
        done_offset.sort()
        new_offset = old_offset
        for offset in done_offset:
            if offset != new_offset:
                break
            new_offset += 1
        return new_offset

    def _get_op_queue(self, message_queue: MessageQueue) -> MessageQueue:
        op_queue = self._op_queue_map.get(message_queue)
        if op_queue is None:
            op_queue = MessageQueue(TransactionalMessageUtil.build_op_topic(), message_queue.broker_name,
                                    message_queue.queue_id)
            self._op_queue_map[message_queue] = op_queue
        return op_queue

    def _get_half_msg(self, message_queue: MessageQueue, offset: int) -> GetResult:
        """Java ``getHalfMsg``."""
        get_result = GetResult()
        result = self._pull_half_msg(message_queue, offset, PULL_MSG_RETRY_NUMBER)
        if result is not None:
            get_result.pull_result = result
            message_exts = result.get_msg_found_list()
            if message_exts:
                get_result.msg = message_exts[0]
        return get_result

    # ------------------------------------------------------------------ commit / rollback

    def _get_half_message_by_offset(self, commit_log_offset: int) -> OperationResult:
        response = OperationResult()
        message_ext = self.transactional_message_bridge.look_message_by_offset(commit_log_offset)
        if message_ext is not None:
            response.prepare_message = message_ext
            response.response_code = ResponseCode.SUCCESS
        else:
            response.response_code = ResponseCode.SYSTEM_ERROR
            response.response_remark = "Find prepared transaction message failed"
        return response

    def delete_prepare_message(self, msg_ext: MessageExt) -> bool:
        """Java ``deletePrepareMessage``: write the op message that decides ``msg_ext``."""
        if self.transactional_message_bridge.put_op_message(msg_ext, TransactionalMessageUtil.REMOVETAG):
            log.debug("Transaction op message write successfully. messageId=%s, queueId=%d msgExt:%s",
                      msg_ext.msg_id, msg_ext.queue_id, msg_ext)
            return True
        log.error("Transaction op message write failed. messageId is %s, queueId is %d", msg_ext.msg_id,
                  msg_ext.queue_id)
        return False

    def commit_message(self, request_header: EndTransactionRequestHeader) -> OperationResult:
        """Java ``commitMessage``: the half message at the header's commit-log offset."""
        return self._get_half_message_by_offset(request_header.commit_log_offset)

    def rollback_message(self, request_header: EndTransactionRequestHeader) -> OperationResult:
        """Java ``rollbackMessage``: the half message at the header's commit-log offset."""
        return self._get_half_message_by_offset(request_header.commit_log_offset)

    def open(self) -> bool:
        """Java ``open``."""
        return True

    def close(self) -> None:
        """Java ``close``."""
