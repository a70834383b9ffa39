"""Auto batching (Java 5.3.3 ``ProduceAccumulator``) against the embedded broker: async and sync sends go in
batches (fewer SEND_MESSAGE_V2 requests than messages, as SEND_BATCH_MESSAGE), each send gets its own SendResult,
every message is consumed once; messages Java keeps out of batches go alone; the settings are checked; the guard
threads end on shutdown."""
from __future__ import annotations

import collections
import threading
from typing import List

import pytest

from client_support import BrokerInterceptor, RecordingSendCallback
from consuming import BodyCollector
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.protocol.request_code import RequestCode
from store_reading import stored_messages

pytestmark = pytest.mark.timeout(120)


def _guards() -> List[str]:
    return [t.name for t in threading.enumerate() if t.name.endswith(("_GuardForSyncSend", "_GuardForAsyncSend"))]


def test_settings_are_checked_and_reach_the_accumulator(new_producer) -> None:
    producer = DefaultMQProducer("AutoBatchPG", auto_batch=True, batch_max_delay_ms=20)
    assert producer.get_auto_batch() is False  # no accumulator before start, as Java
    assert producer.is_auto_batch() is True and producer.get_batch_max_delay_ms() == 20
    with pytest.raises(ValueError, match=r"^batchMaxDelayMs expect between 1ms and 30s, but get 0!$"):
        producer.set_batch_max_delay_ms(0)
    with pytest.raises(ValueError, match=r"^batchMaxBytes expect between 1B and 2MB, but get 2097153!$"):
        producer.batch_max_bytes = 2 * 1024 * 1024 + 1
    with pytest.raises(ValueError, match=r"^totalBatchMaxBytes must bigger then 0, but get -5!$"):
        DefaultMQProducer("AutoBatchPG", total_batch_max_bytes=-5)
    started = new_producer(auto_batch=True, batch_max_delay_ms=20, batch_max_bytes=4096)
    assert started.get_auto_batch() is True
    accumulator = started._produce_accumulator
    assert (accumulator.get_batch_max_delay_ms(), accumulator.get_batch_max_bytes()) == (20, 4096)
    assert accumulator.get_total_batch_max_bytes() == 32 * 1024 * 1024  # -1: the accumulator's default
    started.set_total_batch_max_bytes(1 << 20)
    assert accumulator.get_total_batch_max_bytes() == 1 << 20


def test_async_sends_batched_each_with_its_result_consumed_once(new_producer, new_consumer,
                                                               embedded_cluster: EmbeddedCluster) -> None:
    topic = "AutoBatchAsyncTopic"
    producer = new_producer(auto_batch=True)
    producer.send(Message(topic, b"route"))
    callback = RecordingSendCallback()
    bodies = {b"m%d" % i for i in range(5000)}
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_BATCH_MESSAGE) as batches:
        for body in sorted(bodies):
            producer.send(Message(topic, body), callback)
        callback.wait(5000, timeout=60)
    assert not callback.errors
    assert len(callback.results) == 5000
    assert all(r.get_send_status() is SendStatus.SEND_OK for r in callback.results)
    assert len({r.get_msg_id() for r in callback.results}) == 5000
    assert len({r.get_offset_msg_id() for r in callback.results}) == 5000
    assert 1 <= len(batches.requests) < 5000
    assert _guards()
    collector = BodyCollector()
    new_consumer(None, collector, topic=topic)
    collector.wait_for(bodies | {b"route"}, timeout=60)
    counts = collections.Counter(collector.bodies)
    stored = {MessageClientIDSetter.get_uniq_id(m) for m in stored_messages(embedded_cluster.broker_controller, topic)}
    assert {r.get_msg_id() for r in callback.results} <= stored
    assert all(counts[body] == 1 for body in bodies)
    producer.shutdown()
    assert not _guards()


def test_sync_sends_from_several_threads(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    topic = "AutoBatchSyncTopic"
    producer = new_producer(auto_batch=True, batch_max_delay_ms=50)
    producer.send(Message(topic, b"route"))
    results: List[SendResult] = []
    lock = threading.Lock()

    def sender(n: int) -> None:
        for i in range(50):
            result = producer.send(Message(topic, b"t%d-%d" % (n, i)))
            with lock:
                results.append(result)

    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_BATCH_MESSAGE) as batches:
        threads = [threading.Thread(target=sender, args=(n,)) for n in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert len(results) == 400 and len({r.get_msg_id() for r in results}) == 400
    assert len(batches.requests) < 400  # 8 threads' sends shared batches


def test_messages_java_keeps_out_of_batches_go_alone(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    topic = "AutoBatchExcludedTopic"
    producer = new_producer(auto_batch=True)
    producer.send(Message(topic, b"route"))
    delayed = Message(topic, b"delayed")
    delayed.set_delay_time_level(1)
    grouped = Message(topic, b"grouped")
    grouped.put_property("PGROUP", "SomeGroup")
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_BATCH_MESSAGE) as batches:
        assert producer.send(delayed).get_send_status() is SendStatus.SEND_OK
        assert producer.send(grouped).get_send_status() is SendStatus.SEND_OK
        assert producer.send(Message(topic, b"timeout form"), 3000).get_send_status() is SendStatus.SEND_OK
        assert not batches.requests
        assert producer.send(Message(topic, b"batched")).get_send_status() is SendStatus.SEND_OK
        assert len(batches.requests) == 1


def _queue_of(mqs, msg, arg):
    return mqs[arg % len(mqs)]


def test_selector_and_queue_sends_are_batched_as_java_does(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    """Java 5.3.3's send(msg, selector, arg[, callback]) and send(msg, mq[, callback]) go through the accumulator
    (the selector picks the queue first); their timeout forms send at once."""
    topic = "AutoBatchSelectTopic"
    embedded_cluster.create_topic(topic, queue_nums=4)
    producer = new_producer(auto_batch=True, batch_max_delay_ms=50)
    producer.send(Message(topic, b"route"))
    queues = producer.fetch_publish_message_queues(topic)
    callback = RecordingSendCallback()
    sync_results: List[SendResult] = []
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_BATCH_MESSAGE) as batches:
        for i in range(400):
            producer.send(Message(topic, b"async-%d" % i), _queue_of, i, callback)
        callback.wait(400, timeout=60)
        after_async_selected = len(batches.requests)
        assert 1 <= after_async_selected < 400
        for i in range(100):
            producer.send(Message(topic, b"to-mq-%d" % i), queues[3], callback)
        callback.wait(500, timeout=60)
        after_to_mq = len(batches.requests)
        assert 1 <= after_to_mq - after_async_selected < 100

        def sender(n: int) -> None:
            for i in range(25):
                # two threads a queue: a sync send waits for its batch, so only other threads can share it
                sync_results.append(producer.send(Message(topic, b"sync-%d-%d" % (n % 2, i)), _queue_of, n % 2))

        threads = [threading.Thread(target=sender, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(sync_results) == 100 and not callback.errors
        batched = len(batches.requests)
        assert 1 <= batched - after_to_mq < 100  # the 4 threads' sends shared batches
        assert producer.send(Message(topic, b"timeout"), _queue_of, 1, 3000).get_send_status() is SendStatus.SEND_OK
        assert producer.send(Message(topic, b"mq timeout"), queues[0], 3000).get_send_status() is SendStatus.SEND_OK
        assert len(batches.requests) == batched
    by_id = {}
    for result in callback.results + sync_results:
        assert result.get_send_status() is SendStatus.SEND_OK
        by_id[result.get_msg_id()] = result.get_message_queue().get_queue_id()
    stored = {MessageClientIDSetter.get_uniq_id(m): (m.get_body(), m.get_queue_id())
              for m in stored_messages(embedded_cluster.broker_controller, topic)}
    assert len(by_id) == 600
    for msg_id, queue_id in by_id.items():
        body, stored_queue = stored[msg_id]
        # "async-<arg>" and "sync-<arg>-<i>" went to the queue their selector's arg names, "to-mq-<i>" to queue 3
        expected = 3 if body.startswith(b"to-mq-") else int(body.split(b"-")[1]) % 4
        assert stored_queue == queue_id == expected, body


def test_a_failing_selector_of_an_auto_batched_send(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    topic = "AutoBatchSelectTopic"
    producer = new_producer(auto_batch=True)
    producer.send(Message(topic, b"route"))

    def broken(mqs, msg, arg):
        raise RuntimeError("no queue for %s" % arg)

    with pytest.raises(MQClientException, match="select message queue threw exception") as info:
        producer.send(Message(topic, b"sync"), broken, "k")
    assert isinstance(info.value.__cause__, RuntimeError)
    callback = RecordingSendCallback()
    producer.send(Message(topic, b"async"), broken, "k", callback)  # reported through the callback, as Java
    callback.wait(1, timeout=10)
    (error,) = callback.errors
    assert isinstance(error, MQClientException) and "select message queue threw exception" in str(error)
