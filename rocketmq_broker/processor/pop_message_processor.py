"""Java ``org.apache.rocketmq.broker.processor.PopMessageProcessor`` (5.3.3): POP_MESSAGE.

A pop reads up to ``maxMsgNums`` messages of one queue (or, with queue id -1, of every queue from a random one)
and, with ``popFromRetryProbability`` % chance first and otherwise when the batch is not full, of the group's
retry topic ``%RETRY%group_topic``. For each queue read it writes a :class:`PopCheckPoint` into the revive topic
(``rmq_sys_REVIVE_LOG_<cluster>``, delivered by the timer wheel 1 s before ``popTime + invisibleTime``) *before*
the messages are answered, so an un-acked message is revived through the retry topic by the
:class:`PopReviveService` even after a broker restart. The response carries the pop time, invisible time,
revive queue and ``startOffsetInfo`` / ``msgOffsetInfo`` (``ExtraInfoUtil``), from which the client builds
each message's receipt handle; a retry message is re-encoded under the normal topic with its ``POP_CK``
handle. A pop that finds nothing is held by the :class:`PopLongPollingService` for its ``pollTime``.

As Java 5.3.3, the broker does not check the group's request mode (SET_MESSAGE_REQUEST_MODE only changes what
QUERY_ASSIGNMENT answers): a group in PULL mode may pop, and its pops and pulls share the consumer offsets.

As Java, the invisible time is not range-checked: a checkpoint the store refuses (an invisible time beyond the
timer's ``timerMaxDelaySec``) still answers the messages; it is stored again at each later pop of the queue, and
the consumer offset stays behind it (after a restart those messages are popped again: at least once).

Differences from Java: Java's ``enablePopBufferMerge`` is off by default, and then its ``PopBufferMergeService``
only stores each checkpoint at once and commits the consumer offsets in pop order from a per-queue offset queue,
retrying refused checkpoints, on its own thread; here that offset queue is committed (and a refused checkpoint
retried) under the queue lock by the pops themselves, so there is no buffer service thread. Orderly pops
(``order=true``, checkpoint-less, ``ConsumerOrderInfoManager``) are not supported (the Java 5.3.3 push consumer
does not send them): they are answered SYSTEM_ERROR. The pop-consumer KV service (``popConsumerKVServiceEnable``)
and the in-flight message threshold are not implemented; neither are on by default in Java.
"""
from __future__ import annotations

import logging
import random
import struct
import threading
import time
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Union

from rocketmq_broker.filter.consumer_filter_manager import ConsumerFilterManager
from rocketmq_broker.filter.expression_message_filter import ExpressionMessageFilter
from rocketmq_broker.longpolling.pop_long_polling_service import PollingResult, PopLongPollingService
from rocketmq_broker.store.get_message_result import GetMessageResult
from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.pop.pop_check_point import PopCheckPoint
from rocketmq_common.constant.consume_init_mode import ConsumeInitMode
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.key_builder import KeyBuilder
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.mix_all import MixAll
from rocketmq_common.pop_ack_constants import PopAckConstants
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.header.pop_message_request_header import (
    PopMessageRequestHeader, PopMessageResponseHeader,
)
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.service_thread import ServiceThread
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_broker.store.put_message_result import PutMessageResult
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["PopMessageProcessor", "QueueLockManager", "TimedLock", "new_revive_message"]

log = logging.getLogger(__name__)

_BORN_TIME = "bornTime"
_MAX_MSG_NUMS = 32
_LONG = struct.Struct(">q")
_QUEUE_OFFSET_POSITION = 20  # a stored record: totalSize, magic, bodyCRC, queueId, flag, then queueOffset
#: the GetMessageStatus values after which Java re-reads from the store's next begin offset
_OFFSET_NOT_CORRECT = (GetMessageStatus.OFFSET_TOO_SMALL, GetMessageStatus.OFFSET_OVERFLOW_BADLY,
                       GetMessageStatus.OFFSET_FOUND_NULL)
#: the statuses for which Java records a checkpoint-less ("mock") offset commit
_NOTHING_TO_POP = (GetMessageStatus.NO_MATCHED_MESSAGE, GetMessageStatus.OFFSET_FOUND_NULL,
                   GetMessageStatus.MESSAGE_WAS_REMOVING, GetMessageStatus.NO_MATCHED_LOGIC_QUEUE)
_PUT_OK_STATUSES = ("PUT_OK", "FLUSH_DISK_TIMEOUT", "FLUSH_SLAVE_TIMEOUT", "SLAVE_NOT_AVAILABLE")


def new_revive_message(broker_controller: "BrokerController", revive_topic: str, body: bytes, revive_qid: int,
                       tags: str, deliver_time_ms: int, uniq_key: str) -> MessageExtBrokerInner:
    """The revive-topic message Java builds in ``buildCkMsg``, ``AckMessageProcessor.appendAck`` and
    ``ChangeInvisibleTimeProcessor``: a checkpoint or ack JSON ``body`` for revive queue ``revive_qid``,
    delivered by the timer at ``deliver_time_ms``, with ``uniq_key`` as its unique key."""
    msg_inner = MessageExtBrokerInner()
    msg_inner.topic = revive_topic
    msg_inner.body = body
    msg_inner.queue_id = revive_qid
    msg_inner.set_tags(tags)
    msg_inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(tags)
    msg_inner.born_timestamp = int(time.time() * 1000)
    store_host = broker_controller.get_store_host()
    msg_inner.born_host = store_host
    msg_inner.store_host = store_host
    msg_inner.set_deliver_time_ms(deliver_time_ms)
    msg_inner.put_property(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX, uniq_key)
    msg_inner.properties_string = MessageDecoder.message_properties2string(msg_inner.properties)
    return msg_inner


def is_put_ok(put_message_result: Optional["PutMessageResult"]) -> bool:
    """The put statuses after which Java's POP code counts a revive-topic message as written (PUT_OK and the
    flush/slave timeouts)."""
    return put_message_result is not None and put_message_result.put_message_status is not None and \
        put_message_result.put_message_status.name in _PUT_OK_STATUSES


def _queue_offset(record: bytes) -> int:
    return _LONG.unpack_from(record, _QUEUE_OFFSET_POSITION)[0]


class TimedLock:
    """Java ``PopMessageProcessor.TimedLock``: a try-lock remembering when it was last taken."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.lock_time = int(time.time() * 1000)

    def try_lock(self) -> bool:
        if self._lock.acquire(blocking=False):
            self.lock_time = int(time.time() * 1000)
            return True
        return False

    def un_lock(self) -> None:
        if self._lock.locked():
            self._lock.release()

    def is_lock(self) -> bool:
        return self._lock.locked()

    def get_lock_time(self) -> int:
        return self.lock_time


class QueueLockManager(ServiceThread):
    """Java ``PopMessageProcessor.QueueLockManager``: one try-lock per ``topic@group@queueId`` (pops of a queue
    for a group do not overlap); locks unused for 60 s are dropped every minute."""

    def __init__(self) -> None:
        super().__init__()
        self.expired_local_cache: Dict[str, TimedLock] = {}
        self._cache_lock = threading.Lock()

    def get_service_name(self) -> str:
        return "QueueLockManager"

    @staticmethod
    def build_lock_key(topic: str, consumer_group: str, queue_id: int) -> str:
        return "%s%s%s%s%d" % (topic, PopAckConstants.SPLIT, consumer_group, PopAckConstants.SPLIT, queue_id)

    def try_lock(self, key: str) -> bool:
        """Java ``tryLock(key)``."""
        timed_lock = self.expired_local_cache.get(key)
        if timed_lock is None:
            with self._cache_lock:
                timed_lock = self.expired_local_cache.setdefault(key, TimedLock())
        return timed_lock.try_lock()

    def un_lock(self, key: str) -> None:
        """Java ``unLock(key)``."""
        timed_lock = self.expired_local_cache.get(key)
        if timed_lock is not None:
            timed_lock.un_lock()

    def clean_unused_lock(self, used_expire_millis: int) -> int:
        """Java ``cleanUnusedLock``: drop the locks not taken for ``used_expire_millis``; the count before."""
        now = int(time.time() * 1000)
        with self._cache_lock:
            total = len(self.expired_local_cache)
            for key, timed_lock in list(self.expired_local_cache.items()):
                if now - timed_lock.get_lock_time() > used_expire_millis and not timed_lock.is_lock():
                    del self.expired_local_cache[key]
                    log.info("Remove unused queue lock: %s, %d", key, timed_lock.get_lock_time())
        return total

    def run(self) -> None:
        while not self.is_stopped():
            try:
                self.wait_for_running(60000)
                if not self.is_stopped():
                    log.info("QueueLockSize=%d", self.clean_unused_lock(60000))
            except Exception:
                log.error("QueueLockManager run error", exc_info=True)


class _PopBatch:
    """What one pop request gathers across its queues (Java's ``GetMessageResult`` and ``StringBuilder``s)."""

    def __init__(self) -> None:
        self.get_message_result = GetMessageResult(GetMessageStatus.NO_MESSAGE_IN_QUEUE)
        self.start_offset_info = ""
        self.msg_offset_info = ""


class PopMessageProcessor(NettyRequestProcessor):
    """See the module docstring. Registered by the broker controller for POP_MESSAGE on the pull executor."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller
        self.revive_topic = PopAckConstants.build_cluster_revive_topic(
            broker_controller.get_broker_config().broker_cluster_name)
        self.pop_long_polling_service = PopLongPollingService(broker_controller, self, False)
        self.queue_lock_manager = QueueLockManager()
        self._random = random.Random()
        self._ck_message_number = 0
        self._ck_lock = threading.Lock()
        #: lock key -> [checkpoint message not stored yet or None, next offset] of each pop not committed yet
        self._offset_queues: Dict[str, List[List[Any]]] = {}

    def get_revive_topic(self) -> str:
        return self.revive_topic

    def get_pop_long_polling_service(self) -> PopLongPollingService:
        return self.pop_long_polling_service

    def get_queue_lock_manager(self) -> QueueLockManager:
        return self.queue_lock_manager

    def reject_request(self) -> bool:
        return False

    @staticmethod
    def gen_ck_unique_id(ck: PopCheckPoint) -> str:
        """Java ``genCkUniqueId``."""
        return PopAckConstants.SPLIT.join((ck.topic or "", str(ck.queue_id), str(ck.start_offset), ck.cid or "",
                                           str(ck.pop_time), str(ck.broker_name), PopAckConstants.CK_TAG))

    def notify_message_arriving(self, topic: str, queue_id: int, offset: int, tags_code: Optional[int],
                                msg_store_time: int, filter_bit_map: Optional[bytes],
                                properties: Optional[Dict[str, str]]) -> None:
        """Java ``notifyMessageArriving(topic, queueId, offset, ...)``: called by the store for every message."""
        self.pop_long_polling_service.notify_message_arriving_with_retry_topic(
            topic, queue_id, offset, tags_code, msg_store_time, filter_bit_map, properties)

    def build_ck_msg(self, ck: PopCheckPoint, revive_qid: int) -> MessageExtBrokerInner:
        """Java ``buildCkMsg``: the checkpoint's message, delivered 1 s (``ackTimeInterval``) before its revive
        time."""
        return new_revive_message(self.broker_controller, self.revive_topic, ck.encode(), revive_qid,
                                  PopAckConstants.CK_TAG, ck.get_revive_time() - PopAckConstants.ack_time_interval,
                                  self.gen_ck_unique_id(ck))

    # ------------------------------------------------------------------ POP_MESSAGE

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest``: the response, or None when the pop is held (answered later)."""
        begin_time = time.time()
        ext_fields = request.ext_fields
        if ext_fields is not None and ext_fields.get(_BORN_TIME) in (None, "0"):
            request.add_ext_field(_BORN_TIME, str(int(time.time() * 1000)))
        channel = ctx.channel()
        response = RemotingCommand.create_response_command(class_header=PopMessageResponseHeader)
        response_header: PopMessageResponseHeader = response.custom_header  # type: ignore[assignment]
        request_header = request.decode_command_custom_header(PopMessageRequestHeader)
        broker_controller = self.broker_controller
        broker_config = broker_controller.get_broker_config()
        if broker_config.enable_pop_log:
            log.info("receive PopMessage request command, %s", request)
        if request_header.is_timeout_too_much():
            response.code = ResponseCode.POLLING_TIMEOUT
            response.remark = "the broker[%s] pop message is timeout too much" % broker_config.broker_ip1
            return response
        if not PermName.is_readable(broker_config.broker_permission):
            response.code = ResponseCode.NO_PERMISSION
            response.remark = "the broker[%s] pop message is forbidden" % broker_config.broker_ip1
            return response
        if request_header.max_msg_nums > _MAX_MSG_NUMS:
            response.code = ResponseCode.INVALID_PARAMETER
            response.remark = "the broker[%s] pop message's num is greater than 32" % broker_config.broker_ip1
            return response
        if not broker_controller.get_message_store_config().timer_wheel_enable:
            response.code = ResponseCode.SYSTEM_ERROR
            # Java's remark, plus the next step (the revive of un-acked messages needs the timer wheel)
            response.remark = ("the broker[%s] pop message is forbidden because timerWheelEnable is false; enable it "
                               "(MessageStoreConfig.timer_wheel_enable, timerWheelEnable=true in broker.conf) or read "
                               "the group by PULL (mqadmin setConsumeMode -m PULL)" % broker_config.broker_ip1)
            return response
        topic = request_header.topic
        topic_config = broker_controller.get_topic_config_manager().select_topic_config(topic)
        if topic_config is None:
            log.error("The topic %s not exist, consumer: %s ", topic, RemotingHelper.parse_channel_remote_addr(channel))
            response.code = ResponseCode.TOPIC_NOT_EXIST
            response.remark = "topic[%s] not exist, apply first please! %s" % (
                topic, FAQUrl.suggest_todo(FAQUrl.APPLY_TOPIC_URL))
            return response
        if not PermName.is_readable(topic_config.perm):
            response.code = ResponseCode.NO_PERMISSION
            response.remark = "the topic[%s] peeking message is forbidden" % topic
            return response
        if request_header.get_queue_id() >= topic_config.read_queue_nums:
            error_info = "queueId[%d] is illegal, topic:[%s] topicConfig.readQueueNums:[%d] consumer:[%s]" % (
                request_header.get_queue_id(), topic, topic_config.read_queue_nums, channel.get_remote_addr())
            log.warning(error_info)
            response.code = ResponseCode.INVALID_PARAMETER
            response.remark = error_info
            return response
        group = request_header.consumer_group
        subscription_group_config = broker_controller.get_subscription_group_manager() \
            .find_subscription_group_config(group)
        if subscription_group_config is None:
            response.code = ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
            response.remark = "subscription group [%s] does not exist, %s" % (
                group, FAQUrl.suggest_todo(FAQUrl.SUBSCRIPTION_GROUP_NOT_EXIST))
            return response
        if not subscription_group_config.consume_enable:
            response.code = ResponseCode.NO_PERMISSION
            response.remark = "subscription group no permission, %s" % group
            return response
        if request_header.is_order():
            log.info("orderly pop of group %s on %s refused: not supported by this broker", group, topic)
            response.code = ResponseCode.SYSTEM_ERROR
            response.remark = "orderly pop is not supported by the embedded broker; use a PULL consumer for order"
            return response

        subscription_data = None
        message_filter: Optional[ExpressionMessageFilter] = None
        if request_header.exp:
            try:
                subscription_data = FilterAPI.build(topic, request_header.exp, request_header.exp_type)
                consumer_filter_data = None
                if not ExpressionType.is_tag_type(subscription_data.expression_type):
                    consumer_filter_data = ConsumerFilterManager.build(
                        topic, group, request_header.exp, request_header.exp_type, int(time.time() * 1000))
                    if consumer_filter_data is None:
                        log.warning("Parse the consumer's subscription[%s] failed, group: %s", request_header.exp,
                                    group)
                        response.code = ResponseCode.SUBSCRIPTION_PARSE_FAILED
                        response.remark = "parse the consumer's subscription failed"
                        return response
                message_filter = ExpressionMessageFilter(subscription_data, consumer_filter_data,
                                                         broker_controller.get_consumer_filter_manager())
            except Exception:
                log.warning("Parse the consumer's subscription[%s] error, group: %s", request_header.exp, group)
                response.code = ResponseCode.SUBSCRIPTION_PARSE_FAILED
                response.remark = "parse the consumer's subscription failed"
                return response

        random_q = self._random.randrange(100)
        with self._ck_lock:
            revive_qid = abs(self._ck_message_number % broker_config.revive_queue_num)
            self._ck_message_number += 1
        batch = _PopBatch()
        need_retry = random_q < broker_config.pop_from_retry_probability
        need_retry_v1 = broker_config.enable_retry_topic_v2 and \
            broker_config.retrieve_message_from_pop_retry_topic_v1 and random_q % 2 == 0
        retry_topic = KeyBuilder.build_pop_retry_topic_v1(topic, group) if need_retry_v1 else \
            KeyBuilder.build_pop_retry_topic(topic, group, broker_config.enable_retry_topic_v2)
        pop_time = int(time.time() * 1000)
        rest_num = 0
        if need_retry:
            rest_num = self._pop_msg_from_topic(retry_topic, True, batch, request_header, revive_qid, channel,
                                                pop_time, message_filter, random_q, rest_num)
        if request_header.get_queue_id() < 0:
            rest_num = self._pop_msg_from_topic(topic_config, False, batch, request_header, revive_qid, channel,
                                                pop_time, message_filter, random_q, rest_num)
        else:
            rest_num = self._pop_msg_from_queue(topic, False, batch, request_header, request_header.queue_id,
                                                rest_num, revive_qid, channel, pop_time, message_filter)
        get_message_result = batch.get_message_result
        if not need_retry and len(get_message_result.message_buffer_list) < request_header.max_msg_nums:
            rest_num = self._pop_msg_from_topic(retry_topic, True, batch, request_header, revive_qid, channel,
                                                pop_time, message_filter, random_q, rest_num)

        if get_message_result.message_buffer_list:
            response.code = ResponseCode.SUCCESS
            get_message_result.status = GetMessageStatus.FOUND
            if rest_num > 0:  # a pop of every queue cannot notify a pop of one queue, and vice versa
                self.pop_long_polling_service.notify_message_arriving(topic, request_header.get_queue_id(), group)
        else:
            polling_result = self.pop_long_polling_service.polling(ctx, request, request_header, subscription_data,
                                                                   message_filter)
            if polling_result == PollingResult.POLLING_SUC:
                if rest_num > 0:
                    self.pop_long_polling_service.notify_message_arriving(topic, request_header.get_queue_id(),
                                                                          group)
                return None
            response.code = ResponseCode.POLLING_FULL if polling_result == PollingResult.POLLING_FULL \
                else ResponseCode.POLLING_TIMEOUT
            get_message_result.status = GetMessageStatus.NO_MESSAGE_IN_QUEUE
        response_header.invisible_time = request_header.invisible_time
        response_header.pop_time = pop_time
        response_header.revive_qid = revive_qid
        response_header.rest_num = rest_num
        response_header.start_offset_info = batch.start_offset_info
        response_header.msg_offset_info = batch.msg_offset_info
        response.remark = get_message_result.status.name
        if response.code == ResponseCode.SUCCESS:
            response.body = b"".join(get_message_result.message_buffer_list)
            stats = broker_controller.broker_stats_manager
            stats.inc_group_get_latency(group, topic, request_header.get_queue_id(),
                                        int((time.time() - begin_time) * 1000))
        return response

    def _pop_msg_from_topic(self, topic: Union[str, TopicConfig], is_retry: bool, batch: _PopBatch,
                            request_header: PopMessageRequestHeader, revive_qid: int, channel: object,
                            pop_time: int, message_filter: Optional[ExpressionMessageFilter], random_q: int,
                            rest_num: int) -> int:
        """Java ``popMsgFromTopic`` (both overloads): every readable queue, from ``random_q``."""
        topic_config = topic if isinstance(topic, TopicConfig) else \
            self.broker_controller.get_topic_config_manager().select_topic_config(topic)
        if topic_config is None:
            return rest_num
        queue_nums = topic_config.read_queue_nums
        for i in range(queue_nums):
            queue_id = (random_q + i) % queue_nums
            rest_num = self._pop_msg_from_queue(topic_config.topic_name, is_retry, batch, request_header, queue_id,
                                                rest_num, revive_qid, channel, pop_time, message_filter)
        return rest_num

    def _pop_msg_from_queue(self, topic: str, is_retry: bool, batch: _PopBatch,
                            request_header: PopMessageRequestHeader, queue_id: int, rest_num: int, revive_qid: int,
                            channel: object, pop_time: int, message_filter: Optional[ExpressionMessageFilter]) -> int:
        """Java ``popMsgFromQueue``: pop from one queue under its lock; the messages still in the queues so far."""
        group = request_header.consumer_group
        lock_key = QueueLockManager.build_lock_key(topic, group, queue_id)
        store = self.broker_controller.get_message_store()
        offset = self.get_pop_offset(topic, group, queue_id, request_header.init_mode, False, lock_key, False)
        if not self.queue_lock_manager.try_lock(lock_key):
            return store.get_max_offset_in_queue(topic, queue_id) - offset + rest_num
        try:
            client_host = RemotingHelper.parse_channel_remote_addr(channel)  # type: ignore[arg-type]
            self._commit_offset_queue(lock_key, client_host, group, topic, queue_id)
            offset = self.get_pop_offset(topic, group, queue_id, request_header.init_mode, True, lock_key, True)
            get_message_result = batch.get_message_result
            wanted = request_header.max_msg_nums - len(get_message_result.message_buffer_list)
            if wanted <= 0:
                return store.get_max_offset_in_queue(topic, queue_id) - offset + rest_num
            offset_manager = self.broker_controller.get_consumer_offset_manager()
            result = store.get_message(group, topic, queue_id, offset, wanted, message_filter)
            if result is not None and result.status in _OFFSET_NOT_CORRECT:
                log.warning("Pop initial offset, because store is no correct, %s, %d->%d", lock_key, offset,
                            result.next_begin_offset)
                offset_manager.commit_offset(client_host, group, topic, queue_id, result.next_begin_offset)
                offset = result.next_begin_offset
                result = store.get_message(group, topic, queue_id, offset, wanted, message_filter)
            if result is None:
                return store.get_max_offset_in_queue(topic, queue_id) - offset + rest_num
            buffers = result.message_buffer_list
            if buffers:
                stats = self.broker_controller.broker_stats_manager
                stats.inc_broker_get_nums(len(buffers))
                stats.inc_group_get_nums(group, topic, len(buffers))
                stats.inc_group_get_size(group, topic, result.buffer_total_size)
                queue_offsets = [_queue_offset(record) for record in buffers]
                ck_msg = self._append_check_point(request_header, topic, revive_qid, queue_id, offset, queue_offsets,
                                                  pop_time)
                self._offset_queues.setdefault(lock_key, []).append([ck_msg, result.next_begin_offset])
                self._commit_offset_queue(lock_key, client_host, group, topic, queue_id)
                batch.start_offset_info = ExtraInfoUtil.build_start_offset_info(batch.start_offset_info, topic,
                                                                                queue_id, offset)
                batch.msg_offset_info = ExtraInfoUtil.build_msg_offset_info(batch.msg_offset_info, topic, queue_id,
                                                                            queue_offsets)
            elif result.status in _NOTHING_TO_POP and result.next_begin_offset > -1:
                # Java's addCkMock: nothing to acknowledge, the offset moves past the skipped entries
                self._offset_queues.setdefault(lock_key, []).append([None, result.next_begin_offset])
                self._commit_offset_queue(lock_key, client_host, group, topic, queue_id)
            rest_num = result.max_offset - result.next_begin_offset + rest_num
            if self.broker_controller.get_broker_config().pop_response_return_actual_retry_topic or not is_retry:
                for record in buffers:
                    get_message_result.add_message(record)
            else:
                self._add_retry_messages(get_message_result, buffers, offset, pop_time, request_header, revive_qid)
            return rest_num
        finally:
            self.queue_lock_manager.un_lock(lock_key)

    def _add_retry_messages(self, get_message_result: GetMessageResult, buffers: List[bytes], ck_offset: int,
                            pop_time: int, request_header: PopMessageRequestHeader, revive_qid: int) -> None:
        """Java's recoding of retry messages: each under the request's topic, with its ``POP_CK`` handle."""
        broker_name = self.broker_controller.get_broker_config().broker_name
        for record in buffers:
            message_ext = MessageDecoder.decode(record, True, False)
            if message_ext is None:
                log.error("Exception in recode retry message buffer, topic=%s", request_header.topic)
                continue
            ck_info = ExtraInfoUtil.build_extra_info(ck_offset, pop_time, request_header.invisible_time, revive_qid,
                                                     message_ext.topic, broker_name, message_ext.queue_id,
                                                     message_ext.queue_offset)
            if message_ext.get_property(MessageConst.PROPERTY_POP_CK) is None:
                message_ext.put_property(MessageConst.PROPERTY_POP_CK, ck_info)
            message_ext.topic = request_header.topic
            message_ext.store_size = 0
            get_message_result.add_message(MessageDecoder.encode(message_ext, False))

    def get_pop_offset(self, topic: str, group: str, queue_id: int, init_mode: int, init: bool,
                       lock_key: str, check_reset_offset: bool) -> int:
        """Java ``getPopOffset``: the committed offset, or past the pops whose checkpoint is not stored yet
        (Java's ``PopBufferMergeService.getLatestOffset``); with ``check_reset_offset`` the queue's offset reset on
        the broker (5.3.3, :meth:`reset_pop_offset`) when there is one."""
        offset = self.broker_controller.get_consumer_offset_manager().query_offset(group, topic, queue_id)
        if offset < 0:
            offset = self.get_init_offset(topic, group, queue_id, init_mode, init)
        if check_reset_offset:
            reset_offset = self.reset_pop_offset(topic, group, queue_id, lock_key)
            if reset_offset is not None:
                return reset_offset
        pending = self._offset_queues.get(lock_key)
        return max(offset, pending[-1][1]) if pending else offset

    def reset_pop_offset(self, topic: str, group: str, queue_id: int, lock_key: str) -> Optional[int]:
        """Java 5.3.3 ``resetPopOffset``: the queue's reset offset taken out of the reset table, the pops not yet
        committed forgotten and the reset offset committed; None without a reset."""
        offset_manager = self.broker_controller.get_consumer_offset_manager()
        reset_offset = offset_manager.query_then_erase_reset_offset(topic, group, queue_id)
        if reset_offset is not None:
            self._offset_queues.pop(lock_key, None)
            offset_manager.commit_offset("ResetPopOffset", group, topic, queue_id, reset_offset)
        return reset_offset

    def _commit_offset_queue(self, lock_key: str, client_host: str, group: str, topic: str, queue_id: int) -> None:
        """Java ``PopBufferMergeService.scanCommitOffset`` for checkpoints stored at once: commit, in pop order,
        the next offset of each pop whose checkpoint is stored, storing again one the store refused before (a
        refused one, and the later pops of the queue, keep the committed offset behind them: after a restart
        those messages are popped again). Called under the queue lock."""
        pending = self._offset_queues.get(lock_key)
        store = self.broker_controller.get_message_store()
        while pending:
            ck_msg, next_begin_offset = pending[0]
            if ck_msg is not None:
                result = store.put_message(ck_msg)
                if not is_put_ok(result):
                    return
                pending[0][0] = None
            pending.pop(0)
            self.broker_controller.get_consumer_offset_manager().commit_offset(client_host, group, topic, queue_id,
                                                                               next_begin_offset)
        self._offset_queues.pop(lock_key, None)

    def get_init_offset(self, topic: str, group: str, queue_id: int, init_mode: int, init: bool) -> int:
        """Java ``getInitOffset``: the min offset (``ConsumeInitMode.MIN`` or a retry topic), else 0 while the
        queue still starts at 0 (``initPopOffsetByCheckMsgInMem``: every message is readable here), else the
        last message; committed when ``init``."""
        store = self.broker_controller.get_message_store()
        if init_mode == ConsumeInitMode.MIN or topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
            offset = store.get_min_offset_in_queue(topic, queue_id)
        elif self.broker_controller.get_broker_config().init_pop_offset_by_check_msg_in_mem and \
                store.get_min_offset_in_queue(topic, queue_id) <= 0:
            offset = 0
        else:
            offset = max(store.get_max_offset_in_queue(topic, queue_id) - 1, 0)
        if init:
            self.broker_controller.get_consumer_offset_manager().commit_offset("getPopOffset", group, topic,
                                                                               queue_id, offset)
        return offset

    def _append_check_point(self, request_header: PopMessageRequestHeader, topic: str, revive_qid: int,
                            queue_id: int, offset: int, queue_offsets: List[int],
                            pop_time: int) -> Optional[MessageExtBrokerInner]:
        """Java ``appendCheckPoint`` with ``PopBufferMergeService.addCkJustOffset``: store the checkpoint; its
        message when the store refused it (to store again), else None."""
        ck = PopCheckPoint()
        ck.bit_map = 0
        ck.num = len(queue_offsets)
        ck.pop_time = pop_time
        ck.invisible_time = request_header.invisible_time
        ck.start_offset = offset
        ck.cid = request_header.consumer_group
        ck.topic = topic
        ck.queue_id = queue_id
        ck.broker_name = self.broker_controller.get_broker_config().broker_name
        for queue_offset in queue_offsets:
            ck.add_diff(queue_offset - offset)
        ck_msg = self.build_ck_msg(ck, revive_qid)
        result = self.broker_controller.get_message_store().put_message(ck_msg)
        if not is_put_ok(result):
            log.error("[PopBuffer]put ck to store fail: %s, %s", ck, result)
            return ck_msg
        if self.broker_controller.get_broker_config().enable_pop_log:
            log.info("[PopBuffer]add ck just offset, %s", ck)
        return None
