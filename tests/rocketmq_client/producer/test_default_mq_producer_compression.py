"""Body compression as the 5.3.3 client has it, end to end on the embedded cluster: DefaultMQProducer's
compress_type / compress_level (checked where set), the sysFlag bits of what is stored, and every consumer path
(push concurrently and orderly, pull, lite pull, view / query by the producer's admin) getting the original body
back; a corrupt compressed body is skipped with one log line and the rest of the pull delivered."""
from __future__ import annotations

import logging
import sys
from typing import Any, List

import pytest
from client_support import create_topic
from consuming import BodyCollector
from store_reading import stored_messages

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.compression.compression_type import CompressionType
from rocketmq_common.compression.compressor import UnsupportedCompressionException
from rocketmq_common.compression.compressor_factory import CompressorFactory
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_queue import MessageQueue
from waiting import wait_for

pytestmark = pytest.mark.timeout(90)

BIG = [bytes(range(256)) * 20 + b"#%d" % i for i in range(2)]  # over compressMsgBodyOverHowmuch (4 KiB)
SMALL = b"small, sent as it is"
MAGIC = {CompressionType.ZLIB: b"\x78", CompressionType.LZ4: b"\x04\x22\x4d\x18",
         CompressionType.ZSTD: b"\x28\xb5\x2f\xfd"}


def test_settings_default_keywords_and_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    producer = DefaultMQProducer("PG_settings")
    assert producer.get_compress_type() is CompressionType.ZLIB and producer.get_compress_level() == 5
    assert producer.get_compressor().compress(b"x" * 100, 5)[:1] == b"\x78"
    with pytest.raises(ValueError, match="invalid compression level 10: ZLIB takes -1 to 9"):
        producer.set_compress_level(10)
    with pytest.raises(ValueError, match="invalid compression level -2"):
        producer.compress_level = -2
    assert producer.compress_level == 5
    producer.set_compress_type(CompressionType.ZSTD)
    producer.set_compress_level(19)  # ZSTD's levels (zstd-jni clamps, as here)
    with pytest.raises(ValueError, match="invalid compression level 19"):
        producer.set_compress_type(CompressionType.ZLIB)
    assert producer.get_compress_type() is CompressionType.ZSTD
    keywords = DefaultMQProducer("PG_kw", compress_level=15, compress_type="lz4")  # the type is applied first
    assert keywords.compress_type is CompressionType.LZ4 and keywords.compress_level == 15
    with pytest.raises(ValueError, match="Unsupported compress type name: GZIP"):
        DefaultMQProducer("PG_bad", compress_type="GZIP")
    monkeypatch.setitem(sys.modules, "zstandard", None)  # its package not installed: refused when set
    monkeypatch.setattr(CompressorFactory.get_compressor(CompressionType.ZSTD), "_codec", None)
    with pytest.raises(UnsupportedCompressionException, match="pip install zstandard"):
        DefaultMQProducer("PG_nozstd").set_compress_type(CompressionType.ZSTD)


class _OrderlyCollector(BodyCollector):
    def __call__(self, msgs: List[Any], context: Any) -> Any:  # type: ignore[override]
        super().__call__(msgs, context)
        return ConsumeOrderlyStatus.SUCCESS


@pytest.mark.parametrize("compress_type", list(CompressionType), ids=lambda t: t.name)
def test_each_type_is_stored_compressed_and_every_consumer_gets_the_original(
        compress_type: CompressionType, embedded_cluster: EmbeddedCluster, new_producer, new_consumer,
        new_pull_consumer, new_lite_consumer) -> None:
    topic = "TopicZip%s" % compress_type.name
    create_topic(embedded_cluster.broker_controller, topic, 2)
    producer = new_producer(compress_type=compress_type, compress_level=3 if compress_type is CompressionType.ZLIB
                            else 7)
    results = [producer.send(Message(topic, "TagZ", "key-%d" % i, body)) for i, body in enumerate(BIG)]
    producer.send(Message(topic, SMALL))
    stored = {m.get_property("UNIQ_KEY"): m for m in stored_messages(embedded_cluster.broker_controller, topic)}
    for result in results:
        msg = stored[result.get_msg_id()]
        assert msg.get_sys_flag() == 1 | compress_type.get_compression_flag()
        assert msg.get_body().startswith(MAGIC[compress_type]) and len(msg.get_body()) < len(BIG[0])
    expected = set(BIG) | {SMALL}

    concurrently, orderly = BodyCollector(), _OrderlyCollector()
    new_consumer(None, concurrently, topic=topic)
    new_consumer(None, orderly, topic=topic, orderly=True)
    concurrently.wait_for(expected)
    orderly.wait_for(expected)

    pull = new_pull_consumer()
    pulled: List[bytes] = []
    for mq in pull.fetch_subscribe_message_queues(topic):
        result = pull.pull(mq, "*", 0, 32)
        assert result.get_pull_status() is PullStatus.FOUND
        pulled.extend(m.get_body() for m in result.get_msg_found_list())
        assert all(not m.get_sys_flag() & 1 for m in result.get_msg_found_list())
    assert sorted(pulled) == sorted(expected)

    lite = new_lite_consumer()
    lite.subscribe(topic, "*")
    lite.start()
    polled: List[bytes] = []
    wait_for(lambda: polled.extend(m.get_body() for m in lite.poll(200)) or set(polled) >= expected, 20,
             "lite pull of %s" % topic)

    assert producer.view_message(results[0].get_offset_msg_id()).get_body() == BIG[0]
    queried = producer.query_message(topic, "key-1", 8, 0, 2 ** 62)
    assert [m.get_body() for m in queried.get_message_list()] == [BIG[1]]


def _inner(topic: str, body: bytes, sys_flag: int) -> MessageExtBrokerInner:
    msg = MessageExtBrokerInner()
    msg.set_topic(topic)
    msg.set_body(body)
    msg.set_queue_id(0)
    msg.set_sys_flag(sys_flag)
    msg.set_born_host(("127.0.0.1", 40000))
    msg.set_store_host(("127.0.0.1", 10911))
    msg.set_properties({})
    msg.properties_string = MessageDecoder.message_properties2string({})
    return msg


@pytest.mark.parametrize("compress_type", [CompressionType.LZ4, CompressionType.ZSTD], ids=lambda t: t.name)
def test_a_corrupt_compressed_body_is_skipped_with_one_line_and_the_rest_delivered(
        compress_type: CompressionType, embedded_cluster: EmbeddedCluster, new_pull_consumer, new_consumer,
        caplog: pytest.LogCaptureFixture) -> None:
    """The broker refuses such a send (MESSAGE_ILLEGAL), so the record is put into its store directly: Java
    5.3.3's decode returns null for it; here it is skipped and the messages after it still come."""
    topic = "TopicCorrupt%s" % compress_type.name
    create_topic(embedded_cluster.broker_controller, topic, 1)
    store = embedded_cluster.broker_controller.get_message_store()
    good = _inner(topic, b"before", 0)
    garbage = _inner(topic, MAGIC[compress_type] + b"not a frame at all", 1 | compress_type.get_compression_flag())
    for msg in (good, garbage, _inner(topic, b"after", 0)):
        assert store.put_message(msg).put_message_status.name == "PUT_OK"
    pull = new_pull_consumer()
    with caplog.at_level(logging.WARNING, logger="rocketmq_common.message.message_decoder"):
        result = pull.pull(MessageQueue(topic, embedded_cluster.broker_controller.get_broker_config()
                                        .get_broker_name(), 0), "*", 0, 32)
    assert [m.get_body() for m in result.get_msg_found_list()] == [b"before", b"after"]
    assert result.get_next_begin_offset() == 3
    [line] = [r.getMessage() for r in caplog.records]
    assert ("topic=%s queueId=0 queueOffset=1" % topic) in line and ("codec=%s" % compress_type.name) in line

    collector = BodyCollector()
    new_consumer(None, collector, topic=topic)
    collector.wait_for({b"before", b"after"})
    assert sorted(collector.bodies) == [b"after", b"before"]
