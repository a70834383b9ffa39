"""Java ``org.apache.rocketmq.client.impl.consumer.RebalanceImpl``: assigns the queues of every subscribed topic
to this client and keeps the process queue table in step (shared by the push, pull and lite-pull consumers). With
5.3.3's broker rebalance (``client_rebalance`` False) the broker assigns the queues, each in the group's request mode:
PULL queues get process queues, POP queues pop process queues."""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Set

from rocketmq_client.consumer.allocate_message_queue_strategy import AllocateMessageQueueStrategy
from rocketmq_client.exception import MQBrokerException
from rocketmq_client.impl.consumer.pop_process_queue import PopProcessQueue
from rocketmq_client.impl.consumer.pop_request import PopRequest
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_client.impl.consumer.pull_request import PullRequest
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.key_builder import KeyBuilder
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.lock_batch_request_body import LockBatchRequestBody
from rocketmq_common.protocol.body.unlock_batch_request_body import UnlockBatchRequestBody
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.common.bean import Bean, MapOf, Prop, SetOf

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue_assignment import MessageQueueAssignment

__all__ = ["RebalanceImpl"]

log = logging.getLogger(__name__)

#: Java's hard-coded timeout of LOCK_BATCH_MQ / UNLOCK_BATCH_MQ (ms)
_LOCK_TIMEOUT_MILLIS = 1000
#: Java ``QUERY_ASSIGNMENT_TIMEOUT`` (ms)
QUERY_ASSIGNMENT_TIMEOUT = 3000


#: the next step of a QUERY_ASSIGNMENT refused with REQUEST_CODE_NOT_SUPPORTED (an addition to Java's line)
_NO_QUERY_ASSIGNMENT_NEXT_STEP = (". The broker has no broker-side rebalance (QUERY_ASSIGNMENT, RocketMQ 5.x), so this "
                                  "consumer gets no queue: call set_client_rebalance(True) (the default) for a 4.x "
                                  "broker")


def _java_string_order(s: str) -> bytes:
    """Sort key giving Java ``String.compareTo`` order (UTF-16 code units)."""
    return s.encode("utf-16-be", "surrogatepass")


class RebalanceImpl(Bean):
    """Base class of :class:`RebalancePushImpl`, :class:`RebalancePullImpl` and :class:`RebalanceLitePullImpl`
    (Java ``RebalanceImpl``): the subclasses supply the abstract hooks."""

    # (a MapOf Prop is a Prop[Any]: the annotations give its reads their types)
    process_queue_table: Prop[Dict[MessageQueue, ProcessQueue]] = Prop(MapOf(MessageQueue, ProcessQueue), {})
    pop_process_queue_table: Prop[Dict[MessageQueue, PopProcessQueue]] = Prop(MapOf(MessageQueue, PopProcessQueue),
                                                                               {})
    topic_subscribe_info_table: Prop[Dict[str, Set[MessageQueue]]] = Prop(MapOf(str, SetOf(MessageQueue)), {})
    subscription_inner: Prop[Dict[str, SubscriptionData]] = Prop(MapOf(str, SubscriptionData), {})
    consumer_group = Prop(str)
    message_model = Prop(MessageModel)
    allocate_message_queue_strategy = Prop(AllocateMessageQueueStrategy)
    mq_client_factory = Prop(MQClientInstance)

    def get_process_queue_table(self) -> Dict[MessageQueue, ProcessQueue]: return self.process_queue_table
    def set_process_queue_table(self, process_queue_table: Dict[MessageQueue, ProcessQueue]) -> None:
        self.process_queue_table = process_queue_table
    def get_pop_process_queue_table(self) -> Dict[MessageQueue, PopProcessQueue]: return self.pop_process_queue_table
    def set_pop_process_queue_table(self, pop_process_queue_table: Dict[MessageQueue, PopProcessQueue]) -> None:
        self.pop_process_queue_table = pop_process_queue_table
    def get_topic_subscribe_info_table(self) -> Dict[str, Set[MessageQueue]]: return self.topic_subscribe_info_table
    def set_topic_subscribe_info_table(self, topic_subscribe_info_table: Dict[str, Set[MessageQueue]]) -> None:
        self.topic_subscribe_info_table = topic_subscribe_info_table
    def get_subscription_inner(self) -> Dict[str, SubscriptionData]: return self.subscription_inner
    def set_subscription_inner(self, subscription_inner: Dict[str, SubscriptionData]) -> None:
        self.subscription_inner = subscription_inner
    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_message_model(self) -> MessageModel: return self.message_model
    def set_message_model(self, message_model: Optional[MessageModel]) -> None: self.message_model = message_model
    def get_allocate_message_queue_strategy(self) -> AllocateMessageQueueStrategy:
        return self.allocate_message_queue_strategy
    def set_allocate_message_queue_strategy(
            self, allocate_message_queue_strategy: Optional[AllocateMessageQueueStrategy]) -> None:
        self.allocate_message_queue_strategy = allocate_message_queue_strategy
    def get_mq_client_factory(self) -> MQClientInstance: return self.mq_client_factory
    def set_mq_client_factory(self, mq_client_factory: Optional[MQClientInstance]) -> None:
        self.mq_client_factory = mq_client_factory

    def __init__(self, consumer_group: Optional[str], message_model: Optional[MessageModel],
                 allocate_message_queue_strategy: Optional["AllocateMessageQueueStrategy"],
                 mq_client_factory: Optional["MQClientInstance"]) -> None:
        super().__init__()  # the declared defaults
        self.consumer_group = consumer_group
        self.message_model = message_model
        self.allocate_message_queue_strategy = allocate_message_queue_strategy
        self.mq_client_factory = mq_client_factory
        self._table_lock = threading.Lock()  # Java ConcurrentHashMap.putIfAbsent / remove atomicity

    # ------------------------------------------------------------------ broker locks (orderly consumption)

    def unlock(self, mq: "MessageQueue", oneway: bool) -> None:
        """Java ``unlock``: UNLOCK_BATCH_MQ for ``mq`` at its master (errors are logged)."""
        factory = self.mq_client_factory
        find_broker_result = factory.find_broker_address_in_subscribe(
            factory.get_broker_name_from_message_queue(mq), MixAll.MASTER_ID, True)
        if find_broker_result is not None:
            request_body = UnlockBatchRequestBody()
            request_body.set_consumer_group(self.consumer_group)
            request_body.set_client_id(factory.get_client_id())
            request_body.get_mq_set().add(mq)
            try:
                factory.get_mq_client_api_impl().unlock_batch_mq(
                    find_broker_result.get_broker_addr(), request_body, _LOCK_TIMEOUT_MILLIS, oneway)
                log.warning("unlock messageQueue. group:%s, clientId:%s, mq:%s", self.consumer_group,
                            factory.get_client_id(), mq)
            except Exception:
                log.error("unlockBatchMQ exception, %s", mq, exc_info=True)

    def unlock_all(self, oneway: bool) -> None:
        """Java ``unlockAll``: UNLOCK_BATCH_MQ per broker for every queue of the process queue table."""
        factory = self.mq_client_factory
        for broker_name, mqs in self._build_process_queue_table_by_broker_name().items():
            if not mqs:
                continue
            find_broker_result = factory.find_broker_address_in_subscribe(
                broker_name, MixAll.MASTER_ID, True)
            if find_broker_result is None:
                continue
            request_body = UnlockBatchRequestBody()
            request_body.set_consumer_group(self.consumer_group)
            request_body.set_client_id(factory.get_client_id())
            request_body.set_mq_set(mqs)
            try:
                factory.get_mq_client_api_impl().unlock_batch_mq(
                    find_broker_result.get_broker_addr(), request_body, _LOCK_TIMEOUT_MILLIS, oneway)
                for mq in mqs:
                    process_queue = self.process_queue_table.get(mq)
                    if process_queue is not None:
                        process_queue.set_locked(False)
                        log.info("the message queue unlock OK, Group: %s %s", self.consumer_group, mq)
            except Exception:
                log.error("unlockBatchMQ exception, %s", mqs, exc_info=True)

    def _build_process_queue_table_by_broker_name(self) -> Dict[str, Set["MessageQueue"]]:
        """Java 5.3.3 ``buildProcessQueueTableByBrokerName``: the queues not dropped, by the broker holding them
        (a static topic's logical queue by the broker of its leader; Java looks the set up by that name but
        stores it under the queue's own, which loses queues of static topics: here both are that broker)."""
        factory = self.mq_client_factory
        result: Dict[str, Set["MessageQueue"]] = {}
        for mq, pq in list(self.process_queue_table.items()):
            if pq.is_dropped():
                continue
            result.setdefault(factory.get_broker_name_from_message_queue(mq), set()).add(mq)
        return result

    def lock(self, mq: "MessageQueue") -> bool:
        """Java ``lock``: LOCK_BATCH_MQ for ``mq``; marks the locked queues' process queues; True if ``mq`` is
        locked."""
        factory = self.mq_client_factory
        find_broker_result = factory.find_broker_address_in_subscribe(
            factory.get_broker_name_from_message_queue(mq), MixAll.MASTER_ID, True)
        if find_broker_result is not None:
            request_body = LockBatchRequestBody()
            request_body.set_consumer_group(self.consumer_group)
            request_body.set_client_id(factory.get_client_id())
            request_body.get_mq_set().add(mq)
            try:
                locked_mq = factory.get_mq_client_api_impl().lock_batch_mq(
                    find_broker_result.get_broker_addr(), request_body, _LOCK_TIMEOUT_MILLIS)
                for mmqq in locked_mq:
                    process_queue = self.process_queue_table.get(mmqq)
                    if process_queue is not None:
                        process_queue.set_locked(True)
                        process_queue.set_last_lock_timestamp(int(time.time() * 1000))
                lock_ok = mq in locked_mq
                log.info("the message queue lock %s, %s %s", "OK" if lock_ok else "Failed", self.consumer_group, mq)
                return lock_ok
            except Exception:
                log.error("lockBatchMQ exception, %s", mq, exc_info=True)
        return False

    def lock_all(self) -> None:
        """Java ``lockAll``: LOCK_BATCH_MQ per broker for every queue of the process queue table; queues not
        locked are marked unlocked."""
        factory = self.mq_client_factory
        for broker_name, mqs in self._build_process_queue_table_by_broker_name().items():
            if not mqs:
                continue
            find_broker_result = factory.find_broker_address_in_subscribe(
                broker_name, MixAll.MASTER_ID, True)
            if find_broker_result is None:
                continue
            request_body = LockBatchRequestBody()
            request_body.set_consumer_group(self.consumer_group)
            request_body.set_client_id(factory.get_client_id())
            request_body.set_mq_set(mqs)
            try:
                lock_ok_mq_set = factory.get_mq_client_api_impl().lock_batch_mq(
                    find_broker_result.get_broker_addr(), request_body, _LOCK_TIMEOUT_MILLIS)
                now = int(time.time() * 1000)
                for mq in lock_ok_mq_set:
                    process_queue = self.process_queue_table.get(mq)
                    if process_queue is not None:
                        if not process_queue.is_locked():
                            log.info("the message queue locked OK, Group: %s %s", self.consumer_group, mq)
                        process_queue.set_locked(True)
                        process_queue.set_last_lock_timestamp(now)
                for mq in mqs:
                    if mq not in lock_ok_mq_set:
                        process_queue = self.process_queue_table.get(mq)
                        if process_queue is not None:
                            process_queue.set_locked(False)
                            log.warning("the message queue locked Failed, Group: %s %s", self.consumer_group, mq)
            except Exception:
                log.error("lockBatchMQ exception, %s", mqs, exc_info=True)

    # ------------------------------------------------------------------ rebalance

    def client_rebalance(self, topic: str) -> bool:
        """Java ``clientRebalance`` (5.3.3): True when this client allocates ``topic``'s queues itself, False when
        the broker assigns them (QUERY_ASSIGNMENT)."""
        return True

    def do_rebalance(self, is_order: bool) -> None:
        """Java ``doRebalance``: rebalance every subscribed topic (here or, 5.3.3, at the broker), then drop queues
        of unsubscribed topics."""
        for topic in list(self.subscription_inner.keys()):
            try:
                if not self.client_rebalance(topic):
                    self._get_rebalance_result_from_broker(topic, is_order)
                else:
                    self._rebalance_by_topic(topic, is_order)
            except Exception:
                if not topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                    log.warning("rebalanceByTopic Exception", exc_info=True)
        self.truncate_message_queue_not_my_topic()

    def _rebalance_by_topic(self, topic: str, is_order: bool) -> None:
        if self.message_model == MessageModel.BROADCASTING:
            mq_set = self.topic_subscribe_info_table.get(topic)
            if mq_set is not None:
                changed = self.update_process_queue_table_in_rebalance(topic, mq_set, is_order)
                if changed:
                    self.message_queue_changed(topic, mq_set, mq_set)
                    log.info("messageQueueChanged %s %s %s %s", self.consumer_group, topic, mq_set, mq_set)
            else:
                log.warning("doRebalance, %s, but the topic[%s] not exist.", self.consumer_group, topic)
        elif self.message_model == MessageModel.CLUSTERING:
            factory = self.mq_client_factory
            mq_set = self.topic_subscribe_info_table.get(topic)
            cid_all = factory.find_consumer_id_list(topic, self.consumer_group)
            if mq_set is None and not topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                log.warning("doRebalance, %s, but the topic[%s] not exist.", self.consumer_group, topic)
            if cid_all is None:
                log.info("doRebalance, %s %s, get consumer id list failed", self.consumer_group, topic)
            if mq_set is None or cid_all is None:
                return
            mq_all = sorted(mq_set)
            cid_all = sorted(cid_all, key=_java_string_order)
            strategy = self.allocate_message_queue_strategy
            try:
                allocate_result = strategy.allocate(
                    self.consumer_group, factory.get_client_id(), mq_all, cid_all)
            except Exception:
                log.error("AllocateMessageQueueStrategy.allocate Exception. allocateMessageQueueStrategyName=%s",
                          strategy.get_name() if strategy is not None else None, exc_info=True)
                return
            allocate_result_set: Set["MessageQueue"] = set(allocate_result or ())
            changed = self.update_process_queue_table_in_rebalance(topic, allocate_result_set, is_order)
            if changed:
                log.info("rebalanced result changed. allocateMessageQueueStrategyName=%s, group=%s, topic=%s, "
                         "clientId=%s, mqAllSize=%d, cidAllSize=%d, rebalanceResultSize=%d, rebalanceResultSet=%s",
                         strategy.get_name(), self.consumer_group, topic,
                         factory.get_client_id(), len(mq_set), len(cid_all),
                         len(allocate_result_set), allocate_result_set)
                self.message_queue_changed(topic, mq_set, allocate_result_set)

    def _get_rebalance_result_from_broker(self, topic: str, is_order: bool) -> bool:
        """Java ``getRebalanceResultFromBroker`` (5.3.3): the broker's assignment of ``topic`` replaces the
        queues of this client. A broker without QUERY_ASSIGNMENT (RocketMQ 4.x) leaves the client with none, as
        in Java; one line says so at each rebalance."""
        strategy_name = self.allocate_message_queue_strategy.get_name()  # type: ignore[union-attr]
        factory = self.mq_client_factory
        try:
            message_queue_assignments = factory.query_assignment(  # type: ignore[union-attr]
                topic, self.consumer_group, strategy_name, self.message_model, QUERY_ASSIGNMENT_TIMEOUT)
        except Exception as e:
            not_supported = (isinstance(e, MQBrokerException)
                             and e.get_response_code() == ResponseCode.REQUEST_CODE_NOT_SUPPORTED)
            log.error("allocate message queue exception. strategy name: %s, ex: %s%s", strategy_name, e,
                      _NO_QUERY_ASSIGNMENT_NEXT_STEP if not_supported else "")
            return False
        if message_queue_assignments is None:
            return False
        mq_set = {a.get_message_queue() for a in message_queue_assignments if a.get_message_queue() is not None}
        changed = self._update_message_queue_assignment(topic, message_queue_assignments, is_order)
        if changed:
            log.info("broker rebalanced result changed. allocateMessageQueueStrategyName=%s, group=%s, topic=%s, "
                     "clientId=%s, assignmentSet=%s", strategy_name, self.consumer_group, topic,
                     factory.get_client_id(), message_queue_assignments)  # type: ignore[union-attr]
            self.message_queue_changed(topic, None, mq_set)  # type: ignore[arg-type]
        return mq_set == self._get_working_message_queue(topic)

    def _get_working_message_queue(self, topic: str) -> Set["MessageQueue"]:
        """Java ``getWorkingMessageQueue``: the queues of ``topic`` with a live process or pop process queue."""
        queue_set = {mq for mq, pq in list(self.process_queue_table.items())
                     if mq.get_topic() == topic and not pq.is_dropped()}
        queue_set.update(mq for mq, pop_pq in list(self.pop_process_queue_table.items())
                         if mq.get_topic() == topic and not pop_pq.is_dropped())
        return queue_set

    def _update_message_queue_assignment(self, topic: str, assignments: Set["MessageQueueAssignment"],
                                         is_order: bool) -> bool:
        """Java ``updateMessageQueueAssignment`` (5.3.3): split the assignment by request mode; a topic all PULL
        subscribes its POP retry topic ``%RETRY%group_topic`` (to drain what POP left there), all POP unsubscribes
        it; then drop the process and pop process queues no longer assigned (or idle too long) and create the new
        ones: PULL queues start pulling (orderly: once locked), POP queues start popping 500 ms later."""
        changed = False
        mq2_push_assignment: Dict["MessageQueue", "MessageQueueAssignment"] = {}
        mq2_pop_assignment: Dict["MessageQueue", "MessageQueueAssignment"] = {}
        for assignment in assignments:
            message_queue = assignment.get_message_queue()
            if message_queue is None:
                continue
            if assignment.get_mode() is MessageRequestMode.POP:
                mq2_pop_assignment[message_queue] = assignment
            else:
                mq2_push_assignment[message_queue] = assignment

        if not topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
            retry_topic = KeyBuilder.build_pop_retry_topic(topic, self.consumer_group)  # type: ignore[arg-type]
            if not mq2_pop_assignment and mq2_push_assignment:
                self.subscription_inner[retry_topic] = FilterAPI.build_subscription_data(retry_topic,
                                                                                         SubscriptionData.SUB_ALL)
            elif mq2_pop_assignment and not mq2_push_assignment:
                self.subscription_inner.pop(retry_topic, None)

        remove_queue_map: Dict["MessageQueue", ProcessQueue] = {}
        for mq, pq in list(self.process_queue_table.items()):
            if mq.get_topic() != topic:
                continue
            if mq not in mq2_push_assignment:
                pq.set_dropped(True)
                remove_queue_map[mq] = pq
            elif pq.is_pull_expired() and self.consume_type() == ConsumeType.CONSUME_PASSIVELY:
                pq.set_dropped(True)
                remove_queue_map[mq] = pq
                log.error("[BUG]doRebalance, %s, try remove unnecessary mq, %s, because pull is pause, so try to "
                          "fixed it", self.consumer_group, mq)
        for mq, pq in remove_queue_map.items():
            if self.remove_unnecessary_message_queue(mq, pq):
                self._remove_entry(mq, pq)
                changed = True
                log.info("doRebalance, %s, remove unnecessary mq, %s", self.consumer_group, mq)

        remove_pop_queue_map: Dict["MessageQueue", PopProcessQueue] = {}
        for mq, pop_pq in list(self.pop_process_queue_table.items()):
            if mq.get_topic() != topic:
                continue
            if mq not in mq2_pop_assignment:
                pop_pq.set_dropped(True)
                remove_pop_queue_map[mq] = pop_pq
            elif pop_pq.is_pull_expired() and self.consume_type() == ConsumeType.CONSUME_PASSIVELY:
                pop_pq.set_dropped(True)
                remove_pop_queue_map[mq] = pop_pq
                log.error("[BUG]doRebalance, %s, try remove unnecessary pop mq, %s, because pop is pause, so try to "
                          "fixed it", self.consumer_group, mq)
        for mq, pop_pq in remove_pop_queue_map.items():
            if self.remove_unnecessary_pop_message_queue(mq, pop_pq):
                with self._table_lock:
                    if self.pop_process_queue_table.get(mq) is pop_pq:
                        del self.pop_process_queue_table[mq]
                changed = True
                log.info("doRebalance, %s, remove unnecessary pop mq, %s", self.consumer_group, mq)

        if self._add_process_queues(mq2_push_assignment, is_order):
            changed = True

        pop_request_list: List[PopRequest] = []
        for mq in mq2_pop_assignment:
            if mq in self.pop_process_queue_table:
                continue
            pop_pq = self.create_pop_process_queue()
            with self._table_lock:
                pre = self.pop_process_queue_table.setdefault(mq, pop_pq)
            if pre is not pop_pq:
                log.info("doRebalance, %s, mq pop already exists, %s", self.consumer_group, mq)
            else:
                log.info("doRebalance, %s, add a new pop mq, %s", self.consumer_group, mq)
                pop_request_list.append(PopRequest(topic, self.consumer_group, mq, pop_pq,
                                                   self.get_consume_init_mode()))
                changed = True
        self.dispatch_pop_pull_request(pop_request_list, 500)
        return changed

    def _add_process_queues(self, mq_set: Iterable["MessageQueue"], is_order: bool) -> bool:
        """The "add new message queue" step shared by Java's ``updateProcessQueueTableInRebalance`` and
        ``updateMessageQueueAssignment``: a process queue and a pull request per new queue of ``mq_set``."""
        changed = False
        pull_request_list: List[PullRequest] = []
        for mq in mq_set:
            if mq in self.process_queue_table:
                continue
            if is_order and not self.lock(mq):
                log.warning("doRebalance, %s, add a new mq failed, %s, because lock failed", self.consumer_group, mq)
                continue
            self.remove_dirty_offset(mq)
            pq = ProcessQueue()
            pq.set_locked(True)
            try:
                next_offset = self.compute_pull_from_where_with_exception(mq)
            except Exception:
                log.info("doRebalance, %s, compute offset failed, %s", self.consumer_group, mq, exc_info=True)
                continue
            if next_offset >= 0:
                with self._table_lock:
                    pre = self.process_queue_table.setdefault(mq, pq)
                if pre is not pq:
                    log.info("doRebalance, %s, mq already exists, %s", self.consumer_group, mq)
                else:
                    log.info("doRebalance, %s, add a new mq, %s", self.consumer_group, mq)
                    pull_request_list.append(PullRequest(self.consumer_group, mq, pq, next_offset))
                    changed = True
            else:
                log.warning("doRebalance, %s, add new mq failed, %s", self.consumer_group, mq)
        self.dispatch_pull_request(pull_request_list)
        return changed

    def truncate_message_queue_not_my_topic(self) -> None:
        """Java ``truncateMessageQueueNotMyTopic``: drop the process queues of topics no longer subscribed."""
        sub_table = self.subscription_inner
        for mq in list(self.process_queue_table.keys()):
            if mq.get_topic() not in sub_table:
                with self._table_lock:
                    pq = self.process_queue_table.pop(mq, None)
                if pq is not None:
                    pq.set_dropped(True)
                    log.info("doRebalance, %s, truncateMessageQueueNotMyTopic remove unnecessary mq, %s",
                             self.consumer_group, mq)
        for mq in list(self.pop_process_queue_table.keys()):
            if mq.get_topic() not in sub_table:
                with self._table_lock:
                    pop_pq = self.pop_process_queue_table.pop(mq, None)
                if pop_pq is not None:
                    pop_pq.set_dropped(True)
                    log.info("doRebalance, %s, truncateMessageQueueNotMyTopic remove unnecessary pop mq, %s",
                             self.consumer_group, mq)

    def update_process_queue_table_in_rebalance(self, topic: str, mq_set: Set["MessageQueue"],
                                                is_order: bool) -> bool:
        """Java ``updateProcessQueueTableInRebalance``: drop the process queues of ``topic`` not in ``mq_set``
        (and, for push consumers, those not pulled for too long), create the missing ones (orderly: after locking
        them at the broker) starting at ``compute_pull_from_where_with_exception`` and dispatch their pull
        requests. True when the table changed."""
        changed = False
        for mq, pq in list(self.process_queue_table.items()):
            if mq.get_topic() != topic:
                continue
            if mq not in mq_set:
                pq.set_dropped(True)
                if self.remove_unnecessary_message_queue(mq, pq):
                    self._remove_entry(mq, pq)
                    changed = True
                    log.info("doRebalance, %s, remove unnecessary mq, %s", self.consumer_group, mq)
            elif pq.is_pull_expired() and self.consume_type() == ConsumeType.CONSUME_PASSIVELY:
                pq.set_dropped(True)
                if self.remove_unnecessary_message_queue(mq, pq):
                    self._remove_entry(mq, pq)
                    changed = True
                    log.error("[BUG]doRebalance, %s, remove unnecessary mq, %s, because pull is pause, so try to "
                              "fixed it", self.consumer_group, mq)

        if self._add_process_queues(mq_set, is_order):
            changed = True
        return changed

    def _remove_entry(self, mq: "MessageQueue", pq: ProcessQueue) -> None:
        """Iterator.remove(): remove ``mq`` only if it still maps to ``pq``."""
        with self._table_lock:
            if self.process_queue_table.get(mq) is pq:
                del self.process_queue_table[mq]

    # ------------------------------------------------------------------ abstract hooks

    def message_queue_changed(self, topic: str, mq_all: Set["MessageQueue"],
                              mq_divided: Set["MessageQueue"]) -> None:
        """Java ``messageQueueChanged``: the assignment of ``topic`` changed to ``mq_divided``."""
        raise NotImplementedError

    def remove_unnecessary_message_queue(self, mq: "MessageQueue", pq: ProcessQueue) -> bool:
        """Java ``removeUnnecessaryMessageQueue``: release ``mq``; True when its process queue may be removed."""
        raise NotImplementedError

    def remove_unnecessary_pop_message_queue(self, mq: "MessageQueue", pq: PopProcessQueue) -> bool:
        """Java ``removeUnnecessaryPopMessageQueue`` (5.3.3): True (nothing to release: the broker keeps the
        un-acked messages)."""
        return True

    def consume_type(self) -> ConsumeType:
        """Java ``consumeType``."""
        raise NotImplementedError

    def remove_dirty_offset(self, mq: "MessageQueue") -> None:
        """Java ``removeDirtyOffset``."""
        raise NotImplementedError

    def compute_pull_from_where(self, mq: "MessageQueue") -> int:
        """Java ``computePullFromWhere`` (deprecated): like the ``_with_exception`` form, -1 on errors."""
        raise NotImplementedError

    def compute_pull_from_where_with_exception(self, mq: "MessageQueue") -> int:
        """Java ``computePullFromWhereWithException``: the offset a newly assigned queue starts from (< 0: skip
        the queue for now)."""
        raise NotImplementedError

    def dispatch_pull_request(self, pull_request_list: List[PullRequest]) -> None:
        """Java ``dispatchPullRequest``."""
        raise NotImplementedError

    def get_consume_init_mode(self) -> int:
        """Java ``getConsumeInitMode`` (5.3.3): where a POP queue the group never consumed starts
        (``ConsumeInitMode``); only the push consumer pops."""
        raise NotImplementedError

    def dispatch_pop_pull_request(self, pop_request_list: List[PopRequest], delay: int) -> None:
        """Java ``dispatchPopPullRequest`` (5.3.3): start popping each new POP queue after ``delay`` ms."""
        raise NotImplementedError

    def create_pop_process_queue(self) -> PopProcessQueue:
        """Java ``createPopProcessQueue`` (5.3.3)."""
        return PopProcessQueue()

    # ------------------------------------------------------------------ table access

    def remove_process_queue(self, mq: "MessageQueue") -> None:
        """Java ``removeProcessQueue``: drop ``mq``'s process queue and release the queue."""
        with self._table_lock:
            prev = self.process_queue_table.pop(mq, None)
        if prev is not None:
            droped = prev.is_dropped()
            prev.set_dropped(True)
            self.remove_unnecessary_message_queue(mq, prev)
            log.info("Fix Offset, %s, remove unnecessary mq, %s Droped: %s", self.consumer_group, mq, droped)

    def destroy(self) -> None:
        """Java ``destroy``: mark every process queue dropped and clear the table."""
        with self._table_lock:
            for pq in self.process_queue_table.values():
                pq.set_dropped(True)
            self.process_queue_table.clear()
            for pop_pq in self.pop_process_queue_table.values():
                pop_pq.set_dropped(True)
            self.pop_process_queue_table.clear()
