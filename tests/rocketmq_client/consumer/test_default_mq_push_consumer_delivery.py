"""Delivery of a push consumer against the embedded cluster: tag filtering, SQL92 subscriptions, clustering over
three consumers (disjoint complete assignments that move on the NOTIFY path), broadcasting with local offsets,
offsets surviving a restart, batches, suspend/resume."""
from __future__ import annotations

import os
import time

import pytest

from client_support import Recorder, consumer_offsets, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.consumer.store.local_file_offset_store import LocalFileOffsetStore
from rocketmq_client.consumer.store.offset_serialize_wrapper import OffsetSerializeWrapper
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_client.exception import MQClientException
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.message.message import Message
from rocketmq_common.protocol.heartbeat.message_model import MessageModel


def _send(producer, topic: str, count: int, prefix: str = "m", tags=("TagA",)) -> set:
    bodies = set()
    for i in range(count):
        body = ("%s %d" % (prefix, i)).encode()
        producer.send(Message(topic, tags[i % len(tags)], body))
        bodies.add(body)
    return bodies


def test_tag_filter(new_producer, new_consumer, push_topic) -> None:
    producer = new_producer()
    for i in range(30):
        producer.send(Message(push_topic, ("TagA", "TagB", "TagC")[i % 3], b"f %d" % i))
    recorder = Recorder()
    new_consumer(None, recorder, expression="TagA || TagB")
    recorder.wait_count(20)
    selector = Recorder()
    new_consumer(None, selector, expression=MessageSelector.by_tag("TagC"))
    selector.wait_count(10)
    # the broker filters by tag hash; nothing else arrives even after every queue reached its end
    producer.send(Message(push_topic, "TagA", b"marker"))
    recorder.wait_bodies({b"marker"})
    assert sorted(m.get_tags() for m in recorder.msgs).count("TagC") == 0
    assert len(recorder.msgs) == 21
    assert {m.get_tags() for m in selector.msgs} == {"TagC"} and len(selector.msgs) == 10


def test_sql92_subscription_goes_to_the_broker(embedded_cluster: EmbeddedCluster, new_consumer, push_topic) -> None:
    consumer = new_consumer(None, Recorder(), expression=MessageSelector.by_sql("a > 5"), start=False)
    # this broker has no property filter: start() reports it after the consumer came up, like Java
    with pytest.raises(MQClientException, match="The broker does not support consumer to filter message by SQL92"):
        consumer.start()
    group = consumer.get_consumer_group()
    info = wait_for(lambda: embedded_cluster.broker_controller.get_consumer_manager().get_consumer_group_info(group),
                    10, "the heartbeat")
    data = info.find_subscription_data(push_topic)
    assert (data.expression_type, data.sub_string) == (ExpressionType.SQL92, "a > 5")


def test_three_consumers_share_eight_queues(embedded_cluster: EmbeddedCluster, new_producer, new_consumer,
                                            push_topic) -> None:
    recorders = [Recorder() for _ in range(3)]
    consumers = [new_consumer("ShareGroup", r) for r in recorders]

    def assigned(consumer):
        table = consumer.get_default_mq_push_consumer_impl().get_rebalance_impl().get_process_queue_table()
        return {mq.get_queue_id() for mq in table if mq.get_topic() == push_topic}

    def balanced(group):
        sets = [assigned(c) for c in group]
        union = set().union(*sets)
        return union == set(range(8)) and sum(len(s) for s in sets) == 8 and all(sets)

    wait_for(lambda: balanced(consumers), 15, "3 consumers to share the 8 queues")
    assert sorted(len(assigned(c)) for c in consumers) == [2, 3, 3]
    bodies = _send(new_producer(), push_topic, 80, "share")
    wait_for(lambda: bodies <= {m.get_body() for r in recorders for m in r.msgs}, 20, "every message")
    for recorder, consumer in zip(recorders, consumers):
        assert {m.get_queue_id() for m in recorder.msgs} <= assigned(consumer)

    # one leaves: the broker notifies the others (NOTIFY_CONSUMER_IDS_CHANGED), long before the 20 s timer
    leaving = consumers.pop(0)
    begin = time.monotonic()
    leaving.shutdown()
    wait_for(lambda: balanced(consumers), 10, "the 2 consumers to take the 8 queues")
    assert time.monotonic() - begin < 8.0
    assert sorted(len(assigned(c)) for c in consumers) == [4, 4]
    more = _send(new_producer(), push_topic, 40, "after")
    wait_for(lambda: more <= {m.get_body() for r in recorders[1:] for m in r.msgs}, 20, "the later messages")


def test_broadcasting_delivers_everything_to_each(tmp_path, monkeypatch, new_producer, new_consumer,
                                                  push_topic) -> None:
    monkeypatch.setenv("ROCKETMQ_CLIENT_LOCAL_OFFSET_STORE_DIR", str(tmp_path / "offsets"))
    recorders = [Recorder(), Recorder()]
    consumers = [new_consumer("BroadcastGroup", r, message_model=MessageModel.BROADCASTING,
                              instance_name="bc-%d" % i) for i, r in enumerate(recorders)]
    for consumer in consumers:
        assert isinstance(consumer.get_offset_store(), LocalFileOffsetStore)
        assert "%RETRY%BroadcastGroup" not in consumer.get_default_mq_push_consumer_impl().get_subscription_inner()
    wait_for(lambda: all(len(c.get_default_mq_push_consumer_impl().get_rebalance_impl().get_process_queue_table())
                         == 8 for c in consumers), 15, "every consumer to own all 8 queues")
    bodies = _send(new_producer(), push_topic, 40, "bc")
    for recorder in recorders:
        recorder.wait_bodies(bodies)
    for consumer in consumers:
        store = consumer.get_offset_store()
        wait_for(lambda store=store: sum(store.clone_offset_table(push_topic).values()) == 40, 10, "the offsets")
        consumer.shutdown()
        with open(store.store_path, "rb") as f:
            table = OffsetSerializeWrapper.decode(f.read()).get_offset_table()
        # every queue's offset is the end of the queue; the file names the client id and the group
        assert {mq.get_topic() for mq in table} == {push_topic} and len(table) == 8
        assert sum(table.values()) == 40
        assert os.path.basename(os.path.dirname(store.store_path)) == "BroadcastGroup"


def test_offsets_survive_a_restart(embedded_cluster: EmbeddedCluster, new_producer, new_consumer,
                                   push_topic) -> None:
    producer = new_producer()
    first_bodies = _send(producer, push_topic, 60, "before")
    first = Recorder()
    consumer = new_consumer("RestartGroup", first)
    assert isinstance(consumer.get_offset_store(), RemoteBrokerOffsetStore)
    first.wait_bodies(first_bodies)
    store = consumer.get_offset_store()
    wait_for(lambda: sum(store.clone_offset_table(push_topic).values()) == 60, 10, "the consumed offsets")
    consumer.shutdown()  # persists the offsets of the processed messages
    assert sum(consumer_offsets(embedded_cluster.broker_controller, "RestartGroup", push_topic).values()) == 60
    later_bodies = _send(producer, push_topic, 40, "later")
    second = Recorder()
    new_consumer("RestartGroup", second)
    second.wait_bodies(later_bodies)
    # a clean shutdown committed everything: nothing old comes again, nothing new is lost
    assert not {m.get_body() for m in second.msgs} & first_bodies
    assert sorted(second.bodies()) == sorted(later_bodies)


def test_batches(new_producer, new_consumer, push_topic) -> None:
    bodies = _send(new_producer(), push_topic, 80, "batch")  # stored first: pulls bring up to 32 at once
    recorder = Recorder()
    new_consumer(None, recorder, consume_message_batch_max_size=10, pull_batch_size=32)
    recorder.wait_bodies(bodies)
    assert max(len(call[0]) for call in recorder.calls) > 1
    assert all(len(call[0]) <= 10 for call in recorder.calls)
    assert all(len({m.get_queue_id() for m in call[0]}) == 1 for call in recorder.calls)


def test_suspend_and_resume(monkeypatch, new_producer, new_consumer, push_topic) -> None:
    recorder = Recorder()
    consumer = new_consumer(None, recorder)
    impl = consumer.get_default_mq_push_consumer_impl()
    producer = new_producer()
    first = _send(producer, push_topic, 8, "first")
    recorder.wait_bodies(first)
    paused = []
    original = impl.execute_pull_request_later

    def later(pull_request, delay):
        if delay == 1000 and impl.is_pause():
            paused.append(pull_request.get_message_queue())
        original(pull_request, delay)

    monkeypatch.setattr(impl, "execute_pull_request_later", later)
    consumer.suspend()
    assert impl.is_pause()
    # the long polls in flight may still deliver one answer per queue; then every queue waits
    in_flight = _send(producer, push_topic, 8, "in-flight")
    wait_for(lambda: len(set(paused)) >= 8, 10, "every queue's pull to be postponed")
    held = _send(producer, push_topic, 8, "held")
    mark = len(paused)
    wait_for(lambda: len(set(paused[mark:])) >= 8, 10, "a second postponement of every queue")
    assert not held & set(recorder.bodies())
    consumer.resume()
    assert not impl.is_pause()
    recorder.wait_bodies(held | in_flight)
