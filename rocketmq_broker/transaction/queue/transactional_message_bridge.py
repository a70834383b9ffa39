"""Java ``org.apache.rocketmq.broker.transaction.queue.TransactionalMessageBridge``: the transaction service's
access to the store (half and op queues, the check service's offsets, puts).

Property strings are written in the order a Java ``HashMap`` holding the same properties iterates them
(:func:`~rocketmq_broker.processor.abstract_send_message_processor.java_hash_map_order`), so the records are
byte-identical to a Java broker's. The store host is the broker's current one (with an ephemeral listen port it
is only known once the broker started; Java computes it in the constructor).
"""
from __future__ import annotations

import concurrent.futures
import logging
import time
from typing import TYPE_CHECKING, Dict, List, Optional, Set, Tuple

from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_broker.store.get_message_result import GetMessageResult
from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.transaction.queue.transactional_message_util import TransactionalMessageUtil
from rocketmq_client.consumer.pull_result import PullResult
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.common.remoting_helper import RemotingHelper

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["TransactionalMessageBridge"]

log = logging.getLogger(__name__)

_props2string = MessageDecoder.message_properties2string

_PULL_STATUS = {
    GetMessageStatus.FOUND: PullStatus.FOUND,
    GetMessageStatus.NO_MATCHED_MESSAGE: PullStatus.NO_MATCHED_MSG,
    GetMessageStatus.NO_MESSAGE_IN_QUEUE: PullStatus.NO_NEW_MSG,
    GetMessageStatus.OFFSET_OVERFLOW_ONE: PullStatus.NO_NEW_MSG,
    GetMessageStatus.MESSAGE_WAS_REMOVING: PullStatus.OFFSET_ILLEGAL,
    GetMessageStatus.NO_MATCHED_LOGIC_QUEUE: PullStatus.OFFSET_ILLEGAL,
    GetMessageStatus.OFFSET_FOUND_NULL: PullStatus.OFFSET_ILLEGAL,
    GetMessageStatus.OFFSET_OVERFLOW_BADLY: PullStatus.OFFSET_ILLEGAL,
    GetMessageStatus.OFFSET_TOO_SMALL: PullStatus.OFFSET_ILLEGAL,
}


def hash_ordered_properties_string(properties: Optional[Dict[str, str]]) -> str:
    """Java ``MessageDecoder.messageProperties2String`` of a ``HashMap`` holding ``properties``."""
    return _props2string(java_hash_map_order(properties)) if properties else ""


class TransactionalMessageBridge:
    """See the module docstring."""

    def __init__(self, broker_controller: "BrokerController", store: "DefaultMessageStore") -> None:
        self.broker_controller = broker_controller
        self.store = store
        self._op_queue_map: Dict[MessageQueue, MessageQueue] = {}

    def get_store_host(self) -> Tuple[str, int]:
        """Java ``storeHost``: ``(brokerIP1, listen port)``."""
        return self.broker_controller.get_store_host()

    # ------------------------------------------------------------------ offsets of the check service

    def fetch_consume_offset(self, mq: MessageQueue) -> int:
        """Java ``fetchConsumeOffset``: the check service's offset in ``mq`` (the queue's min offset when none)."""
        offset = self.broker_controller.get_consumer_offset_manager().query_offset(
            TransactionalMessageUtil.build_consumer_group(), mq.topic, mq.queue_id)
        if offset == -1:
            offset = self.store.get_min_offset_in_queue(mq.topic, mq.queue_id)
        return offset

    def fetch_message_queues(self, topic: str) -> Set[MessageQueue]:
        """Java ``fetchMessageQueues``: the readable queues of ``topic`` (created with one queue if absent)."""
        mq_set: Set[MessageQueue] = set()
        topic_config = self._select_topic_config(topic)
        if topic_config is not None and topic_config.read_queue_nums > 0:
            broker_name = self.broker_controller.get_broker_config().broker_name
            for queue_id in range(topic_config.read_queue_nums):
                mq_set.add(MessageQueue(topic, broker_name, queue_id))
        return mq_set

    def update_consume_offset(self, mq: MessageQueue, offset: int) -> None:
        """Java ``updateConsumeOffset``."""
        self.broker_controller.get_consumer_offset_manager().commit_offset(
            RemotingHelper.parse_socket_address_addr(self.get_store_host()),
            TransactionalMessageUtil.build_consumer_group(), mq.topic, mq.queue_id, offset)

    # ------------------------------------------------------------------ reads

    def get_half_message(self, queue_id: int, offset: int, nums: int) -> Optional[PullResult]:
        """Java ``getHalfMessage``."""
        return self._get_message(TransactionalMessageUtil.build_consumer_group(),
                                 TransactionalMessageUtil.build_half_topic(), queue_id, offset, nums)

    def get_op_message(self, queue_id: int, offset: int, nums: int) -> Optional[PullResult]:
        """Java ``getOpMessage``."""
        return self._get_message(TransactionalMessageUtil.build_consumer_group(),
                                 TransactionalMessageUtil.build_op_topic(), queue_id, offset, nums)

    def _get_message(self, group: str, topic: str, queue_id: int, offset: int, nums: int) -> Optional[PullResult]:
        get_message_result = self.store.get_message(group, topic, queue_id, offset, nums, None)
        if get_message_result is None:
            log.error("Get message from store return null. topic=%s, groupId=%s, requestOffset=%d", topic, group,
                      offset)
            return None
        status = get_message_result.status
        pull_status = _PULL_STATUS[status]
        found_list: Optional[List[MessageExt]] = None
        if pull_status is PullStatus.FOUND:
            found_list = self._decode_msg_list(get_message_result)
            stats = self.broker_controller.get_broker_stats_manager()
            if stats is not None:
                stats.inc_group_get_nums(group, topic, get_message_result.get_message_count())
                stats.inc_group_get_size(group, topic, get_message_result.buffer_total_size)
                stats.inc_broker_get_nums(get_message_result.get_message_count())
        elif pull_status is PullStatus.NO_MATCHED_MSG:
            log.warning("No matched message. GetMessageStatus=%s, topic=%s, groupId=%s, requestOffset=%d",
                        status.name, topic, group, offset)
        elif pull_status is PullStatus.NO_NEW_MSG:
            log.debug("No new message. GetMessageStatus=%s, topic=%s, groupId=%s, requestOffset=%d",
                      status.name, topic, group, offset)
        else:
            log.warning("Offset illegal. GetMessageStatus=%s, topic=%s, groupId=%s, requestOffset=%d",
                        status.name, topic, group, offset)
        return PullResult(pull_status, get_message_result.next_begin_offset, get_message_result.min_offset,
                          get_message_result.max_offset, found_list)

    @staticmethod
    def _decode_msg_list(get_message_result: GetMessageResult) -> List[MessageExt]:
        found_list: List[MessageExt] = []
        try:
            for buffer in get_message_result.message_buffer_list:
                msg_ext = MessageDecoder.decode(buffer, True, False)
                if msg_ext is not None:
                    found_list.append(msg_ext)
        finally:
            get_message_result.release()
        return found_list

    def look_message_by_offset(self, commit_log_offset: int) -> Optional[MessageExt]:
        """Java ``lookMessageByOffset``."""
        return self.store.look_message_by_offset(commit_log_offset)

    # ------------------------------------------------------------------ half messages

    def put_half_message(self, message_inner: MessageExtBrokerInner) -> PutMessageResult:
        """Java ``putHalfMessage``."""
        return self.store.put_message(self._parse_half_message_inner(message_inner))

    def async_put_half_message(self, message_inner: MessageExtBrokerInner
                               ) -> "concurrent.futures.Future[PutMessageResult]":
        """Java ``asyncPutHalfMessage``."""
        return self.store.async_put_message(self._parse_half_message_inner(message_inner))

    @staticmethod
    def _parse_half_message_inner(msg_inner: MessageExtBrokerInner) -> MessageExtBrokerInner:
        """Java ``parseHalfMessageInner``: keep the real topic and queue in ``REAL_TOPIC`` / ``REAL_QID`` and
        store the message in ``RMQ_SYS_TRANS_HALF_TOPIC`` queue 0 as a plain (not prepared) message."""
        MessageAccessor.put_property(msg_inner, MessageConst.PROPERTY_REAL_TOPIC, msg_inner.topic)
        MessageAccessor.put_property(msg_inner, MessageConst.PROPERTY_REAL_QUEUE_ID, str(msg_inner.queue_id))
        msg_inner.sys_flag = MessageSysFlag.reset_transaction_value(msg_inner.sys_flag,
                                                                    MessageSysFlag.TRANSACTION_NOT_TYPE)
        msg_inner.topic = TransactionalMessageUtil.build_half_topic()
        msg_inner.queue_id = 0
        msg_inner.properties_string = hash_ordered_properties_string(msg_inner.properties)
        return msg_inner

    def renew_immunity_half_message_inner(self, msg_ext: MessageExt) -> MessageExtBrokerInner:
        """Java ``renewImmunityHalfMessageInner``: :meth:`renew_half_message_inner` remembering the queue
        offset of the original half message in ``TRAN_PREPARED_QUEUE_OFFSET``."""
        msg_inner = self.renew_half_message_inner(msg_ext)
        queue_offset_from_prepare = msg_ext.get_user_property(
            MessageConst.PROPERTY_TRANSACTION_PREPARED_QUEUE_OFFSET)
        MessageAccessor.put_property(msg_inner, MessageConst.PROPERTY_TRANSACTION_PREPARED_QUEUE_OFFSET,
                                     queue_offset_from_prepare if queue_offset_from_prepare is not None
                                     else str(msg_ext.queue_offset))
        msg_inner.properties_string = hash_ordered_properties_string(msg_inner.properties)
        return msg_inner

    @staticmethod
    def renew_half_message_inner(msg_ext: MessageExt) -> MessageExtBrokerInner:
        """Java ``renewHalfMessageInner``: a copy of a half message to append to the half queue again. Like
        Java it shares ``msg_ext``'s properties and sets ``WAIT=false`` there only after the stored string was
        built (the record keeps ``WAIT=true``; the check request's body shows ``false``)."""
        msg_inner = MessageExtBrokerInner()
        msg_inner.topic = msg_ext.topic
        msg_inner.body = msg_ext.body
        msg_inner.queue_id = msg_ext.queue_id
        msg_inner.msg_id = msg_ext.msg_id
        msg_inner.sys_flag = msg_ext.sys_flag
        msg_inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(msg_ext.get_tags())
        MessageAccessor.set_properties(msg_inner, msg_ext.properties)
        msg_inner.properties_string = hash_ordered_properties_string(msg_ext.properties)
        msg_inner.born_timestamp = msg_ext.born_timestamp
        msg_inner.born_host = msg_ext.born_host
        msg_inner.store_host = msg_ext.store_host
        msg_inner.set_wait_store_msg_ok(False)
        return msg_inner

    # ------------------------------------------------------------------ puts

    def put_message_return_result(self, message_inner: MessageExtBrokerInner) -> PutMessageResult:
        """Java ``putMessageReturnResult``."""
        return self.store.put_message(message_inner)

    def put_message(self, message_inner: MessageExtBrokerInner) -> bool:
        """Java ``putMessage``: True when stored."""
        put_message_result = self.store.put_message(message_inner)
        if put_message_result is not None and put_message_result.put_message_status is PutMessageStatus.PUT_OK:
            return True
        log.error("Put message failed, topic: %s, queueId: %d, msgId: %s", message_inner.topic,
                  message_inner.queue_id, message_inner.msg_id)
        return False

    # ------------------------------------------------------------------ op messages

    def put_op_message(self, message_ext: MessageExt, op_type: str) -> bool:
        """Java ``putOpMessage``: record in the op queue that the half message is decided."""
        message_queue = MessageQueue(message_ext.topic, self.broker_controller.get_broker_config().broker_name,
                                     message_ext.queue_id)
        if op_type == TransactionalMessageUtil.REMOVETAG:
            return self._add_remove_tag_in_transaction_op(message_ext, message_queue)
        return True

    def _add_remove_tag_in_transaction_op(self, prepare_message: MessageExt, message_queue: MessageQueue) -> bool:
        """Java ``addRemoveTagInTransactionOp``: an op message tagged ``d`` whose body is the half message's
        queue offset. Always True (a failed put is logged)."""
        message = Message(TransactionalMessageUtil.build_op_topic(), TransactionalMessageUtil.REMOVETAG,
                          str(prepare_message.queue_offset).encode(TransactionalMessageUtil.charset))
        self._write_op(message, message_queue)
        return True

    def _write_op(self, message: Message, mq: MessageQueue) -> None:
        op_queue = self._op_queue_map.get(mq)
        if op_queue is None:
            op_queue = self._op_queue_map.setdefault(mq, self._get_op_queue_by_half(mq))
        self.put_message(self._make_op_message_inner(message, op_queue))

    @staticmethod
    def _get_op_queue_by_half(half_mq: MessageQueue) -> MessageQueue:
        return MessageQueue(TransactionalMessageUtil.build_op_topic(), half_mq.broker_name, half_mq.queue_id)

    def _make_op_message_inner(self, message: Message, message_queue: MessageQueue) -> MessageExtBrokerInner:
        """Java ``makeOpMessageInner``. The stored properties are ``TAGS`` and ``WAIT=true``: Java sets
        ``WAIT=false`` and the ``UNIQ_KEY`` only after the properties string was built, so neither reaches the
        record or the index; ``WAIT=false`` still spares the put the flush wait."""
        store_host = self.get_store_host()
        msg_inner = MessageExtBrokerInner()
        msg_inner.topic = message.topic
        msg_inner.body = message.body
        msg_inner.queue_id = message_queue.queue_id
        msg_inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(message.get_tags())
        msg_inner.sys_flag = 0
        MessageAccessor.set_properties(msg_inner, message.properties)
        msg_inner.properties_string = hash_ordered_properties_string(message.properties)
        msg_inner.born_timestamp = int(time.time() * 1000)
        msg_inner.born_host = store_host
        msg_inner.store_host = store_host
        msg_inner.set_wait_store_msg_ok(False)
        return msg_inner

    def _select_topic_config(self, topic: str) -> Optional[TopicConfig]:
        topic_config_manager = self.broker_controller.get_topic_config_manager()
        topic_config = topic_config_manager.select_topic_config(topic)
        if topic_config is None:
            topic_config = topic_config_manager.create_topic_in_send_message_back_method(
                topic, 1, PermName.PERM_WRITE | PermName.PERM_READ, 0)
        return topic_config

    def get_broker_controller(self) -> "BrokerController":
        """Java ``getBrokerController``."""
        return self.broker_controller
