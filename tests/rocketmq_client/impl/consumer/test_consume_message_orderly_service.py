"""Orderly consumption against the embedded cluster: per-queue order under 4 threads, broker locks (taken at
rebalance, renewed periodically, released at shutdown), SUSPEND_CURRENT_QUEUE_A_MOMENT redelivering in order,
max reconsume times then the DLQ, manual commit."""
from __future__ import annotations

import threading
from collections import defaultdict
from typing import Dict, List

import pytest

from client_support import Recorder, stored_messages, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.impl.consumer.consume_message_orderly_service import ConsumeMessageOrderlyService
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll

SUSPEND = ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT
SUCCESS = ConsumeOrderlyStatus.SUCCESS


def _send_sequences(producer, topic: str, queues: int, per_queue: int, start: int = 0) -> None:
    for seq in range(start, start + per_queue):
        for queue_id in range(queues):
            producer.send(Message(topic, "TagA", b"%d:%d" % (queue_id, seq)), MessageQueue(topic, "broker-a", queue_id))


def _by_queue(msgs) -> Dict[int, List[int]]:
    order: Dict[int, List[int]] = defaultdict(list)
    for msg in msgs:
        queue_id, seq = msg.get_body().split(b":")
        assert int(queue_id) == msg.get_queue_id()
        order[msg.get_queue_id()].append(int(seq))
    return order


def test_per_queue_order_under_four_threads(embedded_cluster: EmbeddedCluster, new_producer, new_consumer,
                                            push_topic) -> None:
    producer = new_producer()
    _send_sequences(producer, push_topic, 8, 15)
    active: Dict[int, int] = defaultdict(int)
    overlaps = []
    lock = threading.Lock()

    def decide(msg):
        with lock:
            active[msg.get_queue_id()] += 1
            if active[msg.get_queue_id()] > 1:
                overlaps.append(msg.get_queue_id())
        threading.Event().wait(0.001)  # let other threads run meanwhile
        with lock:
            active[msg.get_queue_id()] -= 1
        return SUCCESS

    recorder = Recorder(decide, orderly=True)
    consumer = new_consumer("OrderGroup", recorder, orderly=True, consume_thread_min=4, consume_thread_max=4)
    impl = consumer.get_default_mq_push_consumer_impl()
    assert impl.is_consume_orderly()
    assert isinstance(impl.get_consume_message_service(), ConsumeMessageOrderlyService)
    recorder.wait_count(120)
    _send_sequences(producer, push_topic, 8, 5, 15)  # more while running: order holds across pulls
    recorder.wait_count(160)
    assert _by_queue(recorder.msgs) == {q: list(range(20)) for q in range(8)}
    assert not overlaps, "two threads consumed one queue at once"
    assert len({call[2] for call in recorder.calls}) > 1
    assert all(call[2].startswith("ConsumeMessageThread_OrderGroup_") for call in recorder.calls)
    # every assigned queue is locked on the broker by this client
    client_id = impl.get_mq_client_factory().get_client_id()
    table = embedded_cluster.broker_controller.get_rebalance_lock_manager().mq_lock_table["OrderGroup"]
    assert {mq.get_queue_id() for mq, entry in table.items()
            if mq.get_topic() == push_topic and entry.client_id == client_id} == set(range(8))
    for pq in impl.get_rebalance_impl().get_process_queue_table().values():
        assert pq.is_locked()
    consumer.shutdown()
    # shutdown unlocks every queue (UNLOCK_BATCH_MQ)
    assert not any(entry.client_id == client_id for entry in table.values())


def test_locks_are_renewed_periodically(monkeypatch, new_producer, new_consumer, push_topic) -> None:
    monkeypatch.setattr(ProcessQueue, "REBALANCE_LOCK_INTERVAL", 100)
    consumer = new_consumer(None, Recorder(orderly=True), orderly=True)
    table = consumer.get_default_mq_push_consumer_impl().get_rebalance_impl().get_process_queue_table()
    wait_for(lambda: len([mq for mq in table if mq.get_topic() == push_topic]) == 8, 10, "the queues")
    first = {mq: pq.get_last_lock_timestamp() for mq, pq in list(table.items())}
    # the first renewal comes 1 s after start, then every 100 ms
    wait_for(lambda: all(table[mq].get_last_lock_timestamp() > stamp for mq, stamp in first.items()), 10,
             "a lock renewal of every queue")
    second = {mq: pq.get_last_lock_timestamp() for mq, pq in list(table.items())}
    wait_for(lambda: all(table[mq].get_last_lock_timestamp() > stamp for mq, stamp in second.items()), 5,
             "another renewal")


def test_suspend_redelivers_in_order(new_producer, new_consumer, push_topic) -> None:
    producer = new_producer()
    _send_sequences(producer, push_topic, 2, 6)
    failures = []

    def decide(msg):
        if msg.get_body() == b"1:2" and not failures:
            failures.append(msg.get_reconsume_times())
            return SUSPEND
        return SUCCESS

    recorder = Recorder(decide, orderly=True)
    new_consumer(None, recorder, orderly=True, suspend_current_queue_time_millis=50)
    recorder.wait_count(13)
    order = _by_queue(recorder.msgs)
    assert order[0] == list(range(6))
    assert order[1] == [0, 1, 2, 2, 3, 4, 5]
    assert recorder.reconsume_times_of(b"1:2") == [0, 1]
    assert failures == [0]


@pytest.mark.embedded_cluster(message_store_config={"message_delay_level": " ".join(["1s"] * 18)})
def test_max_reconsume_times_then_dlq(embedded_cluster: EmbeddedCluster, new_producer, new_consumer,
                                      push_topic) -> None:
    producer = new_producer()
    for body in (b"0:0", b"0:1", b"0:2"):
        producer.send(Message(push_topic, "TagA", body), MessageQueue(push_topic, "broker-a", 0))
    recorder = Recorder(lambda msg: SUSPEND if msg.get_body() == b"0:1" else SUCCESS, orderly=True)
    consumer = new_consumer("OrderDlqGroup", recorder, orderly=True, max_reconsume_times=2,
                            suspend_current_queue_time_millis=10)
    wait_for(lambda: b"0:2" in recorder.bodies(), 20, "the message after the poison one")
    assert recorder.bodies() == [b"0:0", b"0:1", b"0:1", b"0:1", b"0:2"]
    assert recorder.reconsume_times_of(b"0:1") == [0, 1, 2]
    # the copy sent to the retry topic keeps its DELAY (3 + reconsume times): like Java 4.9.7 the broker routes it
    # to the DLQ through the schedule topic (1 s here)
    dlq = MixAll.get_dlq_topic("OrderDlqGroup")
    dead = wait_for(lambda: embedded_cluster.broker_controller.get_topic_config_manager().select_topic_config(dlq)
                    and stored_messages(embedded_cluster.broker_controller, dlq), 10, "the DLQ")
    assert [m.get_body() for m in dead] == [b"0:1"]
    store = consumer.get_offset_store()
    wait_for(lambda: store.clone_offset_table(push_topic).get(MessageQueue(push_topic, "broker-a", 0)) == 3, 10,
             "the committed offset")


def test_manual_commit(new_producer, new_consumer, push_topic) -> None:
    producer = new_producer()
    for i in range(4):
        producer.send(Message(push_topic, "TagA", b"0:%d" % i), MessageQueue(push_topic, "broker-a", 0))

    def listener(msgs, context):
        context.set_auto_commit(False)
        seq = int(msgs[0].get_body().split(b":")[1])
        return ConsumeOrderlyStatus.COMMIT if seq == 1 else SUCCESS

    recorder = Recorder(orderly=True)

    def recording(msgs, context):
        recorder(msgs, context)
        return listener(msgs, context)

    consumer = new_consumer(None, recording, orderly=True)
    recorder.wait_count(4)
    mq = MessageQueue(push_topic, "broker-a", 0)
    store = consumer.get_offset_store()
    # only COMMIT commits when auto-commit is off: the offset stops after the second message
    wait_for(lambda: store.clone_offset_table(push_topic).get(mq) == 2, 10, "the manual commit")
    pq = consumer.get_default_mq_push_consumer_impl().get_rebalance_impl().get_process_queue_table()[mq]
    assert pq.get_msg_count().get() == 2  # the two uncommitted messages stay counted


@pytest.mark.parametrize("status", [ConsumeOrderlyStatus.ROLLBACK])
def test_rollback_without_auto_commit_consumes_again(status, new_producer, new_consumer, push_topic) -> None:
    producer = new_producer()
    producer.send(Message(push_topic, "TagA", b"0:0"), MessageQueue(push_topic, "broker-a", 0))
    seen = []

    def listener(msgs, context):
        context.set_auto_commit(False)
        context.set_suspend_current_queue_time_millis(10)
        seen.append(msgs[0].get_body())
        return status if len(seen) == 1 else ConsumeOrderlyStatus.COMMIT

    consumer = new_consumer(None, listener, orderly=True)
    wait_for(lambda: len(seen) >= 2, 10, "the rolled back message again")
    assert seen[:2] == [b"0:0", b"0:0"]
    store = consumer.get_offset_store()
    wait_for(lambda: store.clone_offset_table(push_topic).get(MessageQueue(push_topic, "broker-a", 0)) == 1, 10,
             "the commit")
