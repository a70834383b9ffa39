"""A push consumer under pressure against the embedded cluster: flow control by cached count, size and offset
span, a broker restarted mid-stream, and the broker-relayed GET_CONSUMER_RUNNING_INFO and CONSUME_MESSAGE_DIRECTLY."""
from __future__ import annotations

import threading

import pytest

from client_support import Recorder, create_topic, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.cm_result import CMResult
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo


def _blocking_listener(release: threading.Event, recorder: Recorder):
    def listener(msgs, context):
        recorder(msgs, context)
        release.wait(30)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS
    return listener


def test_flow_control_by_cached_count(embedded_cluster: EmbeddedCluster, new_producer, new_consumer) -> None:
    create_topic(embedded_cluster.broker_controller, "FlowTopic", 1)
    producer = new_producer()
    for i in range(200):
        producer.send(Message("FlowTopic", "TagA", b"flow %d" % i))
    release = threading.Event()
    recorder = Recorder()
    consumer = new_consumer(None, _blocking_listener(release, recorder), topic="FlowTopic",
                            pull_threshold_for_queue=10, pull_batch_size=16, consume_thread_min=2,
                            consume_thread_max=2)
    impl = consumer.get_default_mq_push_consumer_impl()
    mq = MessageQueue("FlowTopic", "broker-a", 0)
    table = impl.get_rebalance_impl().get_process_queue_table()
    pq = wait_for(lambda: table.get(mq), 10, "the process queue")
    try:
        # one pull of 16 exceeds the threshold of 10: pulling stops (retried every 50 ms) while nothing is consumed
        wait_for(lambda: impl.queue_flow_control_times >= 5, 10, "flow control")
        assert pq.get_msg_count().get() == 16
        mark = impl.queue_flow_control_times
        wait_for(lambda: impl.queue_flow_control_times >= mark + 5, 10, "more flow control")
        assert pq.get_msg_count().get() == 16
        assert len(recorder.msgs) == 2  # two consume threads, both blocked
    finally:
        release.set()
    recorder.wait_count(200)
    assert sorted(recorder.bodies()) == sorted(b"flow %d" % i for i in range(200))
    wait_for(lambda: pq.get_msg_count().get() == 0, 10, "the cache to empty")


def test_flow_control_by_cached_size(embedded_cluster: EmbeddedCluster, new_producer, new_consumer) -> None:
    create_topic(embedded_cluster.broker_controller, "SizeTopic", 1)
    producer = new_producer()
    big = b"x" * (600 * 1024)
    for i in range(6):
        producer.send(Message("SizeTopic", "TagA", big + b"%d" % i))
    release = threading.Event()
    recorder = Recorder()
    consumer = new_consumer(None, _blocking_listener(release, recorder), topic="SizeTopic",
                            pull_threshold_size_for_queue=1, pull_batch_size=2, consume_thread_min=1,
                            consume_thread_max=1)
    impl = consumer.get_default_mq_push_consumer_impl()
    pq = wait_for(lambda: impl.get_rebalance_impl().get_process_queue_table().get(
        MessageQueue("SizeTopic", "broker-a", 0)), 10, "the process queue")
    try:
        wait_for(lambda: impl.queue_flow_control_times >= 3, 10, "flow control by size")
        # more than 1 MiB cached stops pulling: 4 messages of 600 KiB (2 pulls of 2)
        assert pq.get_msg_count().get() == 4
        assert pq.get_msg_size().get() > 1024 * 1024
    finally:
        release.set()
    recorder.wait_count(6)


def test_flow_control_by_offset_span(embedded_cluster: EmbeddedCluster, new_producer, new_consumer) -> None:
    create_topic(embedded_cluster.broker_controller, "SpanTopic", 1)
    producer = new_producer()
    for i in range(40):
        producer.send(Message("SpanTopic", "TagA", b"span %d" % i))
    release = threading.Event()
    first = threading.Event()

    def listener(msgs, context):
        offset = msgs[0].get_queue_offset()
        if offset == 0:
            first.set()
        if offset == 0 or offset > 10:
            release.wait(30)  # the oldest and the newest stay cached: their span exceeds 10
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer = new_consumer(None, listener, topic="SpanTopic", consume_concurrently_max_span=10,
                            pull_batch_size=8, consume_thread_min=4, consume_thread_max=4)
    impl = consumer.get_default_mq_push_consumer_impl()
    try:
        wait_for(lambda: impl.queue_max_span_flow_control_times >= 3, 10, "flow control by span")
        pq = impl.get_rebalance_impl().get_process_queue_table()[MessageQueue("SpanTopic", "broker-a", 0)]
        assert pq.get_max_span() > 10
        assert pq.get_msg_tree_map().first_key() == 0
        assert pq.get_msg_tree_map().last_key() <= 10 + 8 + 8
    finally:
        release.set()
    store = consumer.get_offset_store()
    wait_for(lambda: store.clone_offset_table("SpanTopic").get(MessageQueue("SpanTopic", "broker-a", 0)) == 40, 20,
             "every message consumed")
    assert first.is_set()


def test_broker_restart_mid_stream(embedded_cluster: EmbeddedCluster, new_producer, new_consumer,
                                   push_topic) -> None:
    producer = new_producer(retry_times_when_send_failed=5)
    recorder = Recorder()
    new_consumer(None, recorder)
    first = {b"before %d" % i for i in range(40)}
    for body in sorted(first):
        producer.send(Message(push_topic, "TagA", body))
    recorder.wait_bodies(first)
    embedded_cluster.restart_broker(0)
    later = {b"after %d" % i for i in range(40)}
    for body in sorted(later):
        wait_for(lambda body=body: _try_send(producer, push_topic, body), 20, "a send after the restart")
    recorder.wait_bodies(later, timeout=40)
    assert first | later <= set(recorder.bodies())


def _try_send(producer, topic: str, body: bytes) -> bool:
    try:
        producer.send(Message(topic, "TagA", body))
        return True
    except Exception:  # the route or connection is being re-established
        return False


@pytest.mark.parametrize("orderly", [False, True])
def test_running_info_and_consume_directly_through_the_broker(orderly: bool, embedded_cluster: EmbeddedCluster,
                                                              new_producer, new_consumer, push_topic) -> None:
    producer = new_producer()
    result = producer.send(Message(push_topic, "TagA", b"direct"))
    recorder = Recorder(orderly=orderly)
    consumer = new_consumer("DirectGroup", recorder, orderly=orderly)
    recorder.wait_count(1)
    impl = consumer.get_default_mq_push_consumer_impl()
    client_id = impl.get_mq_client_factory().get_client_id()
    api = producer.get_default_mq_producer_impl().get_mq_client_factory().get_mq_client_api_impl()
    info = api.get_consumer_running_info(embedded_cluster.broker_addr, "DirectGroup", client_id, False, 5000)
    assert isinstance(info, ConsumerRunningInfo)
    props = info.get_properties()
    assert props[ConsumerRunningInfo.PROP_CONSUME_ORDERLY] == ("true" if orderly else "false")
    assert props[ConsumerRunningInfo.PROP_THREADPOOL_CORE_SIZE] == "20"
    assert props[ConsumerRunningInfo.PROP_CONSUME_TYPE] == "CONSUME_PASSIVELY"
    assert int(props[ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP]) == impl.consumer_start_timestamp
    assert props["consumerGroup"] == "DirectGroup" and props["pullBatchSize"] == "32"
    assert {sd.get_topic() for sd in info.get_subscription_set()} == {push_topic,
                                                                     MixAll.get_retry_topic("DirectGroup")}
    queues = {mq for mq in info.get_mq_table() if mq.get_topic() == push_topic}
    assert len(queues) == 8
    assert sum(info.get_mq_table()[mq].get_commit_offset() for mq in queues) == 1
    assert push_topic in info.get_status_table()

    direct = api.consume_message_directly(embedded_cluster.broker_addr, "DirectGroup", client_id,
                                          result.get_offset_msg_id(), 5000)
    assert direct.get_consume_result() is CMResult.CR_SUCCESS
    assert direct.is_order() is orderly and direct.is_auto_commit() is True
    assert recorder.bodies() == [b"direct", b"direct"]
