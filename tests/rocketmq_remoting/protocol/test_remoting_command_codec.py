"""RemotingCommand framing against PROTOCOL.md §8 vectors and every golden frame."""
import json
import struct
from pathlib import Path

import pytest

from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol.remoting_command import LanguageCode, RemotingCommand, SerializeType

GOLDEN = Path(__file__).resolve().parents[2] / "golden_data"
INDEX = json.loads((GOLDEN / "index.json").read_text("utf-8"))


def _request(serialize_type, ext, opaque=7, code=105, language=LanguageCode.JAVA):
    # the vectors of PROTOCOL.md are frames of the 4.9.7 Java client: its version, 407 (V4_9_7)
    return RemotingCommand(code=code, opaque=opaque, ext_fields=ext, language=language,
                           serialize_type=serialize_type, version=407)


def test_json_request_frame_vector_8_1():
    frame = _request(SerializeType.JSON, {"topic": "TopicTest"}).encode()
    expected_header = (b'{"code":105,"extFields":{"topic":"TopicTest"},"flag":0,"language":"JAVA","opaque":7,'
                       b'"serializeTypeCurrentRPC":"JSON","version":407}')
    assert frame == struct.pack(">ii", 4 + len(expected_header), len(expected_header)) + expected_header
    assert frame[:8].hex() == "0000008700000083"


def test_rocketmq_request_frame_vector_8_2():
    frame = _request(SerializeType.ROCKETMQ, {"topic": "TopicTest"}).encode()
    assert frame.hex() == ("0000002d" "01000029" "0069" "00" "0197" "00000007" "00000000" "00000000" "00000014"
                           "0005746f706963" "00000009546f70696354657374")


def test_send_message_v2_binary_header_vector_8_3():
    ext = {"a": "PG", "b": "TopicTest", "c": "TBW102", "d": "4", "e": "1", "f": "0", "g": "1700000000000",
           "h": "0", "i": "a\x01b\x02KEYS\x01KEY1\x02WAIT\x01true\x02TAGS\x01TagA", "j": "0", "k": "false",
           "m": "false", "n": "broker-a"}
    frame = _request(SerializeType.ROCKETMQ, ext, opaque=8, code=310).encode()
    expected = """
        000000ca 010000c6 0136 00 0197 00000008 00000000 00000000 000000b1
        0001 61 00000002 5047
        0001 62 00000009 546f70696354657374
        0001 63 00000006 544257313032
        0001 64 00000001 34
        0001 65 00000001 31
        0001 66 00000001 30
        0001 67 0000000d 31373030303030303030303030
        0001 68 00000001 30
        0001 69 00000021 610162024b455953014b4559310257414954017472756502544147530154616741
        0001 6a 00000001 30
        0001 6b 00000005 66616c7365
        0001 6d 00000005 66616c7365
        0001 6e 00000008 62726f6b65722d61
    """
    assert frame.hex() == "".join(expected.split())


@pytest.mark.parametrize("entry", INDEX, ids=[e["file"].split("/")[-1] for e in INDEX])
def test_every_golden_frame_decodes_and_reencodes(entry):
    data = (GOLDEN / entry["file"]).read_bytes()
    (length,) = struct.unpack(">i", data[:4])
    assert length == len(data) - 4 and len(data) == entry["frame_length"]
    cmd = RemotingCommand.decode(data[4:])
    header = entry["header"]
    assert cmd.serialize_type.name == entry["serialize_type"]
    assert cmd.code == header["code"]
    assert cmd.opaque == header["opaque"] == entry["opaque"]
    assert cmd.flag == header["flag"] == entry["flag"]
    assert cmd.language.name == header["language"]
    assert cmd.version == header["version"] == 407  # the Java 4.9.7 client and broker of the captures
    assert cmd.remark == header.get("remark")
    assert cmd.ext_fields == header.get("extFields")
    assert len(cmd.body or b"") == entry["body_length"]
    assert cmd.is_response_type() == (entry["kind"] == "response")
    assert cmd.is_oneway_rpc() == (entry["kind"] == "oneway request")
    # Keeping the wire order of extFields, our encoder reproduces the Java bytes exactly.
    assert cmd.encode() == data


def test_response_and_oneway_flags():
    cmd = RemotingCommand.create_request_command(34)
    assert not cmd.is_response_type() and not cmd.is_oneway_rpc()
    cmd.mark_oneway_rpc()
    assert cmd.flag == 2
    resp = RemotingCommand.create_response_command(0, "ok")
    assert resp.flag == 1 and resp.is_response_type() and resp.language == LanguageCode.PYTHON


def test_opaques_are_unique_and_increasing():
    a = RemotingCommand.create_request_command(1)
    b = RemotingCommand.create_request_command(1)
    assert b.opaque > a.opaque


def test_empty_string_vanishes_in_binary_header_but_not_in_json():
    cmd = _request(SerializeType.ROCKETMQ, {"a": "", "b": "x"})
    back = RemotingCommand.decode(cmd.encode()[4:])
    assert back.ext_fields == {"b": "x"}
    cmd = _request(SerializeType.JSON, {"a": "", "b": "x"})
    assert RemotingCommand.decode(cmd.encode()[4:]).ext_fields == {"a": "", "b": "x"}


def test_json_header_tolerates_numbers_and_language_ordinal():
    header = b'{"code":0,"extFields":{"n":5,"t":true},"language":3,"opaque":9,"flag":1}'
    cmd = RemotingCommand.decode(struct.pack(">i", len(header)) + header)
    assert cmd.ext_fields == {"n": "5", "t": "true"}
    assert cmd.language == LanguageCode.PYTHON and cmd.opaque == 9 and cmd.version == 0


@pytest.mark.parametrize("frame", [
    b"\x00\x00",                                              # no header-info word
    struct.pack(">i", 100) + b"{}",                           # header longer than the frame
    struct.pack(">i", (7 << 24) | 2) + b"{}",                 # unknown serialize type
    struct.pack(">i", 5) + b"{nope",                          # broken JSON
    struct.pack(">i", 4) + b"[1]",                            # JSON that is not an object
    struct.pack(">i", (1 << 24) | 10) + b"\x00" * 10,         # truncated binary header
    struct.pack(">i", (1 << 24) | 21) + struct.pack(">hbhiii", 1, 0, 1, 1, 0, 999) + b"\x00" * 4,  # remark too long
    struct.pack(">i", (1 << 24) | 21) + struct.pack(">hbhiii", 1, 0, 1, 1, 0, 0) + struct.pack(">i", 50),
])
def test_malformed_headers_raise_command_exception(frame):
    with pytest.raises(RemotingCommandException):
        RemotingCommand.decode(frame)
