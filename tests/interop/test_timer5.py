"""Delay by any time (5.3.3's timer wheel) across implementations: our producer's delayed messages on the real
5.3.3 broker, and the official Java 5.3.3 producer's (:file:`JavaTimer5.java`) on our embedded broker; each
delivered no earlier than asked and at most 2 s late (the brokers' store timestamps of the delivered messages)."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Dict, Iterator, Tuple

import pytest
from interop_support import Collected, JavaPeers, RealCluster, make_topic, unique

from rocketmq_broker.embedded_cluster import EmbeddedCluster, start_embedded_cluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from store_reading import stored_messages
from waiting import wait_for

pytestmark = pytest.mark.timeout(120)

LATE_MS = 2000


def now_ms() -> int:
    return int(time.time() * 1000)


def test_our_delayed_messages_on_the_real_5_broker(real5_cluster: RealCluster) -> None:
    producer = DefaultMQProducer(unique("InteropPG"), namesrv_addr=real5_cluster.namesrv_addr,
                                 instance_name=unique("p"))
    producer.start()
    consumer = None
    try:
        topic = make_topic(producer)
        collected = Collected()
        consumer = DefaultMQPushConsumer(unique("InteropCG"), namesrv_addr=real5_cluster.namesrv_addr,
                                         instance_name=unique("c"),
                                         consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        consumer.subscribe(topic, "*")
        consumer.register_message_listener(collected)
        consumer.start()
        sent: Dict[bytes, Tuple[int, int]] = {}
        for body, delay_ms in ((b"sec", 2000), (b"ms", 1500), (b"at", 2500)):
            msg = Message(topic, body)
            begin = now_ms()
            if body == b"sec":
                msg.set_delay_time_sec(2)
            elif body == b"ms":
                msg.set_delay_time_ms(1500)
            else:
                msg.set_deliver_time_ms(begin + delay_ms)
            assert producer.send(msg).get_send_status() is SendStatus.SEND_OK
            sent[body] = (begin + delay_ms, now_ms() + delay_ms)
        got = collected.wait_for_bodies(set(sent))
        for body, (earliest, latest) in sent.items():
            assert earliest <= got[body].store_timestamp <= latest + LATE_MS, (body, got[body].store_timestamp)
            assert got[body].get_topic() == topic
    finally:
        if consumer is not None:
            consumer.shutdown()
        producer.shutdown()


@pytest.fixture
def embedded(tmp_path: Path) -> Iterator[EmbeddedCluster]:
    cluster = start_embedded_cluster(str(tmp_path / "cluster"))
    try:
        yield cluster
    finally:
        cluster.shutdown()


def test_the_java_5_producers_delayed_messages_on_our_broker(embedded: EmbeddedCluster,
                                                             java5_peer: JavaPeers) -> None:
    topic = unique("TimerTopic")
    embedded.create_topic(topic)
    peer = java5_peer.run_class("JavaTimer5.java", "JavaTimer5", embedded.namesrv_addr, topic, unique("JavaPG"))
    assert peer.process.wait(60) == 0, peer.output()
    earliest = {}
    for line in peer.output().splitlines():
        if line.startswith("SENT "):
            _, body, status, due = line.split()
            assert status == "SEND_OK", line
            earliest[body.encode()] = int(due)
    assert set(earliest) == {b"sec", b"ms", b"at"}, peer.output()
    delivered = wait_for(lambda: (lambda found: found if len(found) >= 3 else None)(
        stored_messages(embedded.broker_controller, topic)), 20, "the Java producer's timer messages")
    for msg in delivered:
        due = earliest[msg.get_body()]
        assert due <= msg.store_timestamp <= due + LATE_MS, (msg.get_body(), msg.store_timestamp - due)
