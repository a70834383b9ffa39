"""MessageDecoder: the stored-record layout (PROTOCOL.md §5.1, vector §8.4), batch records (§5.2, vector §8.5),
offset message ids (§5.5) and the decoder's Java failure behaviour."""
from __future__ import annotations

import logging
import struct
import zlib

import pytest

from rocketmq_common.message.message import Message
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_ext import MessageClientExt
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt

VECTOR_8_4 = bytes.fromhex(
    "0000007c" "daa320a7" "00000000" "00000001" "00000000" "0000000000000005" "00000000000004d2" "00000000"
    "0000018bcfe56800" "0a000001" "0000c350" "0000018bcfe56864" "0a000002" "00002a9f" "00000000"
    "0000000000000000" "00000005" "68656c6c6f" "09" "546f70696354657374"
    "0013" "57414954017472756502544147530154616741")
VECTOR_8_5 = bytes.fromhex("0000002b000000000000000000000000000000026869001357414954017472756502544147530154616741")


def _stored(topic: str = "TopicTest", body: bytes = b"hello", sys_flag: int = 0,
            born=("10.0.0.1", 50000), store=("10.0.0.2", 10911), **props: str) -> MessageExt:
    msg = MessageExt(1, 1700000000000, born, 1700000000100, store)
    msg.set_topic(topic)
    msg.set_body(body)
    msg.set_sys_flag(sys_flag)
    msg.set_queue_offset(5)
    msg.set_commit_log_offset(1234)
    msg.set_properties(dict(props) or {"WAIT": "true", "TAGS": "TagA"})
    return msg


def test_vector_8_4_encode_and_decode() -> None:
    assert MessageDecoder.encode(_stored(), False) == VECTOR_8_4
    msg = MessageDecoder.decode(VECTOR_8_4)
    assert type(msg) is MessageExt
    assert (msg.get_store_size(), msg.get_body_crc(), msg.get_queue_id(), msg.get_flag()) == (124, 0, 1, 0)
    assert (msg.get_queue_offset(), msg.get_commit_log_offset(), msg.get_sys_flag()) == (5, 1234, 0)
    assert (msg.get_born_timestamp(), msg.get_born_host()) == (1700000000000, ("10.0.0.1", 50000))
    assert (msg.get_store_timestamp(), msg.get_store_host()) == (1700000000100, ("10.0.0.2", 10911))
    assert (msg.get_reconsume_times(), msg.get_prepared_transaction_offset()) == (0, 0)
    assert (msg.get_body(), msg.get_topic()) == (b"hello", "TopicTest")
    assert list(msg.get_properties().items()) == [("WAIT", "true"), ("TAGS", "TagA")]
    assert msg.get_msg_id() == "0A00000200002A9F00000000000004D2"
    assert msg.get_born_host_string() == "10.0.0.1"
    assert MessageDecoder.decode_properties(VECTOR_8_4) == {"WAIT": "true", "TAGS": "TagA"}


def test_offset_message_id_round_trip() -> None:
    assert MessageDecoder.create_message_id(("10.0.0.2", 10911), 1234) == "0A00000200002A9F00000000000004D2"
    assert MessageDecoder.create_message_id(bytes.fromhex("0a00000200002a9f"), 1234) == \
        "0A00000200002A9F00000000000004D2"
    mid = MessageDecoder.decode_message_id("0A00000200002A9F00000000000004D2")
    assert (mid.get_address(), mid.get_offset()) == (("10.0.0.2", 10911), 1234)
    v6 = MessageDecoder.create_message_id(("::1", 10911), 2 ** 40)
    assert len(v6) == 56 and v6 == "00000000000000000000000000000001" "00002A9F" "0000010000000000"
    mid6 = MessageDecoder.decode_message_id(v6.lower())
    assert (mid6.get_address(), mid6.get_offset()) == (("::1", 10911), 2 ** 40)
    with pytest.raises(ValueError):
        MessageDecoder.decode_message_id("XYZ")
    with pytest.raises(ValueError):
        MessageDecoder.decode_message_id("0A000002")


@pytest.mark.parametrize("sys_flag, born, store", [
    (0x10, ("::1", 57462), ("127.0.0.1", 10911)),
    (0x20, ("127.0.0.1", 1), ("fd00::2", 10911)),
    (0x30, ("fe80::1", 2), ("2001:db8::5", 10911)),
])
def test_ipv6_hosts_round_trip(sys_flag: int, born, store) -> None:
    msg = _stored(sys_flag=sys_flag, born=born, store=store)
    data = MessageDecoder.encode(msg, False)
    expected_size = 84 + (12 if sys_flag & 0x10 else 0) + (12 if sys_flag & 0x20 else 0) + 4 + 5 + 10 + 2 + 19
    assert len(data) == expected_size == struct.unpack_from(">i", data)[0]
    decoded = MessageDecoder.client_decode(data, True)
    assert isinstance(decoded, MessageClientExt)
    assert (decoded.get_born_host(), decoded.get_store_host()) == (born, store)
    assert decoded.get_offset_msg_id() == MessageDecoder.create_message_id(store, 1234)
    assert len(decoded.get_offset_msg_id()) == (56 if sys_flag & 0x20 else 32)
    assert MessageDecoder.decode_properties(data) == {"WAIT": "true", "TAGS": "TagA"}
    assert MessageDecoder.encode(decoded, False) == data


def test_host_family_must_match_sys_flag() -> None:
    with pytest.raises(ValueError, match="born host ::1"):
        MessageDecoder.encode(_stored(born=("::1", 1)), False)
    with pytest.raises(ValueError, match="store host"):
        MessageDecoder.encode(_stored(sys_flag=0x20), False)


@pytest.mark.parametrize("sys_flag", [0x1, 0x301])
def test_zlib_compressed_body(sys_flag: int) -> None:
    body = b"the quick brown fox " * 300
    data = MessageDecoder.encode(_stored(body=body, sys_flag=sys_flag), True)
    stored = MessageDecoder.decode(data, True, False)
    assert stored.get_body() == zlib.compress(body, 5) and stored.get_body()[:2] == b"\x78\x5e"
    assert MessageDecoder.decode(data).get_body() == body
    assert MessageDecoder.decodes(data)[0].get_body() == body
    assert MessageDecoder.encode(stored, False) == data


@pytest.mark.parametrize("sys_flag", [0x101, 0x201])
def test_lz4_and_zstd_bodies_are_decompressed_and_the_flag_cleared(sys_flag: int) -> None:
    body = b"the quick brown fox " * 300
    data = MessageDecoder.encode(_stored(body=body, sys_flag=sys_flag), True)
    stored = MessageDecoder.decode(data, True, False)
    assert stored.get_body()[:4] == (b"\x04\x22\x4d\x18" if sys_flag == 0x101 else b"\x28\xb5\x2f\xfd")
    decoded = MessageDecoder.decodes(data)[0]
    assert decoded.get_body() == body and decoded.get_sys_flag() == sys_flag & ~1  # as 5.3.3 clears it
    assert stored.get_sys_flag() == sys_flag


@pytest.mark.parametrize("sys_flag, codec", [(0x101, "LZ4"), (0x201, "ZSTD"), (0x301, "ZLIB"), (0x701, "type 7")])
def test_a_corrupt_compressed_body_is_skipped_with_one_line_and_the_rest_delivered(
        caplog: pytest.LogCaptureFixture, sys_flag: int, codec: str) -> None:
    bad = _stored(topic="TopicBad", body=b"\x04\x22\x4d\x18opaque", sys_flag=sys_flag)
    bad.set_queue_id(3)
    data = b"".join(MessageDecoder.encode(m, False) for m in (_stored(body=b"first"), bad, _stored(body=b"next")))
    with caplog.at_level(logging.WARNING, logger="rocketmq_common.message.message_decoder"):
        msgs = MessageDecoder.decodes(data)
    assert [m.get_body() for m in msgs] == [b"first", b"next"]
    [record] = caplog.records
    msg_id = MessageDecoder.decode(data, True, False, offset=msgs[0].get_store_size()).get_msg_id()
    assert ("topic=TopicBad queueId=3 queueOffset=5 msgId=%s codec=%s" % (msg_id, codec)) in record.getMessage()
    assert record.exc_info is None
    assert MessageDecoder.decode(data, offset=msgs[0].get_store_size()) is None


def test_read_body_false_and_several_records() -> None:
    records = [MessageDecoder.encode(_stored(body=b"m%d" % i * (i + 1), TAGS="T%d" % i), False) for i in range(4)]
    data = b"".join(records)
    with_body = MessageDecoder.decodes(data)
    without = MessageDecoder.decodes(bytearray(data), False)
    assert [m.get_body() for m in with_body] == [b"m%d" % i * (i + 1) for i in range(4)]
    assert [m.get_body() for m in without] == [None] * 4
    assert [m.get_tags() for m in without] == ["T0", "T1", "T2", "T3"]
    assert [m.get_store_size() for m in without] == [len(r) for r in records]
    assert MessageDecoder.decode(memoryview(data), False).get_body() is None
    third = MessageDecoder.decode(data, offset=len(records[0]) + len(records[1]))
    assert third.get_body() == b"m2m2m2" and third.get_tags() == "T2"


def test_broken_record_stops_decodes_like_java(caplog: pytest.LogCaptureFixture) -> None:
    good = MessageDecoder.encode(_stored(), False)
    with caplog.at_level(logging.WARNING):
        assert len(MessageDecoder.decodes(good + good[:50])) == 1
        assert MessageDecoder.decode(good[:-3]) is None
        bad_topic = bytearray(good)
        bad_topic[84 + 4 + 5] = 0xF0
        assert MessageDecoder.decode(bytes(bad_topic)) is None
    assert "cannot decode the stored message" in caplog.text


def test_store_size_is_kept_like_java_buffer() -> None:
    msg = _stored()
    msg.set_store_size(130)
    data = MessageDecoder.encode(msg, False)
    assert len(data) == 130 and data[:4] == b"\x00\x00\x00\x82" and data[124:] == bytes(6)
    msg.set_store_size(100)
    with pytest.raises(ValueError, match="exceeds storeSize"):
        MessageDecoder.encode(msg, False)


def test_vector_8_5_batch_record() -> None:
    msg = Message(body=b"hi", tags="TagA")
    assert msg.get_properties() == {"WAIT": "true", "TAGS": "TagA"}
    msg.set_properties({"WAIT": "true", "TAGS": "TagA"})
    assert MessageDecoder.encode_message(msg) == VECTOR_8_5
    decoded = MessageDecoder.decode_message(VECTOR_8_5)
    assert (decoded.get_flag(), decoded.get_body(), decoded.get_properties()) == (0, b"hi", {"WAIT": "true",
                                                                                            "TAGS": "TagA"})
    assert decoded.get_topic() is None


def test_batch_body_round_trip_and_limits() -> None:
    msgs = [Message("T", b"b%d" % i, tags="Tag%d" % i, flag=i) for i in range(3)]
    body = MessageBatch.generate_from_list(msgs).encode()
    assert body == MessageDecoder.encode_messages(msgs)
    back = MessageDecoder.decode_messages(body)
    assert [(m.get_flag(), m.get_body(), m.get_tags()) for m in back] == [(i, b"b%d" % i, "Tag%d" % i)
                                                                          for i in range(3)]
    with pytest.raises(ValueError):
        MessageDecoder.decode_messages(body[:-1])
    big = Message("T", b"x")
    big.put_user_property("big", "v" * 32800)
    with pytest.raises(ValueError, match="Properties size of message exceeded"):
        MessageDecoder.encode_message(big)
