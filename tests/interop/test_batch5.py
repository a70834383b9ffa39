"""Auto batching (5.3.3's ProduceAccumulator) against the real 5.3.3 broker: 2,000 auto-batched async sends and
200 sync ones from 4 threads, each with its own SendResult (distinct msgIds), every message consumed once."""
from __future__ import annotations

import collections
import threading
from typing import List

import pytest
from interop_support import Collected, RealCluster, make_topic, unique

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_result import SendResult
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from waiting import wait_for

pytestmark = pytest.mark.timeout(180)


class _Results(SendCallback):
    def __init__(self) -> None:
        self.results: List[SendResult] = []
        self.errors: List[BaseException] = []
        self.lock = threading.Lock()

    def on_success(self, send_result: SendResult) -> None:
        with self.lock:
            self.results.append(send_result)

    def on_exception(self, e: BaseException) -> None:
        with self.lock:
            self.errors.append(e)


def test_auto_batched_sends_on_the_real_5_broker_consumed_once(real5_cluster: RealCluster) -> None:
    producer = DefaultMQProducer(unique("InteropBatchPG"), namesrv_addr=real5_cluster.namesrv_addr,
                                 instance_name=unique("p"), auto_batch=True)
    producer.start()
    consumer = None
    try:
        topic = make_topic(producer)
        callback = _Results()
        async_bodies = [b"a%d" % i for i in range(2000)]
        for body in async_bodies:
            producer.send(Message(topic, body), callback)
        wait_for(lambda: len(callback.results) + len(callback.errors) == 2000, 60, "2000 async outcomes")
        assert not callback.errors
        sync_results: List[SendResult] = []

        def sender(n: int) -> None:
            for i in range(50):
                sync_results.append(producer.send(Message(topic, b"s%d-%d" % (n, i))))

        threads = [threading.Thread(target=sender, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(sync_results) == 200
        results = callback.results + sync_results
        assert len({r.get_msg_id() for r in results}) == 2200
        assert len({r.get_offset_msg_id() for r in results}) == 2200
        collected = Collected()
        consumer = DefaultMQPushConsumer(unique("InteropBatchCG"), namesrv_addr=real5_cluster.namesrv_addr,
                                         instance_name=unique("c"),
                                         consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        consumer.subscribe(topic, "*")
        consumer.register_message_listener(collected)
        consumer.start()
        bodies = set(async_bodies) | {b"s%d-%d" % (n, i) for n in range(4) for i in range(50)}
        got = collected.wait_for_bodies(bodies, timeout=90)
        assert {MessageClientIDSetter.get_uniq_id(got[b]) for b in bodies} == {r.get_msg_id() for r in results}
        counts = collections.Counter(m.get_body() for m in collected.msgs)
        assert all(counts[b] == 1 for b in bodies)
    finally:
        if consumer is not None:
            consumer.shutdown()
        producer.shutdown()
