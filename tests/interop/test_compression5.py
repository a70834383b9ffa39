"""Body compression with the official 5.3.3 Java client (:file:`JavaCompression5.java`): its LZ4, ZSTD and ZLIB
compressors and ours read each other's bytes; what its producer compressed (``setCompressType``,
``setCompressLevel``, 5000-byte bodies) our push and lite pull consumers get as sent, on the real 5.3.3 broker
and on our embedded cluster; and what ours compressed with each type its consumer gets as sent. Skipped without
ROCKETMQ_ANCHORS5."""
from __future__ import annotations

import hashlib
import pathlib
from typing import Callable, Iterator, List

import pytest
from interop_support import Collected, JavaPeers, JavaProcess, make_topic, unique
from waiting import wait_for

from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.compression.compression_type import CompressionType
from rocketmq_common.compression.compressor_factory import CompressorFactory
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.protocol.request_code import RequestCode

pytestmark = pytest.mark.timeout(300)

PEER_TIMEOUT = 120
COUNT = 2
LEVELS = {CompressionType.ZLIB: 7, CompressionType.LZ4: 5, CompressionType.ZSTD: 9}
TYPES = list(CompressionType)


def body(tag: str, i: int) -> bytes:
    """JavaCompression5's ``body``: ``"<tag>-<i>|"`` repeated to 5000 bytes."""
    unit = ("%s-%d|" % (tag, i)).encode("ascii")
    return (unit * (5000 // len(unit) + 1))[:5000]


def finish(peer: JavaProcess) -> List[str]:
    code = peer.process.wait(PEER_TIMEOUT)
    out = peer.output()
    assert code == 0, out[-5000:]
    return out.splitlines()


@pytest.fixture
def java(java5_peer: JavaPeers) -> Callable[..., List[str]]:
    """``java(*args)``: the output lines of :file:`JavaCompression5.java` run with ``args``, once it exited 0."""
    return lambda *args: finish(java5_peer.run_class("JavaCompression5.java", "JavaCompression5", *args))


@pytest.fixture(params=["real5", "embedded"])
def namesrv_addr(request: pytest.FixtureRequest) -> str:
    """The real 5.3.3 NameServer, or our embedded cluster's: each test runs on both."""
    if request.param == "embedded":
        return request.getfixturevalue("embedded_cluster").namesrv_addr
    return request.getfixturevalue("real5_cluster").namesrv_addr


@pytest.fixture
def producer(namesrv_addr: str) -> Iterator[DefaultMQProducer]:
    made = DefaultMQProducer(unique("PyZipPG"), namesrv_addr=namesrv_addr, instance_name=unique("py"))
    made.start()
    yield made
    made.shutdown()


@pytest.mark.parametrize("compress_type", TYPES, ids=lambda t: t.name)
def test_java_compressor_bytes_and_ours_read_each_other(compress_type: CompressionType, java,
                                                         tmp_path: pathlib.Path) -> None:
    ours = CompressorFactory.get_compressor(compress_type)
    original = body(compress_type.name, 0) * 3
    (tmp_path / "plain").write_bytes(original)
    java("compress", compress_type.name, str(LEVELS[compress_type]), str(tmp_path / "plain"), str(tmp_path / "java"))
    java_bytes = (tmp_path / "java").read_bytes()
    assert ours.decompress(java_bytes) == original
    our_bytes = ours.compress(original, LEVELS[compress_type])
    if compress_type is CompressionType.LZ4:  # the same frame header as LZ4FrameOutputStream's
        assert our_bytes[:7] == java_bytes[:7]
    (tmp_path / "ours").write_bytes(our_bytes)
    java("decompress", compress_type.name, str(tmp_path / "ours"), str(tmp_path / "back"))
    assert (tmp_path / "back").read_bytes() == original


def test_java_producer_bodies_reach_our_push_and_lite_pull_consumers(namesrv_addr: str, producer, java) -> None:
    topic = make_topic(producer)
    for compress_type in TYPES:
        lines = java("produce", namesrv_addr, topic, compress_type.name, str(LEVELS[compress_type]), str(COUNT))
        assert sum(line.startswith("SENT SEND_OK ") for line in lines) == COUNT, lines
    expected = {body(t.name, i) for t in TYPES for i in range(COUNT)}

    collected = Collected()
    push = DefaultMQPushConsumer(unique("PyZipCG"), namesrv_addr=namesrv_addr, instance_name=unique("py"),
                                 consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    push.subscribe(topic, "*")
    push.register_message_listener(collected)
    lite = DefaultLitePullConsumer(unique("PyZipLite"), namesrv_addr=namesrv_addr, instance_name=unique("py"),
                                   consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    lite.subscribe(topic, "*")
    polled: List[bytes] = []
    try:
        push.start()
        lite.start()
        got = collected.wait_for_bodies(expected, PEER_TIMEOUT)
        assert set(got) == expected
        assert all(not m.get_sys_flag() & 1 for m in got.values())
        wait_for(lambda: polled.extend(m.get_body() for m in lite.poll(500)) or set(polled) >= expected,
                 PEER_TIMEOUT, "lite pull of the Java producer's bodies")
        assert set(polled) == expected
    finally:
        lite.shutdown()
        push.shutdown()


def test_our_bodies_of_each_type_reach_the_java_consumer(namesrv_addr: str, producer, java) -> None:
    topic = make_topic(producer)
    expected = {}
    for compress_type in TYPES:
        producer.set_compress_type(compress_type)
        producer.set_compress_level(LEVELS[compress_type])
        for i in range(COUNT):
            sent = body("py" + compress_type.name, i)
            producer.send(Message(topic, "TagZ", sent))
            expected[hashlib.md5(sent).hexdigest()] = compress_type
    lines = java("consume", namesrv_addr, topic, unique("JavaZipCG"), str(len(expected)), str(PEER_TIMEOUT))
    got = {line.split()[1]: int(line.split()[2]) for line in lines if line.startswith("GOT ")}
    assert set(got) == set(expected), lines[-20:]
    for digest, compress_type in expected.items():  # 5.3.3 clears COMPRESSED and keeps the type bits
        assert got[digest] == compress_type.get_compression_flag()


def test_java_consumer_with_heartbeat_v2_on_the_embedded_broker(embedded_cluster, java5_peer: JavaPeers) -> None:
    """The Java 5.3.3 consumer with ``-Dcom.rocketmq.heartbeat.v2=true``: our broker takes its v2 heartbeats (the
    group's fingerprint is recorded) and serves it every message (heartbeat v2 of issue 31)."""
    producer = DefaultMQProducer(unique("PyV2PG"), namesrv_addr=embedded_cluster.namesrv_addr)
    producer.start()
    try:
        topic = make_topic(producer)
        expected = set()
        for i in range(10):
            sent = body("v2", i)
            producer.send(Message(topic, sent))
            expected.add(hashlib.md5(sent).hexdigest())
    finally:
        producer.shutdown()
    group = unique("JavaV2CG")
    lines = finish(java5_peer.run_class("JavaCompression5.java", "JavaCompression5", "consume",
                                        embedded_cluster.namesrv_addr, topic, group, str(len(expected)),
                                        str(PEER_TIMEOUT), system_properties=["-Dcom.rocketmq.heartbeat.v2=true"]))
    assert {line.split()[1] for line in lines if line.startswith("GOT ")} == expected
    server = embedded_cluster.broker_controller.get_remoting_server()
    processor = server.get_processor_pair(RequestCode.HEART_BEAT).get_object1()
    assert processor.consumer_group_heartbeat_table.get(group, 0) != 0
