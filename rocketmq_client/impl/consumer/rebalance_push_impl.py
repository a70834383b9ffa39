"""Java ``org.apache.rocketmq.client.impl.consumer.RebalancePushImpl`` (5.3.3 for the broker rebalance and POP)."""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, List, Optional, Set

from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_client.impl.consumer.pull_request import PullRequest
from rocketmq_client.impl.consumer.rebalance_impl import RebalanceImpl
from rocketmq_common.constant.consume_init_mode import ConsumeInitMode
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.netty.netty_system_config import get_system_property

if TYPE_CHECKING:
    from rocketmq_client.consumer.allocate_message_queue_strategy import AllocateMessageQueueStrategy
    from rocketmq_client.impl.consumer.pop_request import PopRequest
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["RebalancePushImpl"]

log = logging.getLogger(__name__)

_LAST_OFFSET_LIKE = (ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET_AND_FROM_MIN_WHEN_BOOT_FIRST,
                     ConsumeFromWhere.CONSUME_FROM_MIN_OFFSET, ConsumeFromWhere.CONSUME_FROM_MAX_OFFSET,
                     ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET)


def compute_pull_from_where(rebalance: RebalanceImpl, mq: "MessageQueue", consume_from_where: ConsumeFromWhere,
                            consume_timestamp: Optional[str], offset_store: Any,
                            read_offset_type: ReadOffsetType) -> int:
    """The shared body of Java ``RebalancePushImpl`` / ``RebalanceLitePullImpl.computePullFromWhereWithException``:
    the stored offset if >= 0; when none is stored (-1): LAST_OFFSET (and its deprecated aliases) -> 0 for retry
    topics, else the max offset; FIRST_OFFSET -> 0; TIMESTAMP -> the max offset for retry topics, else the offset
    at ``consume_timestamp``; -1 when the stored offset could not be read (-2). Admin errors propagate as
    MQClientException."""
    factory = rebalance.mq_client_factory
    if consume_from_where in _LAST_OFFSET_LIKE:
        last_offset = offset_store.read_offset(mq, read_offset_type)
        if last_offset >= 0:
            return last_offset
        if last_offset == -1:
            if mq.get_topic().startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                return 0
            try:
                return factory.get_mq_admin_impl().max_offset(mq)  # type: ignore[union-attr]
            except MQClientException as e:
                log.warning("Compute consume offset from last offset exception, mq=%s, exception=%s", mq, e)
                raise
        return -1
    if consume_from_where == ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET:
        last_offset = offset_store.read_offset(mq, read_offset_type)
        if last_offset >= 0:
            return last_offset
        if last_offset == -1:
            return 0
        return -1
    if consume_from_where == ConsumeFromWhere.CONSUME_FROM_TIMESTAMP:
        last_offset = offset_store.read_offset(mq, read_offset_type)
        if last_offset >= 0:
            return last_offset
        if last_offset == -1:
            try:
                if mq.get_topic().startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                    return factory.get_mq_admin_impl().max_offset(mq)  # type: ignore[union-attr]
                timestamp = UtilAll.parse_date(consume_timestamp, UtilAll.YYYYMMDDHHMMSS)  # type: ignore[arg-type]
                if timestamp is None:
                    raise MQClientException("consumeTimestamp is invalid, the format is yyyyMMddHHmmss "
                                            + str(consume_timestamp), None)
                return factory.get_mq_admin_impl().search_offset(mq, timestamp)  # type: ignore[union-attr]
            except MQClientException as e:
                log.warning("Compute consume offset from last offset exception, mq=%s, exception=%s", mq, e)
                raise
        return -1
    return -1


class RebalancePushImpl(RebalanceImpl):
    """Rebalance of a push consumer (``DefaultMQPushConsumerImpl``): new queues start pulling through the pull
    message service; removed queues get their offset persisted (orderly: unlocked at the broker)."""

    #: Java ``rocketmq.client.unlockDelayTimeMills`` (ms)
    UNLOCK_DELAY_TIME_MILLS = int(get_system_property("rocketmq.client.unlockDelayTimeMills",
                                                      "ROCKETMQ_CLIENT_UNLOCK_DELAY_TIME_MILLS", "20000") or 20000)

    def __init__(self, default_mq_push_consumer_impl: Any, consumer_group: Optional[str] = None,
                 message_model: Optional[MessageModel] = None,
                 allocate_message_queue_strategy: Optional["AllocateMessageQueueStrategy"] = None,
                 mq_client_factory: Optional["MQClientInstance"] = None) -> None:
        super().__init__(consumer_group, message_model, allocate_message_queue_strategy, mq_client_factory)
        self.default_mq_push_consumer_impl = default_mq_push_consumer_impl

    def message_queue_changed(self, topic: str, mq_all: Set["MessageQueue"],
                              mq_divided: Set["MessageQueue"]) -> None:
        """Java ``messageQueueChanged``: bump the subscription version, recompute the per-queue pull thresholds
        from the per-topic ones (when set) and heartbeat so the brokers learn the new version."""
        subscription_data = self.subscription_inner.get(topic)
        new_version = int(time.time() * 1000)
        if subscription_data is not None:
            log.info("%s Rebalance changed, also update version: %s, %s", topic, subscription_data.get_sub_version(),
                     new_version)
            subscription_data.set_sub_version(new_version)
        current_queue_count = len(self.process_queue_table)
        if current_queue_count != 0:
            consumer = self.default_mq_push_consumer_impl.get_default_mq_push_consumer()
            pull_threshold_for_topic = consumer.get_pull_threshold_for_topic()
            if pull_threshold_for_topic != -1:
                new_val = max(1, pull_threshold_for_topic // current_queue_count)
                log.info("The pullThresholdForQueue is changed from %s to %s", consumer.get_pull_threshold_for_queue(),
                         new_val)
                consumer.set_pull_threshold_for_queue(new_val)
            pull_threshold_size_for_topic = consumer.get_pull_threshold_size_for_topic()
            if pull_threshold_size_for_topic != -1:
                new_val = max(1, pull_threshold_size_for_topic // current_queue_count)
                log.info("The pullThresholdSizeForQueue is changed from %s to %s",
                         consumer.get_pull_threshold_size_for_queue(), new_val)
                consumer.set_pull_threshold_size_for_queue(new_val)
        self.mq_client_factory.send_heartbeat_to_all_broker_with_lock_v2(True)  # type: ignore[union-attr]

    def remove_unnecessary_message_queue(self, mq: "MessageQueue", pq: ProcessQueue) -> bool:
        """Java ``removeUnnecessaryMessageQueue``: persist and forget the offset; orderly clustering consumers
        unlock the queue once no consumption runs on it (consume lock tried for 1 s, else False)."""
        impl = self.default_mq_push_consumer_impl
        impl.get_offset_store().persist(mq)
        impl.get_offset_store().remove_offset(mq)
        if impl.is_consume_orderly() and impl.message_model() == MessageModel.CLUSTERING:
            try:
                consume_lock = pq.get_consume_lock()
                if consume_lock.acquire(True, 1.0):
                    try:
                        return self._unlock_delay(mq, pq)
                    finally:
                        consume_lock.release()
                log.warning("[WRONG]mq is consuming, so can not unlock it, %s. maybe hanged for a while, %s", mq,
                            pq.get_try_unlock_times())
                pq.inc_try_unlock_times()
            except Exception:
                log.error("removeUnnecessaryMessageQueue Exception", exc_info=True)
            return False
        return True

    def _unlock_delay(self, mq: "MessageQueue", pq: ProcessQueue) -> bool:
        if pq.has_temp_message():
            log.info("[%s]unlockDelay, begin %s ", hash(mq), mq)

            def run() -> None:
                log.info("[%s]unlockDelay, execute at once %s", hash(mq), mq)
                self.unlock(mq, True)

            self.mq_client_factory.get_scheduled_executor_service().schedule(  # type: ignore[union-attr]
                run, RebalancePushImpl.UNLOCK_DELAY_TIME_MILLS)
        else:
            self.unlock(mq, True)
        return True

    def client_rebalance(self, topic: str) -> bool:
        """Java ``clientRebalance`` (5.3.3): the broker assigns the queues only for a clustering, concurrent
        consumer with ``client_rebalance`` False (Java: "order pop consume not implement yet", so an orderly
        consumer always rebalances here and pulls)."""
        impl = self.default_mq_push_consumer_impl
        return (impl.get_default_mq_push_consumer().is_client_rebalance() or impl.is_consume_orderly()
                or self.message_model is MessageModel.BROADCASTING)

    def consume_type(self) -> ConsumeType:
        return ConsumeType.CONSUME_PASSIVELY

    def remove_dirty_offset(self, mq: "MessageQueue") -> None:
        self.default_mq_push_consumer_impl.get_offset_store().remove_offset(mq)

    def compute_pull_from_where(self, mq: "MessageQueue") -> int:
        try:
            return self.compute_pull_from_where_with_exception(mq)
        except MQClientException:
            log.warning("Compute consume offset exception, mq=%s", mq)
            return -1

    def compute_pull_from_where_with_exception(self, mq: "MessageQueue") -> int:
        """Java ``computePullFromWhereWithException``: reads the broker's offset (READ_FROM_STORE)."""
        consumer = self.default_mq_push_consumer_impl.get_default_mq_push_consumer()
        return compute_pull_from_where(self, mq, consumer.get_consume_from_where(), consumer.get_consume_timestamp(),
                                       self.default_mq_push_consumer_impl.get_offset_store(),
                                       ReadOffsetType.READ_FROM_STORE)

    def get_consume_init_mode(self) -> int:
        """Java ``getConsumeInitMode`` (5.3.3): MIN for CONSUME_FROM_FIRST_OFFSET, else MAX."""
        consume_from_where = self.default_mq_push_consumer_impl.get_default_mq_push_consumer().get_consume_from_where()
        if consume_from_where is ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET:
            return ConsumeInitMode.MIN
        return ConsumeInitMode.MAX

    def dispatch_pop_pull_request(self, pop_request_list: List["PopRequest"], delay: int) -> None:
        """Java ``dispatchPopPullRequest`` (5.3.3)."""
        impl = self.default_mq_push_consumer_impl
        for pop_request in pop_request_list:
            if delay <= 0:
                impl.execute_pop_pull_request_immediately(pop_request)
            else:
                impl.execute_pop_pull_request_later(pop_request, delay)
            log.info("doRebalance, %s, add a new pop request %s", self.consumer_group, pop_request)

    def dispatch_pull_request(self, pull_request_list: List[PullRequest]) -> None:
        """Java ``dispatchPullRequest``: start pulling each new queue at once."""
        for pull_request in pull_request_list:
            self.default_mq_push_consumer_impl.execute_pull_request_immediately(pull_request)
            log.info("doRebalance, %s, add a new pull request %s", self.consumer_group, pull_request)
