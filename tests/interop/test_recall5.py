"""Recall (5.3.2+) across implementations: our producer recalls a delayed message on the real 5.3.3 broker (never
delivered, while the other delayed messages are); the real broker and ours answer the same handles with the same
codes and remarks; and, on each broker, the official Java 5.3.3 producer (:file:`JavaRecall5.java`) recalls a
handle our producer got while we recall one the Java producer got.

"Never delivered" is checked against a barrier: every message goes to a topic of one queue read by an orderly
consumer, and the last one sent is delayed longest, so once it is consumed every earlier slot has been delivered
and consumed."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

import pytest
from interop_support import Collected, JavaPeers, make_topic, unique

from rocketmq_broker.embedded_cluster import start_embedded_cluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.exception import MQBrokerException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.producer.recall_message_handle import RecallMessageHandle
from rocketmq_common.protocol.header.recall_message_request_header import RecallMessageRequestHeader
from rocketmq_common.protocol.response_code import ResponseCode

pytestmark = pytest.mark.timeout(180)


def now_ms() -> int:
    return int(time.time() * 1000)


@pytest.fixture(params=["real 5.3.3 broker", "embedded broker"])
def namesrv(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The name server of the real 5.3.3 cluster (recall on), then of an embedded cluster with recall on."""
    if request.param == "real 5.3.3 broker":
        yield request.getfixturevalue("real5_cluster").namesrv_addr
        return
    request.getfixturevalue("anchors5")  # the embedded runs are the cross checks of a 5.3.3 build: skip without
    cluster = start_embedded_cluster(str(tmp_path / "cluster"), broker_config={"recall_message_enable": True})
    try:
        yield cluster.namesrv_addr
    finally:
        cluster.shutdown()


class Side:
    """Our producer and an orderly push consumer of a new one-queue topic of the cluster at ``namesrv_addr``."""

    def __init__(self, namesrv_addr: str) -> None:
        self.producer = DefaultMQProducer(unique("RecallPG"), namesrv_addr=namesrv_addr, instance_name=unique("p"))
        self.producer.start()
        self.consumer = None
        try:
            self.topic = make_topic(self.producer, queues=1)
            self.collected = Collected(orderly=True)
            self.consumer = DefaultMQPushConsumer(unique("RecallCG"), namesrv_addr=namesrv_addr,
                                                  instance_name=unique("c"),
                                                  consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
            self.consumer.subscribe(self.topic, "*")
            self.consumer.register_message_listener(self.collected, orderly=True)
            self.consumer.start()
        except BaseException:
            self.shutdown()
            raise

    def send_delayed(self, body: bytes, delay_ms: int) -> Tuple[str, str]:
        msg = Message(self.topic, body)
        msg.set_delay_time_ms(delay_ms)
        result = self.producer.send(msg)
        assert result.get_send_status() is SendStatus.SEND_OK and result.get_recall_handle() is not None, result
        return result.get_msg_id(), result.get_recall_handle()

    def consumed_until(self, barrier: bytes, expected: set) -> List[bytes]:
        """The bodies consumed once ``barrier`` (the last slot) and ``expected`` are."""
        self.collected.wait_for_bodies(expected | {barrier}, timeout=90)
        return [m.get_body() for m in self.collected.msgs]

    def shutdown(self) -> None:
        if self.consumer is not None:
            self.consumer.shutdown()
        self.producer.shutdown()


@pytest.fixture
def side(namesrv: str) -> Iterator[Side]:
    made = Side(namesrv)
    try:
        yield made
    finally:
        made.shutdown()


def test_our_producer_recalls_a_delayed_message(side: Side) -> None:
    kept_id, _ = side.send_delayed(b"kept", 3000)
    recalled_id, handle = side.send_delayed(b"recalled", 3000)
    side.send_delayed(b"barrier", 6000)
    decoded = RecallMessageHandle.decode_handle(handle)
    assert (decoded.get_topic(), decoded.get_message_id()) == (side.topic, recalled_id)
    assert side.producer.recall_message(side.topic, handle) == recalled_id
    bodies = side.consumed_until(b"barrier", {b"kept"})
    assert b"recalled" not in bodies and bodies.count(b"kept") == 1, bodies
    # once delivered (or recalled and due), the handle's time has passed: Java's answer
    with pytest.raises(MQBrokerException) as info:
        side.producer.recall_message(side.topic, handle)
    assert (info.value.get_response_code(), info.value.get_error_message()) == (
        ResponseCode.ILLEGAL_OPERATION, "recall failed, timestamp invalid")


def test_the_brokers_answer_handles_alike(side: Side) -> None:
    """The same requests to the real broker and to ours: the same codes and remarks (a SUCCESS for a well-formed
    handle of no message, as Java's broker does not look the message up)."""
    _, handle = side.send_delayed(b"probe", 60000)
    broker_name = RecallMessageHandle.decode_handle(handle).get_broker_name()
    impl = side.producer.get_default_mq_producer_impl()
    addr = impl.get_mq_client_factory().find_broker_address_in_publish(broker_name)
    api = impl.get_mq_client_factory().get_mq_client_api_impl()

    def answer(topic: str, recall_handle: str) -> Tuple[int, str]:
        header = RecallMessageRequestHeader(producer_group="PG", topic=topic, recall_handle=recall_handle,
                                            bname=broker_name)
        try:
            return ResponseCode.SUCCESS, api.recall_message(addr, header, 5000)
        except MQBrokerException as e:
            return e.get_response_code(), e.get_error_message()

    future = str(now_ms() + 60000)
    build = RecallMessageHandle.HandleV1.build_handle
    answers: Dict[str, Tuple[int, str]] = {
        "unknown message": answer(side.topic, build(side.topic, broker_name, future, "NO_SUCH_ID")),
        "other topic": answer(side.topic, build("OtherTopic", broker_name, future, "X")),
        "other broker": answer(side.topic, build(side.topic, "no-such-broker", future, "X")),
        "past": answer(side.topic, build(side.topic, broker_name, str(now_ms() - 1000), "X")),
        "beyond max delay": answer(side.topic, build(side.topic, broker_name, str(now_ms() + 4 * 86400000), "X")),
        "not base64": answer(side.topic, "v1 a b c d"),
        "no topic": answer(unique("NoSuchTopic"), handle),
    }
    no_topic = answers.pop("no topic")
    assert answers == {
        "unknown message": (ResponseCode.SUCCESS, "NO_SUCH_ID"),
        "other topic": (ResponseCode.ILLEGAL_OPERATION, "recall failed, topic not match"),
        "other broker": (ResponseCode.ILLEGAL_OPERATION, "recall failed, broker service not available"),
        "past": (ResponseCode.ILLEGAL_OPERATION, "recall failed, timestamp invalid"),
        "beyond max delay": (ResponseCode.ILLEGAL_OPERATION, "recall failed, timestamp invalid"),
        "not base64": (ResponseCode.ILLEGAL_OPERATION, "recall handle is invalid"),
    }
    assert no_topic[0] == ResponseCode.TOPIC_NOT_EXIST and no_topic[1].startswith("recall failed, the topic[")


def test_java_and_our_producers_recall_each_others_messages(side: Side, java5_peer: JavaPeers) -> None:
    delay_ms = 15000  # room for two JVM starts on a busy machine
    sender = java5_peer.run_class("JavaRecall5.java", "JavaRecall5", "send", side.producer.get_namesrv_addr(),
                                  side.topic, unique("JavaPG"), str(delay_ms), "java-recalled-by-us", "java-kept")
    assert sender.process.wait(60) == 0, sender.output()
    sent = {parts[1]: parts[2:] for parts in (line.split() for line in sender.output().splitlines())
            if parts and parts[0] == "SENT"}
    assert set(sent) == {"java-recalled-by-us", "java-kept"}, sender.output()
    assert all(status == "SEND_OK" and handle != "null" for status, _, handle in sent.values()), sent
    ours_id, ours_handle = side.send_delayed(b"ours-recalled-by-java", delay_ms)
    side.send_delayed(b"ours-kept", delay_ms)
    recaller = java5_peer.run_class("JavaRecall5.java", "JavaRecall5", "recall", side.producer.get_namesrv_addr(),
                                    side.topic, unique("JavaPG"), ours_handle)
    _, java_id, java_handle = sent["java-recalled-by-us"]
    assert side.producer.recall_message(side.topic, java_handle) == java_id
    assert recaller.process.wait(60) == 0, recaller.output()
    assert "RECALLED " + ours_id in recaller.output().splitlines(), recaller.output()
    side.send_delayed(b"barrier", delay_ms + 3000)
    bodies = side.consumed_until(b"barrier", {b"java-kept", b"ours-kept"})
    assert b"java-recalled-by-us" not in bodies and b"ours-recalled-by-java" not in bodies, bodies
