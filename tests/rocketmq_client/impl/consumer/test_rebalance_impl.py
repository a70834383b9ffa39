"""RebalanceImpl logic with a fake client instance: sorting, failures, expiry, truncation, orderly removal; the
broker rebalance of 5.3.3 (QUERY_ASSIGNMENT) with PULL and POP queues."""
from __future__ import annotations

import threading
from typing import Any, Dict, List, Optional, Set

from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_client.exception import MQBrokerException
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_client.impl.consumer.rebalance_lite_pull_impl import RebalanceLitePullImpl
from rocketmq_client.impl.consumer.rebalance_pull_impl import RebalancePullImpl
from rocketmq_client.impl.consumer.rebalance_push_impl import RebalancePushImpl
from rocketmq_client.impl.find_broker_result import FindBrokerResult
from rocketmq_common.constant.consume_init_mode import ConsumeInitMode
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_queue_assignment import MessageQueueAssignment
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.response_code import ResponseCode

T = "T"
MQS = [MessageQueue(T, "b", i) for i in range(4)]


class _Api:
    def __init__(self) -> None:
        self.locked_by_other: Set[MessageQueue] = set()
        self.unlocks: List[tuple] = []
        self.locks: List[Set[MessageQueue]] = []

    def lock_batch_mq(self, addr, body, timeout):
        self.locks.append(set(body.get_mq_set()))
        return {mq for mq in body.get_mq_set() if mq not in self.locked_by_other}

    def unlock_batch_mq(self, addr, body, timeout, oneway):
        self.unlocks.append((set(body.get_mq_set()), oneway))


class _Scheduler:
    def __init__(self) -> None:
        self.tasks: List[tuple] = []

    def schedule(self, task, delay):
        self.tasks.append((task, delay))


class FakeFactory:
    def __init__(self, client_id: str = "cid-b", cids: Optional[List[str]] = None) -> None:
        self.client_id = client_id
        self.cids = cids
        self.heartbeats = 0
        self.api = _Api()
        self.scheduler = _Scheduler()

    def get_client_id(self) -> str:
        return self.client_id

    def find_consumer_id_list(self, topic: str, group: str) -> Optional[List[str]]:
        return None if self.cids is None else list(self.cids)

    def send_heartbeat_to_all_broker_with_lock_v2(self, is_rebalance: bool) -> bool:
        assert is_rebalance  # message_queue_changed's (5.3.3)
        self.heartbeats += 1
        return True

    def send_heartbeat_to_all_broker_with_lock_v2(self, is_rebalance: bool) -> bool:
        """What RebalancePushImpl.message_queue_changed calls once heartbeat v2 (issue 31, on main) is merged."""
        self.heartbeats += 1
        return True

    def get_scheduled_executor_service(self) -> _Scheduler:
        return self.scheduler

    def get_broker_name_from_message_queue(self, mq):
        return mq.broker_name  # (no static topic here)

    def find_broker_address_in_subscribe(self, broker_name, broker_id, only_this_broker):
        return FindBrokerResult("127.0.0.1:10911", False)

    def get_mq_client_api_impl(self) -> _Api:
        return self.api


class MemoryStore:
    def __init__(self) -> None:
        self.table: Dict[MessageQueue, int] = {}
        self.persisted: List[MessageQueue] = []

    def persist(self, mq):
        self.persisted.append(mq)

    def remove_offset(self, mq):
        self.table.pop(mq, None)

    def read_offset(self, mq, type):
        return self.table.get(mq, -1)

    def update_offset(self, mq, offset, increase_only):
        self.table[mq] = offset


class _Settings:
    consume_from_where = ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET
    client_rebalance = True

    def is_client_rebalance(self):
        return self.client_rebalance

    def get_consume_from_where(self):
        return self.consume_from_where

    def get_consume_timestamp(self):
        return "20000101000000"

    def get_pull_threshold_for_topic(self):
        return -1

    def get_pull_threshold_size_for_topic(self):
        return -1


class FakePushImpl:
    def __init__(self, orderly: bool = False) -> None:
        self.orderly = orderly
        self.store = MemoryStore()
        self.dispatched: List[Any] = []
        self.settings = _Settings()

    def get_offset_store(self):
        return self.store

    def is_consume_orderly(self):
        return self.orderly

    def message_model(self):
        return MessageModel.CLUSTERING

    def get_default_mq_push_consumer(self):
        return self.settings

    def execute_pull_request_immediately(self, pull_request):
        self.dispatched.append(pull_request)


class RecordingStrategy(AllocateMessageQueueAveragely):
    def __init__(self, fail: bool = False) -> None:
        self.calls: List[tuple] = []
        self.fail = fail

    def allocate(self, consumer_group, current_cid, mq_all, cid_all):
        self.calls.append((current_cid, list(mq_all), list(cid_all)))
        if self.fail:
            raise RuntimeError("strategy bug")
        return super().allocate(consumer_group, current_cid, mq_all, cid_all)


def push_rebalance(factory: FakeFactory, orderly: bool = False, strategy=None,
                   model: MessageModel = MessageModel.CLUSTERING) -> RebalancePushImpl:
    impl = RebalancePushImpl(FakePushImpl(orderly), "G", model, strategy or RecordingStrategy(), factory)
    impl.get_subscription_inner()[T] = SubscriptionData(T, "*")
    impl.get_topic_subscribe_info_table()[T] = set(MQS)
    return impl


def test_inputs_are_sorted_like_java_and_allocated():
    # Java sorts strings by UTF-16 code unit: U+10000 (D800 DC00) sorts before U+FFFF
    factory = FakeFactory("cid-b", ["cid-c", "\uffff", "cid-b", "\U00010000"])
    strategy = RecordingStrategy()
    impl = push_rebalance(factory, strategy=strategy)
    impl.do_rebalance(False)
    (_, mq_all, cid_all), = strategy.calls
    assert mq_all == MQS
    assert cid_all == ["cid-b", "cid-c", "\U00010000", "\uffff"]
    assert set(impl.get_process_queue_table()) == {MQS[0]}
    assert [r.get_message_queue() for r in impl.default_mq_push_consumer_impl.dispatched] == [MQS[0]]
    assert factory.heartbeats == 1  # message_queue_changed
    impl.do_rebalance(False)
    assert factory.heartbeats == 1  # nothing changed: no heartbeat, no new pull request
    assert len(impl.default_mq_push_consumer_impl.dispatched) == 1


def test_missing_inputs_or_failing_strategy_change_nothing():
    factory = FakeFactory("cid-a", None)
    impl = push_rebalance(factory)
    impl.do_rebalance(False)  # no consumer list
    assert impl.get_process_queue_table() == {}
    factory.cids = ["cid-a"]
    del impl.get_topic_subscribe_info_table()[T]
    impl.do_rebalance(False)  # no route
    assert impl.get_process_queue_table() == {}
    impl.get_topic_subscribe_info_table()[T] = set(MQS)
    impl.set_allocate_message_queue_strategy(RecordingStrategy(fail=True))
    impl.do_rebalance(False)
    assert impl.get_process_queue_table() == {}
    impl.set_allocate_message_queue_strategy(RecordingStrategy())
    impl.do_rebalance(False)
    assert set(impl.get_process_queue_table()) == set(MQS)
    # this client left the consumer list: everything is released
    pqs = dict(impl.get_process_queue_table())
    factory.cids = ["someone-else"]
    impl.do_rebalance(False)
    assert impl.get_process_queue_table() == {}
    assert all(pq.is_dropped() for pq in pqs.values())
    assert sorted(impl.default_mq_push_consumer_impl.store.persisted) == MQS


def test_offsets_below_zero_or_errors_skip_the_queue():
    factory = FakeFactory("cid-a", ["cid-a"])
    impl = push_rebalance(factory)
    push = impl.default_mq_push_consumer_impl
    calls = []

    def compute(mq):
        calls.append(mq)
        if mq.get_queue_id() == 1:
            return -1
        if mq.get_queue_id() == 2:
            raise RuntimeError("broker down")
        return 7

    impl.compute_pull_from_where_with_exception = compute  # type: ignore[assignment]
    push.store.table[MQS[0]] = 99  # dirty offset: removed before computing
    impl.do_rebalance(False)
    assert set(impl.get_process_queue_table()) == {MQS[0], MQS[3]}
    assert MQS[0] not in push.store.table
    assert {r.get_next_offset() for r in push.dispatched} == {7}
    assert all(pq.is_locked() for pq in impl.get_process_queue_table().values())


def test_pull_expired_queues_are_recreated_for_push_but_not_for_pull():
    factory = FakeFactory("cid-a", ["cid-a"])
    impl = push_rebalance(factory)
    impl.do_rebalance(False)
    old = impl.get_process_queue_table()[MQS[2]]
    old.set_last_pull_timestamp(0)
    impl.do_rebalance(False)
    new = impl.get_process_queue_table()[MQS[2]]
    assert old.is_dropped() and new is not old and not new.is_dropped()
    assert len(impl.default_mq_push_consumer_impl.dispatched) == 5

    class _PullImpl:
        def __init__(self):
            self.store = MemoryStore()

        def get_offset_store(self):
            return self.store

        def get_default_mq_pull_consumer(self):
            return self

        def get_message_queue_listener(self):
            return None

    pull = RebalancePullImpl(_PullImpl(), "G", MessageModel.CLUSTERING, AllocateMessageQueueAveragely(), factory)
    assert pull.consume_type() == ConsumeType.CONSUME_ACTIVELY
    pull.get_subscription_inner()[T] = SubscriptionData(T, "*")
    pull.get_topic_subscribe_info_table()[T] = set(MQS)
    pull.do_rebalance(False)
    kept = pull.get_process_queue_table()[MQS[0]]
    kept.set_last_pull_timestamp(0)
    pull.do_rebalance(False)
    assert pull.get_process_queue_table()[MQS[0]] is kept and not kept.is_dropped()


def test_unsubscribed_topics_are_truncated_and_remove_process_queue():
    factory = FakeFactory("cid-a", ["cid-a"])
    impl = push_rebalance(factory, model=MessageModel.BROADCASTING)
    impl.do_rebalance(False)
    assert set(impl.get_process_queue_table()) == set(MQS)
    pq1 = impl.get_process_queue_table()[MQS[1]]
    impl.remove_process_queue(MQS[1])
    assert pq1.is_dropped() and MQS[1] not in impl.get_process_queue_table()
    assert impl.default_mq_push_consumer_impl.store.persisted == [MQS[1]]
    pqs = dict(impl.get_process_queue_table())
    del impl.get_subscription_inner()[T]
    impl.do_rebalance(False)
    assert impl.get_process_queue_table() == {}
    assert all(pq.is_dropped() for pq in pqs.values())


def test_orderly_new_queue_needs_the_broker_lock():
    factory = FakeFactory("cid-a", ["cid-a"])
    factory.api.locked_by_other = {MQS[1]}
    impl = push_rebalance(factory, orderly=True)
    impl.do_rebalance(True)
    assert set(impl.get_process_queue_table()) == {MQS[0], MQS[2], MQS[3]}
    factory.api.locked_by_other = set()
    impl.do_rebalance(True)
    assert set(impl.get_process_queue_table()) == set(MQS)


def _with_message(pq: ProcessQueue) -> None:
    m = MessageExt()
    m.set_queue_offset(0)
    m.set_body(b"x")
    pq.put_message([m])


def test_orderly_removal_unlocks_now_later_or_not_while_consuming():
    factory = FakeFactory("cid-a", ["cid-a"])
    impl = push_rebalance(factory, orderly=True)
    impl.do_rebalance(True)
    table = impl.get_process_queue_table()
    busy, cached = table[MQS[0]], table[MQS[1]]
    _with_message(cached)

    held = threading.Event()
    release = threading.Event()

    def consume():
        with busy.get_consume_lock():
            held.set()
            release.wait(10)

    consumer_thread = threading.Thread(target=consume)
    consumer_thread.start()
    assert held.wait(5)
    try:
        impl.set_allocate_message_queue_strategy(_Fixed({MQS[3]}))  # q0, q1, q2 are taken away
        impl.do_rebalance(True)  # q0 busy (1 s try), q1 cached (delayed unlock), q2 idle (unlock now)
    finally:
        release.set()
        consumer_thread.join()
    assert set(table) == {MQS[0], MQS[3]}  # the busy queue stays until a later rebalance
    assert busy.is_dropped() and busy.get_try_unlock_times() == 1
    assert ({MQS[2]}, True) in factory.api.unlocks
    (task, delay), = factory.scheduler.tasks
    assert delay == RebalancePushImpl.UNLOCK_DELAY_TIME_MILLS == 20000
    assert ({MQS[1]}, True) not in factory.api.unlocks
    task()
    assert ({MQS[1]}, True) in factory.api.unlocks
    impl.do_rebalance(True)  # the consume lock is free now
    assert set(table) == {MQS[3]}
    assert ({MQS[0]}, True) in factory.api.unlocks


class _Fixed(AllocateMessageQueueAveragely):
    def __init__(self, result):
        self.result = result

    def allocate(self, consumer_group, current_cid, mq_all, cid_all):
        return list(self.result)


def test_message_queue_changed_updates_thresholds_and_sub_version():
    factory = FakeFactory("cid-a", ["cid-a"])
    impl = push_rebalance(factory)
    settings = impl.default_mq_push_consumer_impl.settings
    values = {}
    settings.get_pull_threshold_for_topic = lambda: 10
    settings.get_pull_threshold_size_for_topic = lambda: 3
    settings.get_pull_threshold_for_queue = lambda: values.get("count")
    settings.get_pull_threshold_size_for_queue = lambda: values.get("size")
    settings.set_pull_threshold_for_queue = lambda v: values.__setitem__("count", v)
    settings.set_pull_threshold_size_for_queue = lambda v: values.__setitem__("size", v)
    sub = impl.get_subscription_inner()[T]
    sub.set_sub_version(1)
    impl.message_queue_changed(T, set(MQS), set(MQS))
    assert values == {} and factory.heartbeats == 1 and sub.get_sub_version() > 1  # no queues: unchanged
    impl.do_rebalance(False)
    assert values == {"count": 2, "size": 1}  # 10 // 4, max(1, 3 // 4)


def test_listeners_of_pull_rebalances():
    seen = []

    class _Listener:
        def message_queue_changed(self, topic, mq_all, mq_divided):
            seen.append((topic, set(mq_divided)))
            raise RuntimeError("listener bug: logged")

    class _Owner:
        def __init__(self):
            self.store = MemoryStore()

        def get_offset_store(self):
            return self.store

        def get_default_mq_pull_consumer(self):
            return self

        def get_default_lite_pull_consumer(self):
            return self

        def get_message_queue_listener(self):
            return _Listener()

    factory = FakeFactory("cid-a", ["cid-a", "cid-b"])
    for cls in (RebalancePullImpl, RebalanceLitePullImpl):
        owner = _Owner()
        impl = cls(owner, "G", MessageModel.CLUSTERING, AllocateMessageQueueAveragely(), factory)
        impl.get_subscription_inner()[T] = SubscriptionData(T, "*")
        impl.get_topic_subscribe_info_table()[T] = set(MQS)
        impl.do_rebalance(False)
        assert seen[-1] == (T, {MQS[0], MQS[1]})
        owner.store.table[MQS[0]] = 4
        assert impl.remove_unnecessary_message_queue(MQS[0], ProcessQueue())
        assert owner.store.persisted == [MQS[0]] and MQS[0] not in owner.store.table
        assert impl.consume_type() == ConsumeType.CONSUME_ACTIVELY
        impl.destroy()
        assert impl.get_process_queue_table() == {}


# ---------------------------------------------------------------------------- broker rebalance (5.3.3, POP)

class AssigningFactory(FakeFactory):
    """A client instance whose broker answers QUERY_ASSIGNMENT with ``assignments`` (or raises ``error``)."""

    def __init__(self) -> None:
        super().__init__("cid-a", ["cid-a"])
        self.assignments: Optional[Set[Any]] = set()
        self.error: Optional[Exception] = None
        self.queries: List[tuple] = []

    def query_assignment(self, topic, group, strategy_name, message_model, timeout):
        self.queries.append((topic, group, strategy_name, message_model, timeout))
        if self.error is not None:
            raise self.error
        return self.assignments


class PoppingPushImpl(FakePushImpl):
    def __init__(self, orderly: bool = False) -> None:
        super().__init__(orderly)
        self.settings.client_rebalance = False
        self.pops: List[tuple] = []

    def execute_pop_pull_request_later(self, pop_request, delay):
        self.pops.append((pop_request, delay))


def assigned(mode, *queue_ids):
    result = set()
    for queue_id in queue_ids:
        assignment = MessageQueueAssignment()
        assignment.set_message_queue(MQS[queue_id])
        assignment.set_mode(mode)
        result.add(assignment)
    return result


def broker_rebalance(factory: AssigningFactory, orderly: bool = False,
                     model: MessageModel = MessageModel.CLUSTERING) -> RebalancePushImpl:
    impl = RebalancePushImpl(PoppingPushImpl(orderly), "G", model, RecordingStrategy(), factory)
    impl.get_subscription_inner()[T] = SubscriptionData(T, "*")
    return impl


def test_client_rebalance_is_only_off_for_clustering_concurrent_consumers():
    factory = AssigningFactory()
    assert broker_rebalance(factory).client_rebalance(T) is False
    assert broker_rebalance(factory, orderly=True).client_rebalance(T) is True  # Java: no POP orderly
    assert broker_rebalance(factory, model=MessageModel.BROADCASTING).client_rebalance(T) is True
    impl = broker_rebalance(factory)
    impl.default_mq_push_consumer_impl.settings.client_rebalance = True
    assert impl.client_rebalance(T) is True
    impl.do_rebalance(False)
    assert factory.queries == []


def test_the_brokers_assignment_in_pull_then_pop_then_pull_mode():
    factory = AssigningFactory()
    impl = broker_rebalance(factory)
    push = impl.default_mq_push_consumer_impl
    retry_topic = "%RETRY%G_" + T
    factory.assignments = assigned(MessageRequestMode.PULL, 0, 1)
    impl.do_rebalance(False)
    assert factory.queries[0] == (T, "G", "AVG", MessageModel.CLUSTERING, 3000)
    assert set(impl.get_process_queue_table()) == {MQS[0], MQS[1]} and impl.get_pop_process_queue_table() == {}
    assert {r.get_message_queue() for r in push.dispatched} == {MQS[0], MQS[1]}
    assert retry_topic in impl.get_subscription_inner()  # PULL drains the POP retry topic
    assert factory.heartbeats == 1

    factory.assignments = assigned(MessageRequestMode.POP, 0, 1)
    pull_pqs = dict(impl.get_process_queue_table())
    impl.do_rebalance(False)
    assert impl.get_process_queue_table() == {} and all(pq.is_dropped() for pq in pull_pqs.values())
    assert set(impl.get_pop_process_queue_table()) == {MQS[0], MQS[1]}
    assert retry_topic not in impl.get_subscription_inner()
    assert sorted((r.get_message_queue().get_queue_id(), r.get_topic(), r.get_init_mode(), delay)
                  for r, delay in push.pops) == [(0, T, ConsumeInitMode.MIN, 500), (1, T, ConsumeInitMode.MIN, 500)]
    impl.do_rebalance(False)  # unchanged: no new pop request
    assert len(push.pops) == 2

    factory.assignments = assigned(MessageRequestMode.PULL, 1)
    pop_pqs = dict(impl.get_pop_process_queue_table())
    impl.do_rebalance(False)
    assert impl.get_pop_process_queue_table() == {} and all(pq.is_dropped() for pq in pop_pqs.values())
    assert set(impl.get_process_queue_table()) == {MQS[1]}

    impl.destroy()
    assert impl.get_process_queue_table() == {}


def test_a_failed_or_missing_assignment_changes_nothing(caplog):
    factory = AssigningFactory()
    impl = broker_rebalance(factory)
    factory.assignments = assigned(MessageRequestMode.POP, 2)
    impl.do_rebalance(False)
    assert set(impl.get_pop_process_queue_table()) == {MQS[2]}
    factory.assignments = None  # no broker of the topic known
    impl.do_rebalance(False)
    factory.assignments = set()
    factory.error = MQBrokerException(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "request type 400 not supported")
    impl.do_rebalance(False)
    assert set(impl.get_pop_process_queue_table()) == {MQS[2]}
    line, = [r for r in caplog.records if "allocate message queue exception" in r.getMessage()]
    assert "set_client_rebalance(True)" in line.getMessage() and line.exc_info is None


def test_unsubscribed_topics_drop_their_pop_queues():
    factory = AssigningFactory()
    impl = broker_rebalance(factory)
    factory.assignments = assigned(MessageRequestMode.POP, 0)
    impl.do_rebalance(False)
    pop_pq = impl.get_pop_process_queue_table()[MQS[0]]
    del impl.get_subscription_inner()[T]
    impl.do_rebalance(False)
    assert impl.get_pop_process_queue_table() == {} and pop_pq.is_dropped()
