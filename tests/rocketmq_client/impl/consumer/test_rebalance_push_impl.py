"""RebalancePushImpl with real MQClientInstances against the embedded cluster: assignments over 8 queues,
recomputed through NOTIFY_CONSUMER_IDS_CHANGED, broadcasting, orderly locks."""
from __future__ import annotations

from typing import Dict, Set

import pytest

from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.topic.topic_validator import TopicValidator

TOPIC = "RebalanceTopic"
ALL = sorted(MessageQueue(TOPIC, b, i) for b in ("broker-a", "broker-b") for i in range(4))


def _start(client_instance, make_client_config, embedded_cluster, stub_push_consumer, group, thresholds=None,
           **kw):
    inst = client_instance(make_client_config(embedded_cluster.namesrv_addr))
    consumer = stub_push_consumer(inst, group, [TOPIC], **kw)
    if thresholds:
        consumer.settings.pull_threshold_for_topic, consumer.settings.pull_threshold_size_for_topic = thresholds
    assert inst.register_consumer(group, consumer)
    inst.update_topic_route_info_from_name_server(TOPIC)
    inst.send_heartbeat_to_all_broker_with_lock()
    inst.rebalance_immediately()
    return inst, consumer


def _expected_avg(consumers) -> Dict[str, Set[MessageQueue]]:
    cid_all = sorted(c.instance.get_client_id() for c in consumers)
    strategy = AllocateMessageQueueAveragely()
    return {cid: set(strategy.allocate("G", cid, ALL, cid_all)) for cid in cid_all}


def _matches(consumers) -> bool:
    expected = _expected_avg(consumers)
    return all(c.assigned() == expected[c.instance.get_client_id()] for c in consumers)


@pytest.fixture
def topic(embedded_cluster, client_config, client_instance):
    admin = client_instance(client_config).get_mq_admin_impl()
    admin.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, TOPIC, 4)
    return TOPIC


@pytest.mark.embedded_cluster(brokers=2)
def test_three_consumers_share_eight_queues_and_rebalance_when_one_leaves(
        embedded_cluster, topic, client_instance, make_client_config, stub_push_consumer, unique_group, wait_until):
    group = unique_group("RebalanceGroup")
    _, c1 = _start(client_instance, make_client_config, embedded_cluster, stub_push_consumer, group,
                       thresholds=(100, 10))
    wait_until(lambda: c1.assigned() == set(ALL), message="c1 owns all 8 queues")
    assert sorted(r.get_message_queue() for r in c1.pull_requests) == ALL
    assert all(r.get_next_offset() == 0 and r.get_consumer_group() == group for r in c1.pull_requests)
    assert c1.settings.pull_threshold_for_queue == 12 and c1.settings.pull_threshold_size_for_queue == 1
    sub_version = c1.rebalance_impl.get_subscription_inner()[TOPIC].get_sub_version()
    for mq in ALL:
        c1.offset_store.update_offset(mq, 5, True)
    persisted = []
    store_persist = c1.offset_store.persist

    def recording_persist(mq):
        persisted.append((mq, c1.offset_store.read_offset(mq, ReadOffsetType.READ_FROM_MEMORY)))
        store_persist(mq)

    c1.offset_store.persist = recording_persist
    dropped_pqs = dict(c1.rebalance_impl.get_process_queue_table())

    _, c2 = _start(client_instance, make_client_config, embedded_cluster, stub_push_consumer, group)
    inst3, c3 = _start(client_instance, make_client_config, embedded_cluster, stub_push_consumer, group)
    consumers = [c1, c2, c3]
    wait_until(lambda: _matches(consumers), message="AVG assignment over 3 consumers")
    sizes = sorted(len(c.assigned()) for c in consumers)
    assert sizes == [2, 3, 3]
    assert set().union(*(c.assigned() for c in consumers)) == set(ALL)
    # c1's lost queues: process queues dropped, offsets persisted (5) and forgotten
    lost = set(ALL) - c1.assigned()
    assert all(dropped_pqs[mq].is_dropped() for mq in lost)
    assert not any(pq.is_dropped() for pq in c1.rebalance_impl.get_process_queue_table().values())
    assert set(c1.offset_store.clone_offset_table(TOPIC)) == c1.assigned()
    # (the broker value may be overwritten later by a new owner that read the offset before this one-way update)
    # (c1's index in the sorted client ids may change as others join, so it may lose a queue and win it back)
    first_persist = {}
    for mq, offset in persisted:
        first_persist.setdefault(mq, offset)
    assert lost <= set(first_persist) and set(first_persist.values()) == {5}
    assert c1.rebalance_impl.get_subscription_inner()[TOPIC].get_sub_version() >= sub_version
    assert c1.settings.pull_threshold_for_queue == max(1, 100 // len(c1.assigned()))

    # c3 leaves: UNREGISTER_CLIENT makes the broker notify c1 and c2, which rebalance at once (not on the 20 s timer)
    leaving = c3.assigned()
    inst3.unregister_consumer(group)
    c3.rebalance_impl.destroy()
    assert c3.assigned() == set()
    wait_until(lambda: _matches([c1, c2]), timeout=10.0, message="AVG assignment over 2 consumers")
    assert sorted(len(c.assigned()) for c in (c1, c2)) == [4, 4]
    assert leaving <= c1.assigned() | c2.assigned()


@pytest.mark.embedded_cluster(brokers=2)
def test_broadcasting_takes_every_queue(embedded_cluster, topic, client_instance, make_client_config,
                                        stub_push_consumer, unique_group, wait_until):
    group = unique_group("BroadcastGroup")
    _, a = _start(client_instance, make_client_config, embedded_cluster, stub_push_consumer, group,
                  message_model=MessageModel.BROADCASTING)
    _, b = _start(client_instance, make_client_config, embedded_cluster, stub_push_consumer, group,
                  message_model=MessageModel.BROADCASTING)
    wait_until(lambda: a.assigned() == set(ALL) and b.assigned() == set(ALL), message="both own all queues")


@pytest.mark.embedded_cluster(brokers=2)
def test_orderly_rebalance_locks_queues_at_the_broker(embedded_cluster, topic, client_instance, make_client_config,
                                                      stub_push_consumer, unique_group, wait_until):
    group = unique_group("OrderlyGroup")
    _, c1 = _start(client_instance, make_client_config, embedded_cluster, stub_push_consumer, group,
                       orderly=True)
    wait_until(lambda: c1.assigned() == set(ALL), message="c1 locked and owns all queues")
    assert all(pq.is_locked() for pq in c1.rebalance_impl.get_process_queue_table().values())

    inst2, c2 = _start(client_instance, make_client_config, embedded_cluster, stub_push_consumer, group,
                       orderly=True)

    def settled() -> bool:
        inst2.rebalance_immediately()  # a lock refused while c1 still held the queue is retried next round
        return _matches([c1, c2])

    wait_until(settled, message="orderly AVG assignment over 2 consumers")
    impl1, impl2 = c1.rebalance_impl, c2.rebalance_impl
    mine, theirs = min(c1.assigned()), min(c2.assigned())
    # the broker lock follows the assignment
    assert impl1.lock(mine) and not impl1.lock(theirs)
    assert impl2.lock(theirs) and not impl2.lock(mine)
    impl2.unlock(theirs, False)
    assert impl1.lock(theirs)  # free now; c1 takes it
    impl1.unlock(theirs, False)
    assert impl2.lock(theirs)

    # lock_all / unlock_all act per broker on the whole process queue table
    impl1.unlock_all(False)
    assert not any(pq.is_locked() for pq in impl1.get_process_queue_table().values())
    assert impl2.lock(mine)  # c1 released everything
    impl1.lock_all()
    table1 = impl1.get_process_queue_table()
    assert not table1[mine].is_locked()  # c2 holds it now
    assert all(pq.is_locked() for mq, pq in table1.items() if mq != mine)
    impl2.unlock(mine, False)
    impl1.lock_all()
    assert all(pq.is_locked() for pq in table1.values())
