"""Java ``org.apache.rocketmq.broker.processor.PopReviveService`` (5.3.3): returns un-acked POP messages.

One service per revive queue reads the revive topic from the ``CID_RMQ_SYS_REVIVE_GROUP`` offset: checkpoints
(delivered by the timer 1 s before their revive time) and acks (delivered at the revive time) are matched by
``topic + group + queueId + startOffset + popTime + brokerName``; every checkpoint whose revive time is more than
2 s behind the latest delivery time read (``ackTimeInterval + 1 s``, so its acks had time to arrive) is revived:
each message of it not acked is read from its queue and put, with ``reconsumeTimes + 1`` and ``1ST_POP_TIME``,
into the group's retry topic ``%RETRY%group_topic`` (created with 1 queue when missing), where the next pops of
the group find it. The revive offset is then committed past the revived checkpoints, so a restart resumes the
revive where it stopped (the revive topic and the offsets are in the store: nothing is lost). A message that
cannot be revived is re-put as a one-message checkpoint, later each time (Java's ``ckRewriteIntervalsInSeconds``).

Difference from Java: the messages of a checkpoint are read and revived synchronously (Java: asynchronously, with
at most 3 checkpoints in flight); the same messages reach the same retry topic.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from rocketmq_broker.store.get_message_status import GetMessageStatus
from rocketmq_broker.store.pop.ack_msg import AckMsg
from rocketmq_broker.store.pop.batch_ack_msg import BatchAckMsg
from rocketmq_broker.store.pop.pop_check_point import PopCheckPoint
from rocketmq_common.key_builder import KeyBuilder
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.mix_all import MixAll
from rocketmq_common.pop_ack_constants import PopAckConstants
from rocketmq_common.service_thread import ServiceThread
from rocketmq_common.topic_config import TopicConfig
from rocketmq_common.topic_filter_type import TopicFilterType

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["PopReviveService"]

log = logging.getLogger(__name__)

_CK_REWRITE_INTERVALS_IN_SECONDS = (10, 20, 30, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600, 1200, 1800, 3600,
                                    7200)
_REVIVE_BATCH = 32
_NO_MSG_WAIT_MILLIS = 100
#: the statuses Java's revive read counts as an illegal offset (``OFFSET_ILLEGAL``, ``NO_MATCHED_MSG``): unless at
#: the queue's tail, the revive offset moves to the store's next begin offset
_ILLEGAL_OFFSET_STATUSES = (GetMessageStatus.MESSAGE_WAS_REMOVING, GetMessageStatus.NO_MATCHED_LOGIC_QUEUE,
                            GetMessageStatus.OFFSET_FOUND_NULL, GetMessageStatus.OFFSET_OVERFLOW_BADLY,
                            GetMessageStatus.OFFSET_TOO_SMALL, GetMessageStatus.OFFSET_OVERFLOW_ONE,
                            GetMessageStatus.NO_MATCHED_MESSAGE)


def _now() -> int:
    return int(time.time() * 1000)


class _ConsumeReviveObj:
    """Java ``PopReviveService.ConsumeReviveObj``: the checkpoints read in one round."""

    def __init__(self) -> None:
        self.map: Dict[str, PopCheckPoint] = {}
        self.sort_list: Optional[List[PopCheckPoint]] = None
        self.old_offset = 0
        self.end_time = 0
        self.new_offset = 0

    def gen_sort_list(self) -> List[PopCheckPoint]:
        if self.sort_list is None:
            self.sort_list = sorted(self.map.values(), key=lambda ck: ck.revive_offset)
        return self.sort_list


class PopReviveService(ServiceThread):
    """See the module docstring; started by the broker controller on a master (``brokerId`` 0)."""

    def __init__(self, broker_controller: "BrokerController", revive_topic: str, queue_id: int) -> None:
        super().__init__()
        self.broker_controller = broker_controller
        self.revive_topic = revive_topic
        self.queue_id = queue_id
        self.should_run_pop_revive = False
        self.current_revive_message_timestamp = -1
        self.revive_offset = broker_controller.get_consumer_offset_manager().query_offset(
            PopAckConstants.REVIVE_GROUP, revive_topic, queue_id)

    def get_service_name(self) -> str:
        return "PopReviveService_%d" % self.queue_id

    def get_queue_id(self) -> int:
        return self.queue_id

    def set_should_run_pop_revive(self, should_run_pop_revive: bool) -> None:
        self.should_run_pop_revive = should_run_pop_revive

    def is_should_run_pop_revive(self) -> bool:
        return self.should_run_pop_revive

    # ------------------------------------------------------------------ reviving one message

    def _revive_retry(self, pop_check_point: PopCheckPoint, message_ext: MessageExt) -> bool:
        """Java ``reviveRetry``: put the message into the group's retry topic."""
        broker_controller = self.broker_controller
        msg_inner = MessageExtBrokerInner()
        if not (pop_check_point.topic or "").startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
            msg_inner.topic = KeyBuilder.build_pop_retry_topic(
                pop_check_point.topic or "", pop_check_point.cid or "",
                broker_controller.get_broker_config().enable_retry_topic_v2)
        else:
            msg_inner.topic = pop_check_point.topic
        msg_inner.body = message_ext.body
        msg_inner.queue_id = 0
        msg_inner.properties = dict(message_ext.properties) if message_ext.properties else {}
        msg_inner.born_timestamp = message_ext.born_timestamp
        msg_inner.flag = message_ext.flag
        msg_inner.sys_flag = message_ext.sys_flag
        store_host = broker_controller.get_store_host()
        msg_inner.born_host = store_host
        msg_inner.store_host = store_host
        msg_inner.reconsume_times = message_ext.reconsume_times + 1
        if message_ext.reconsume_times == 0 or msg_inner.get_property(MessageConst.PROPERTY_FIRST_POP_TIME) is None:
            msg_inner.put_property(MessageConst.PROPERTY_FIRST_POP_TIME, str(pop_check_point.pop_time))
        msg_inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(msg_inner.get_tags())
        msg_inner.properties_string = MessageDecoder.message_properties2string(msg_inner.properties)
        self.add_retry_topic_if_not_exist(msg_inner.topic, pop_check_point.cid or "")
        result = broker_controller.get_message_store().put_message(msg_inner)
        if broker_controller.get_broker_config().enable_pop_log:
            log.info("reviveQueueId=%d, retry msg, ck=%s, msg queueId %d, offset %d, reviveDelay=%d, result is %s ",
                     self.queue_id, pop_check_point, message_ext.queue_id, message_ext.queue_offset,
                     (_now() - pop_check_point.get_revive_time()) // 1000, result)
        if result is None or not result.is_ok():
            log.error("reviveQueueId=%d, revive error, msg is: %s", self.queue_id, msg_inner)
            return False
        stats = broker_controller.broker_stats_manager
        stats.inc_broker_put_nums(1)
        stats.inc_topic_put_nums(msg_inner.topic)
        if result.append_message_result is not None:
            stats.inc_topic_put_size(msg_inner.topic, result.append_message_result.wrote_bytes)
        return True

    def _init_pop_retry_offset(self, topic: str, consumer_group: str) -> None:
        """Java ``initPopRetryOffset``."""
        offset_manager = self.broker_controller.get_consumer_offset_manager()
        if offset_manager.query_offset(consumer_group, topic, 0) < 0:
            offset_manager.commit_offset("initPopRetryOffset", consumer_group, topic, 0, 0)

    def add_retry_topic_if_not_exist(self, topic: str, consumer_group: str) -> None:
        """Java ``addRetryTopicIfNotExist``: the retry topic with ``PopAckConstants.retryQueueNum`` queues, its
        offset for the group at 0."""
        topic_config_manager = self.broker_controller.get_topic_config_manager()
        if topic_config_manager.select_topic_config(topic) is not None:
            return
        topic_config = TopicConfig(topic)
        topic_config.read_queue_nums = PopAckConstants.retry_queue_num
        topic_config.write_queue_nums = PopAckConstants.retry_queue_num
        topic_config.topic_filter_type = TopicFilterType.SINGLE_TAG
        topic_config.perm = 6
        topic_config.topic_sys_flag = 0
        topic_config_manager.update_topic_config(topic_config)
        self._init_pop_retry_offset(topic, consumer_group)

    # ------------------------------------------------------------------ reading the revive queue

    def _get_revive_message(self, offset: int) -> Optional[List[MessageExt]]:
        """Java ``getReviveMessage`` / ``getMessage``: up to 32 revive records from ``offset``."""
        store = self.broker_controller.get_message_store()
        result = store.get_message(PopAckConstants.REVIVE_GROUP, self.revive_topic, self.queue_id, offset,
                                   _REVIVE_BATCH, None)
        if result is None:
            return None
        if result.status is GetMessageStatus.FOUND:
            found = []
            for record in result.message_buffer_list:
                message_ext = MessageDecoder.decode(record, True, True)
                if message_ext is None:
                    log.error("decode msgExt is null %s", result)
                    continue
                found.append(message_ext)
            return found
        reach_tail = result.status is not GetMessageStatus.NO_MATCHED_MESSAGE and offset == result.max_offset
        if result.status in _ILLEGAL_OFFSET_STATUSES and not reach_tail:
            log.error("reviveQueueId=%d, OFFSET_ILLEGAL %d, result is %s", self.queue_id, offset, result)
            if self.should_run_pop_revive:
                self.broker_controller.get_consumer_offset_manager().commit_offset(
                    PopAckConstants.LOCAL_HOST, PopAckConstants.REVIVE_GROUP, self.revive_topic, self.queue_id,
                    result.next_begin_offset - 1)
        return []

    def _get_biz_message(self, pop_check_point: PopCheckPoint, offset: int) -> Tuple[Optional[MessageExt], bool]:
        """Java ``getBizMessage`` (``EscapeBridge.getMessageAsync`` on this broker): the message and whether a
        miss is worth a retry (the store did not answer)."""
        result = self.broker_controller.get_message_store().get_message(
            PopAckConstants.REVIVE_GROUP, pop_check_point.topic or "", pop_check_point.queue_id, offset, 1, None)
        if result is None:
            return None, True
        if result.status is not GetMessageStatus.FOUND or not result.message_buffer_list:
            return None, False
        return MessageDecoder.decode(result.message_buffer_list[0], True, False), False

    def consume_revive_message(self, consume_revive_obj: _ConsumeReviveObj) -> None:
        """Java ``consumeReviveMessage``: read checkpoints and acks, mark the acked messages."""
        ck_map = consume_revive_obj.map
        start_scan_time = _now()
        end_time = 0
        consume_offset = self.broker_controller.get_consumer_offset_manager().query_offset(
            PopAckConstants.REVIVE_GROUP, self.revive_topic, self.queue_id)
        old_offset = max(self.revive_offset, consume_offset)
        consume_revive_obj.old_offset = old_offset
        offset = old_offset + 1
        no_msg_count = 0
        first_rt = 0
        broker_config = self.broker_controller.get_broker_config()
        timer_store = self.broker_controller.get_timer_message_store()
        while self.should_run_pop_revive and not self.is_stopped():
            message_exts = self._get_revive_message(offset)
            if not message_exts:
                timer_delay = timer_store.get_dequeue_behind() if timer_store is not None else 0
                commit_log_delay = timer_store.get_enqueue_behind_messages() if timer_store is not None else 0
                if end_time != 0 and _now() - end_time > 3 * PopAckConstants.SECOND and timer_delay <= 0 \
                        and commit_log_delay <= 0:
                    end_time = _now()  # move endTime
                if end_time - first_rt > PopAckConstants.ack_time_interval + PopAckConstants.SECOND:
                    break
                no_msg_count += 1
                self.wait_for_running(_NO_MSG_WAIT_MILLIS)
                if no_msg_count * _NO_MSG_WAIT_MILLIS > 4 * PopAckConstants.SECOND:
                    break
                continue
            no_msg_count = 0
            if _now() - start_scan_time > broker_config.revive_scan_time:
                break
            for message_ext in message_exts:
                tags = message_ext.get_tags()
                if tags == PopAckConstants.CK_TAG:
                    point = PopCheckPoint.decode(message_ext.body)
                    if point.topic is None or point.cid is None:
                        continue
                    ck_map["%s%s%d%d%d%s" % (point.topic, point.cid, point.queue_id, point.start_offset,
                                             point.pop_time, point.broker_name)] = point
                    point.revive_offset = message_ext.queue_offset
                    if first_rt == 0:
                        first_rt = point.get_revive_time()
                elif tags in (PopAckConstants.ACK_TAG, PopAckConstants.BATCH_ACK_TAG):
                    ack_msg = (BatchAckMsg if tags == PopAckConstants.BATCH_ACK_TAG else AckMsg).decode(
                        message_ext.body)
                    broker_name = ack_msg.broker_name or broker_config.broker_name
                    merge_key = "%s%s%d%d%d%s" % (ack_msg.topic, ack_msg.consumer_group, ack_msg.queue_id,
                                                  ack_msg.start_offset, ack_msg.pop_time, broker_name)
                    acked = ck_map.get(merge_key)
                    if acked is not None:  # enableSkipLongAwaitingAck is off: an ack without its ck is skipped
                        offsets = ack_msg.ack_offset_list if isinstance(ack_msg, BatchAckMsg) \
                            else [ack_msg.ack_offset]
                        for ack_offset in offsets:
                            index = acked.index_of_ack(ack_offset)
                            if index > -1:
                                acked.bit_map |= 1 << index
                            else:
                                log.error("invalid ack index, %s, %s", ack_msg, acked)
                deliver_time = message_ext.get_deliver_time_ms()
                if deliver_time > end_time:
                    end_time = deliver_time
            offset += len(message_exts)
        consume_revive_obj.end_time = end_time

    def merge_and_revive(self, consume_revive_obj: _ConsumeReviveObj) -> None:
        """Java ``mergeAndRevive``: revive the due checkpoints in revive-offset order, commit the revive offset."""
        sort_list = consume_revive_obj.gen_sort_list()
        new_offset = consume_revive_obj.old_offset
        broker_controller = self.broker_controller
        for pop_check_point in sort_list:
            if not self.should_run_pop_revive:
                break
            if consume_revive_obj.end_time - pop_check_point.get_revive_time() <= \
                    PopAckConstants.ack_time_interval + PopAckConstants.SECOND:
                break
            normal_topic = KeyBuilder.parse_normal_topic(pop_check_point.topic or "", pop_check_point.cid)
            if broker_controller.get_topic_config_manager().select_topic_config(normal_topic) is None:
                log.warning("reviveQueueId=%d, can not get normal topic %s, then continue", self.queue_id,
                            pop_check_point.topic)
                new_offset = pop_check_point.revive_offset
                continue
            if broker_controller.get_subscription_group_manager().find_subscription_group_config(
                    pop_check_point.cid or "") is None:
                log.warning("reviveQueueId=%d, can not get cid %s, then continue", self.queue_id,
                            pop_check_point.cid)
                new_offset = pop_check_point.revive_offset
                continue
            self._revive_msg_from_ck(pop_check_point)
            new_offset = pop_check_point.revive_offset
        if new_offset > consume_revive_obj.old_offset:
            if not self.should_run_pop_revive:
                return
            broker_controller.get_consumer_offset_manager().commit_offset(
                PopAckConstants.LOCAL_HOST, PopAckConstants.REVIVE_GROUP, self.revive_topic, self.queue_id,
                new_offset)
        self.revive_offset = new_offset
        consume_revive_obj.new_offset = new_offset

    def _revive_msg_from_ck(self, pop_check_point: PopCheckPoint) -> None:
        """Java ``reviveMsgFromCk``: revive every message of the checkpoint not acked."""
        for j in range(pop_check_point.num):
            if pop_check_point.bit_map >> j & 1:
                continue
            msg_offset = pop_check_point.ack_offset_by_index(j)
            message, need_retry = self._get_biz_message(pop_check_point, msg_offset)
            if message is None:
                log.info("reviveQueueId=%d, can not get biz msg, topic=%s, qid=%d, offset=%d, brokerName=%s, "
                         "retry=%s", self.queue_id, pop_check_point.topic, pop_check_point.queue_id, msg_offset,
                         pop_check_point.broker_name, need_retry)
                ok = not need_retry
            else:
                ok = self._revive_retry(pop_check_point, message)
            if not ok:
                self._re_put_ck(pop_check_point, msg_offset)

    def _re_put_ck(self, old_ck: PopCheckPoint, msg_offset: int) -> None:
        """Java ``rePutCK``: a one-message checkpoint for a message that could not be revived, due later."""
        re_put_times = old_ck.parse_re_put_times()
        if re_put_times >= len(_CK_REWRITE_INTERVALS_IN_SECONDS) and \
                self.broker_controller.get_broker_config().skip_when_ck_re_put_reach_max_times:
            log.warning("rePut CK reach max times, drop it. %s, %s, %s, %d-%d, %d, %d, %d", old_ck.topic, old_ck.cid,
                        old_ck.broker_name, old_ck.queue_id, msg_offset, old_ck.pop_time, old_ck.invisible_time,
                        re_put_times)
            return
        new_ck = PopCheckPoint()
        new_ck.bit_map = 0
        new_ck.num = 1
        new_ck.pop_time = old_ck.pop_time
        new_ck.invisible_time = old_ck.invisible_time
        new_ck.start_offset = msg_offset
        new_ck.cid = old_ck.cid
        new_ck.topic = old_ck.topic
        new_ck.queue_id = old_ck.queue_id
        new_ck.broker_name = old_ck.broker_name
        new_ck.add_diff(0)
        new_ck.re_put_times = str(re_put_times + 1)
        if old_ck.get_revive_time() <= _now():
            index = min(re_put_times, len(_CK_REWRITE_INTERVALS_IN_SECONDS) - 1)
            new_ck.invisible_time = old_ck.invisible_time + _CK_REWRITE_INTERVALS_IN_SECONDS[index] * 1000
        processor = self.broker_controller.get_pop_message_processor()
        self.broker_controller.get_message_store().put_message(processor.build_ck_msg(new_ck, self.queue_id))

    def get_revive_behind_millis(self) -> int:
        """Java ``getReviveBehindMillis``."""
        if self.current_revive_message_timestamp <= 0:
            return 0
        max_offset = self.broker_controller.get_message_store().get_max_offset_in_queue(self.revive_topic,
                                                                                        self.queue_id)
        if max_offset - self.revive_offset > 1:
            return max(0, _now() - self.current_revive_message_timestamp)
        return 0

    def get_revive_behind_messages(self) -> int:
        """Java ``getReviveBehindMessages``."""
        if self.current_revive_message_timestamp <= 0:
            return 0
        return max(0, self.broker_controller.get_message_store().get_max_offset_in_queue(
            self.revive_topic, self.queue_id) - self.revive_offset)

    def run(self) -> None:
        slow = 1
        broker_config = self.broker_controller.get_broker_config()
        while not self.is_stopped():
            try:
                self.wait_for_running(broker_config.revive_interval)
                if not self.should_run_pop_revive or self.is_stopped():
                    continue
                if not self.broker_controller.get_message_store_config().timer_wheel_enable:
                    log.warning("skip revive topic because timerWheelEnable is false")
                    continue
                consume_revive_obj = _ConsumeReviveObj()
                self.consume_revive_message(consume_revive_obj)
                if not self.should_run_pop_revive or self.is_stopped():
                    continue
                self.merge_and_revive(consume_revive_obj)
                sort_list = consume_revive_obj.sort_list
                if sort_list:
                    self.current_revive_message_timestamp = sort_list[0].get_revive_time()
                    slow = 1
                else:
                    self.current_revive_message_timestamp = _now()
                    self.wait_for_running(slow * broker_config.revive_interval)
                    if slow < broker_config.revive_max_slow:
                        slow += 1
            except Exception:
                log.error("reviveQueueId=%d, revive error", self.queue_id, exc_info=True)
