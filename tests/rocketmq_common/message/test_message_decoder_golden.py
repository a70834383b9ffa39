"""Message bodies of the golden frames (Java 4.9.7 client <-> 4.9.7 broker) through MessageDecoder / MessageBatch.

* stored messages (pull, query, view, check-transaction, consume-directly bodies): every field index.json lists,
  the body CRC, the offset msgId, compressed bodies; re-encoding reproduces the record bytes;
* message batches (SEND_BATCH_MESSAGE bodies): every sub-message, and re-encoding gives the same body;
* raw message bodies (SEND_MESSAGE_V2): decompressed as the sysFlag says, and zlib level 5 re-compresses
  them to the same bytes.
"""
from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any, Dict, List

import pytest

from rocketmq_common.compression.compressor_factory import CompressorFactory
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_ext import MessageClientExt
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.remoting_util import RemotingUtil
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

GOLDEN = Path(__file__).resolve().parents[2] / "golden_data"
INDEX: List[Dict[str, Any]] = json.loads((GOLDEN / "index.json").read_text("utf-8"))


def _frames(prefix: str) -> List[Dict[str, Any]]:
    return [e for e in INDEX if e.get("body") and e["body"]["format"].startswith(prefix)]


STORED = _frames("stored message")
BATCHES = _frames("message batch")
RAW = _frames("raw message body")


def _command(entry: Dict[str, Any]) -> RemotingCommand:
    frame = (GOLDEN / entry["file"]).read_bytes()
    assert len(frame) == entry["frame_length"]
    return RemotingCommand.decode(frame[4:])


def _check_body(body: bytes, expected: Dict[str, Any]) -> None:
    if "text" in expected:
        assert body.decode("utf-8") == expected["text"]
    elif "text_prefix" in expected:
        assert body.decode("utf-8").startswith(expected["text_prefix"])
    else:
        hex_ = expected["hex"]
        assert body.hex().startswith(hex_) if expected.get("truncated") else body.hex() == hex_


def test_golden_frames_are_present() -> None:
    assert len(STORED) == 18 and len(BATCHES) == 2 and len(RAW) == 12


@pytest.mark.parametrize("entry", STORED, ids=[e["file"] for e in STORED])
def test_stored_messages(entry: Dict[str, Any]) -> None:
    body = _command(entry).body
    expected_list = entry["body"]["messages"]
    decoded = MessageDecoder.decodes(body)
    stored = MessageDecoder.decodes(body, True)
    assert len(decoded) == len(expected_list)
    pos = 0
    for msg, expected in zip(decoded, expected_list):
        assert isinstance(msg, MessageClientExt)
        record = body[pos:pos + msg.get_store_size()]
        pos += msg.get_store_size()
        raw = MessageDecoder.decode(record, True, False)
        assert raw is not None
        assert msg.get_store_size() == expected["storeSize"]
        assert "0x%08X" % struct.unpack_from(">I", record, 4)[0] == expected["magicCode"]
        assert msg.get_body_crc() == expected["bodyCRC"]
        assert UtilAll.crc32(raw.get_body()) == expected["bodyCRC"]
        assert expected["bodyCRC_matches_crc32_of_stored_body"] is True
        assert msg.get_queue_id() == expected["queueId"]
        assert msg.get_flag() == expected["flag"]
        assert msg.get_queue_offset() == expected["queueOffset"]
        assert msg.get_commit_log_offset() == expected["commitLogOffset"]
        assert raw.get_sys_flag() == expected["sysFlag"]
        # 5.3.3 clears the COMPRESSED flag of a body it decompressed (4.9.7, which recorded these, kept it)
        assert msg.get_sys_flag() == expected["sysFlag"] & ~MessageSysFlag.COMPRESSED_FLAG
        assert msg.get_born_timestamp() == expected["bornTimestamp"]
        assert RemotingUtil.socket_address2string(msg.get_born_host()) == expected["bornHost"]
        assert msg.get_store_timestamp() == expected["storeTimestamp"]
        assert RemotingUtil.socket_address2string(msg.get_store_host()) == expected["storeHost"]
        assert msg.get_reconsume_times() == expected["reconsumeTimes"]
        assert msg.get_prepared_transaction_offset() == expected["preparedTransactionOffset"]
        assert len(raw.get_body()) == expected["bodyLength"]
        assert msg.get_topic() == expected["topic"]
        assert list(msg.get_properties().items()) == list(expected["properties"].items())
        assert MessageDecoder.string2message_properties(expected["properties_raw"]) == expected["properties"]
        host_len = (20 if msg.get_sys_flag() & MessageSysFlag.BORNHOST_V6_FLAG else 8) + \
            (20 if msg.get_sys_flag() & MessageSysFlag.STOREHOSTADDRESS_V6_FLAG else 8)
        assert msg.get_store_size() == (68 + host_len + 4 + expected["bodyLength"] + 1
                                        + len(expected["topic"].encode()) + 2 + expected["properties_raw_length"])
        assert msg.get_offset_msg_id() == expected["msgId_offset"]
        assert msg.get_msg_id() == expected["properties"].get("UNIQ_KEY", expected["msgId_offset"])
        assert MessageDecoder.decode_properties(record) == expected["properties"]
        compressed = bool(raw.get_sys_flag() & MessageSysFlag.COMPRESSED_FLAG)
        assert compressed == expected["compressed"]
        if compressed:
            _check_body(raw.get_body(), expected["body_stored"])
            assert len(msg.get_body()) == expected["body_decompressed_length"]
            msg.set_sys_flag(raw.get_sys_flag())  # encode compresses what is flagged COMPRESSED
            assert MessageDecoder.encode(msg, True) == record
        _check_body(msg.get_body(), expected["body"])
        if MessageDecoder.message_properties2string(raw.get_properties()) == expected["properties_raw"]:
            assert MessageDecoder.encode(raw, False) == record
    assert pos == len(body)
    assert [m.get_body() for m in stored] == [m.get_body() for m in decoded]
    headless = MessageDecoder.decodes(body, False)
    assert [m.get_body() for m in headless] == [None] * len(decoded)
    assert [m.get_offset_msg_id() for m in headless] == [m.get_offset_msg_id() for m in decoded]


@pytest.mark.parametrize("entry", BATCHES, ids=[e["file"] for e in BATCHES])
def test_message_batches(entry: Dict[str, Any]) -> None:
    cmd = _command(entry)
    messages = MessageDecoder.decode_messages(cmd.body)
    expected_list = entry["body"]["messages"]
    assert len(messages) == len(expected_list)
    for msg, expected in zip(messages, expected_list):
        encoded = MessageDecoder.encode_message(msg)
        assert len(encoded) == expected["totalSize"]
        assert struct.unpack_from(">iii", encoded, 0) == (expected["totalSize"], expected["magicCode"],
                                                          expected["bodyCRC"])
        assert msg.get_flag() == expected["flag"]
        assert len(msg.get_body()) == expected["bodyLength"]
        _check_body(msg.get_body(), expected["body"])
        assert list(msg.get_properties().items()) == list(expected["properties"].items())
        assert MessageDecoder.message_properties2string(msg.get_properties()) == expected["properties_raw"]
        msg.set_topic(cmd.ext_fields["b"])
    batch = MessageBatch.generate_from_list(messages)
    assert batch.encode() == cmd.body
    assert MessageDecoder.encode_messages(messages) == cmd.body
    assert batch.get_topic() == cmd.ext_fields["b"] and batch.is_wait_store_msg_ok()


@pytest.mark.parametrize("entry", RAW, ids=[e["file"] for e in RAW])
def test_raw_message_bodies(entry: Dict[str, Any]) -> None:
    cmd = _command(entry)
    expected = entry["body"]
    sys_flag = int(cmd.ext_fields["f"])
    assert sys_flag == expected["sysFlag"]
    compressed = bool(sys_flag & MessageSysFlag.COMPRESSED_FLAG)
    assert compressed == expected["compressed"]
    props = MessageDecoder.string2message_properties(cmd.ext_fields["i"])
    assert props == entry["header_notes"]["properties_decoded"]
    assert MessageDecoder.message_properties2string(props) == entry["header_notes"]["properties_raw"]
    if not compressed:
        _check_body(cmd.body, expected["body"])
        return
    compressor = CompressorFactory.get_compressor(MessageSysFlag.get_compression_type(sys_flag))
    _check_body(cmd.body, expected["body_on_wire"])
    body = compressor.decompress(cmd.body)
    assert len(body) == expected["body_decompressed_length"]
    _check_body(body, expected["body_decompressed"])
    assert compressor.compress(body, 5) == cmd.body
