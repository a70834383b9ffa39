"""The specialised codec paths of RemotingCommand and CommandCustomHeader against straightforward definitions."""
import random
import struct

import pytest

from rocketmq_common.protocol.header import (
    PullMessageResponseHeader, SendMessageRequestHeaderV2, SendMessageResponseHeader,
)
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol.remoting_command import LanguageCode, RemotingCommand, SerializeType

PROPERTIES = "UNIQ_KEY\x01C0A8000100002A9F0000000000000001\x02WAIT\x01true\x02TAGS\x01TagA\x02"


def v2_header(**changes):
    values = dict(a="PG", b="TopicTest", c="TBW102", d=4, e=1, f=0, g=1700000000000, h=0, i=PROPERTIES, j=0,
                  k=False, m=False, n="broker-a")
    values.update(changes)
    return SendMessageRequestHeaderV2(**values)


# ---------------------------------------------------------------- ROCKETMQ encoding


def reference_rocketmq_frame(cmd):
    """The ROCKETMQ frame by definition: header fields copied into extFields first (makeCustomHeaderToNet),
    then each non-null entry as short key length, key, int value length, value (UTF-8)."""
    ext = cmd.ext_fields
    if cmd.custom_header is not None:
        fields = cmd.custom_header.encode_ext_fields()
        for key, value in (ext or {}).items():
            fields.setdefault(key, value)
        ext = fields
    block = b""
    for key, value in (ext or {}).items():
        if key is not None and value is not None:
            k, v = key.encode("utf-8"), value.encode("utf-8")
            block += struct.pack(">h", len(k)) + k + struct.pack(">i", len(v)) + v
    remark = cmd.remark.encode("utf-8") if cmd.remark else b""
    header = struct.pack(">hbhiii", cmd.code, cmd.language, cmd.version, cmd.opaque, cmd.flag, len(remark))
    header += remark + struct.pack(">i", len(block)) + block
    body = cmd.body or b""
    return struct.pack(">ii", 4 + len(header) + len(body), (1 << 24) | len(header)) + header + body


ENCODE_CASES = {
    "header": (v2_header(), None),
    "header and extras": (v2_header(), {"AccessKey": "ak", "Signature": "c2ln"}),
    "extra repeating a header field": (v2_header(), {"b": "Other", "z": "1"}),
    "extra filling a null header field": (v2_header(), {"l": "16", "bname": "b"}),
    "null extra key and value": (v2_header(), {None: "x", "y": None, "z": "1"}),
    "empty values": (v2_header(a="", i=""), {"e1": ""}),
    "value lengths 255, 256, 70000": (v2_header(a="x" * 255, b="y" * 256, i="p" * 70000), None),
    "non-ASCII header value": (v2_header(b="Tópico"), {"k2": "v"}),
    "non-ASCII extra value": (v2_header(), {"k2": "vé"}),
    "non-ASCII and long keys": (v2_header(), {"clé": "v", "K" * 300: "w"}),
    "4-byte UTF-8": (v2_header(i="\U0001F600" * 3), None),
    "extras only": (None, {"topic": "T", "queueId": "1"}),
    "extras only, non-ASCII": (None, {"topic": "Tópico"}),
    "nothing": (None, None),
    "empty extFields": (None, {}),
    "header with all fields null": (PullMessageResponseHeader(), None),
}


@pytest.mark.parametrize("remark", [None, "", "ok", "erreur é"])
@pytest.mark.parametrize("case", ENCODE_CASES, ids=list(ENCODE_CASES))
def test_rocketmq_encoding_matches_the_definition(case, remark):
    header, ext = ENCODE_CASES[case]
    cmd = RemotingCommand(code=310, opaque=-5, flag=3, remark=remark, custom_header=header,
                          ext_fields=dict(ext) if ext is not None else None, body=b"\x00b",
                          language=LanguageCode.JAVA, serialize_type=SerializeType.ROCKETMQ)
    assert cmd.encode() == reference_rocketmq_frame(cmd)
    assert cmd.ext_fields == ext  # Java's fast codec leaves extFields alone
    decoded = RemotingCommand.decode(cmd.encode()[4:])
    expected = {k: v for k, v in reference_ext(header, ext).items() if k is not None and v}
    assert (decoded.ext_fields or {}) == expected


def reference_ext(header, ext):
    fields = header.encode_ext_fields() if header is not None else {}
    for key, value in (ext or {}).items():
        fields.setdefault(key, value)
    return fields


def test_json_encoding_copies_header_fields_into_ext_fields():
    cmd = RemotingCommand(code=310, custom_header=v2_header(), ext_fields={"AccessKey": "ak", "b": "Other"},
                          serialize_type=SerializeType.JSON)
    frame = cmd.encode()
    assert list(cmd.ext_fields) == list("abcdefghijkmn") + ["AccessKey"]
    assert cmd.ext_fields["b"] == "TopicTest"
    assert RemotingCommand.decode(frame[4:]).ext_fields == cmd.ext_fields
    assert cmd.encode() == frame  # encoding again (extFields now hold the header's fields) changes nothing


def test_bad_rocketmq_ext_values_fail_as_before():
    with pytest.raises(AttributeError):
        RemotingCommand(ext_fields={"n": 5}, serialize_type=SerializeType.ROCKETMQ).encode()
    with pytest.raises(UnicodeEncodeError):
        RemotingCommand(ext_fields={"s": "a\udc80"}, serialize_type=SerializeType.ROCKETMQ).encode()
    with pytest.raises(UnicodeEncodeError):
        RemotingCommand(custom_header=v2_header(b="a\udc80"), serialize_type=SerializeType.ROCKETMQ).encode()


# ---------------------------------------------------------------- ROCKETMQ decoding


def reference_rocketmq_ext(data, pos, end):
    """The extFields loop by definition (empty keys and values left out, lengths checked)."""
    ext = {}
    while pos < end:
        (klen,) = struct.unpack_from(">h", data, pos)
        pos += 2
        if klen < 0 or pos + klen > end:
            raise RemotingCommandException("extFields key length %d out of range" % klen)
        key = data[pos:pos + klen].decode("utf-8") if klen > 0 else None
        pos += klen
        (vlen,) = struct.unpack_from(">i", data, pos)
        pos += 4
        if vlen < 0 or pos + vlen > end:
            raise RemotingCommandException("extFields value length %d out of range" % vlen)
        if key is not None and vlen > 0:
            ext[key] = data[pos:pos + vlen].decode("utf-8")
        pos += vlen
    return ext


def reference_decode_ext(header):
    try:
        (ext_len,) = struct.unpack_from(">i", header, 17)
        if ext_len < 0 or ext_len > len(header) - 21:
            raise RemotingCommandException("extFields length %d out of range" % ext_len)
        return reference_rocketmq_ext(header, 21, 21 + ext_len) if ext_len > 0 else None
    except (struct.error, UnicodeDecodeError) as e:
        raise RemotingCommandException("broken ROCKETMQ header: %s" % e) from None


def random_block(rng):
    out = b""
    for _ in range(rng.randint(0, 6)):
        klen = rng.choice([0, 1, 2, 5, 63, 64, 65, 200, 300])
        vlen = rng.choice([0, 1, 2, 127, 128, 255, 256, 300])
        alphabet = rng.choice([b"abcXYZ09\x01\x02", "é€".encode("utf-8"), b"\xff\x80a"])
        key = bytes(rng.choice(alphabet) for _ in range(klen))
        value = bytes(rng.choice(alphabet) for _ in range(vlen))
        if rng.random() < 0.1:
            klen = rng.choice([-1, -300, klen + 1, klen + 7, 0x7FFF])
        if rng.random() < 0.1:
            vlen = rng.choice([-1, -(1 << 31), vlen + 1, vlen + 5, (1 << 31) - 1])
        out += struct.pack(">h", klen) + key + struct.pack(">i", vlen) + value
    if out and rng.random() < 0.15:
        out = out[:rng.randint(0, len(out) - 1)]
    return out


def entry(key, value, klen=None, vlen=None):
    return (struct.pack(">h", len(key) if klen is None else klen) + key
            + struct.pack(">i", len(value) if vlen is None else vlen) + value)


# A key of 257 bytes starting "k", 0, 0, 0, 2: read with a one-byte key (257's low byte) it would give "k": "\x01z".
LONG_KEY = b"k" + struct.pack(">i", 2) + b"\x01z" + b"x" * 250
EDGE_BLOCKS = {
    "key of 257 bytes": entry(LONG_KEY, b"v") + entry(b"a", b"1"),
    "keys of 63 and 64 bytes": entry(b"q" * 63, b"1") + entry(b"r" * 64, b"2") + entry(b"a", b"3"),
    "empty key": entry(b"", b"v") + entry(b"a", b"1"),
    "empty value": entry(b"a", b"") + entry(b"b", b"1"),
    "repeated key": entry(b"a", b"1") + entry(b"a", b"2"),
    "value of 300 bytes": entry(b"a", b"\x00" * 300) + entry(b"b", b"1"),
    "non-ASCII": entry("clé".encode("utf-8"), "vé".encode("utf-8")),
    "negative key length": entry(b"a", b"1") + entry(b"b", b"2", klen=-2),
    "value past the block": entry(b"a", b"1") + entry(b"b", b"2", vlen=3),
    "bad UTF-8 key before bad value": entry(b"\xff", b"\xfe"),
    "bad UTF-8 key, empty value": entry(b"\xff", b""),
}


@pytest.mark.parametrize("block", EDGE_BLOCKS.values(), ids=list(EDGE_BLOCKS))
def test_rocketmq_decoding_edge_cases_match_the_definition(block):
    header = struct.pack(">hbhiii", 310, 0, 407, 1, 0, 0) + struct.pack(">i", len(block)) + block
    try:
        expected = reference_decode_ext(header)
    except RemotingCommandException as e:
        with pytest.raises(RemotingCommandException) as raised:
            RemotingCommand.decode(struct.pack(">i", (1 << 24) | len(header)) + header)
        assert str(raised.value) == str(e)
    else:
        assert RemotingCommand.decode(struct.pack(">i", (1 << 24) | len(header)) + header).ext_fields == expected


def test_rocketmq_decoding_matches_the_definition_on_random_blocks():
    rng = random.Random(20240607)
    outcomes = set()
    for _ in range(4000):
        block = random_block(rng)
        ext_len = len(block) if rng.random() < 0.9 else len(block) + rng.choice([-3, -1, 1, 4])
        header = struct.pack(">hbhiii", 310, 0, 407, 1, 0, 0) + struct.pack(">i", ext_len) + block
        frame = struct.pack(">i", (1 << 24) | len(header)) + header
        try:
            expected = ("ok", reference_decode_ext(header))
        except RemotingCommandException as e:
            expected = ("error", str(e))
        try:
            got = ("ok", RemotingCommand.decode(memoryview(frame)).ext_fields)
        except RemotingCommandException as e:
            got = ("error", str(e))
        assert got == expected, block.hex()
        outcomes.add(expected[0] if expected[0] == "error" else "ok-%s" % bool(expected[1]))
    assert outcomes == {"ok-True", "ok-False", "error"}


# ---------------------------------------------------------------- header objects


@pytest.mark.parametrize("raw, expected", [
    ("7", 7), ("+7", 7), ("-7", -7), ("007", 7), ("-0", 0), ("1700000000000", 1700000000000),
    ("\u0663", None), ("\u00b2", None), (" 7", None), ("7 ", None), ("7_0", None), ("", None), ("-", None),
    ("+", None), ("1.5", None), ("0x1", None),
])
def test_int_fields_parse_like_java(raw, expected):
    ext = {"msgId": "id", "queueId": raw, "queueOffset": "1"}
    if expected is None:
        with pytest.raises(RemotingCommandException, match="queueId"):
            SendMessageResponseHeader.decode_ext_fields(ext)
    else:
        assert SendMessageResponseHeader.decode_ext_fields(ext).queue_id == expected


def test_header_round_trip_through_ext_fields():
    header = v2_header(l=3, bname="b")
    ext = header.encode_ext_fields()
    assert ext == {"a": "PG", "b": "TopicTest", "c": "TBW102", "d": "4", "e": "1", "f": "0", "g": "1700000000000",
                   "h": "0", "i": PROPERTIES, "j": "0", "k": "false", "l": "3", "m": "false", "n": "broker-a",
                   "bname": "b"}
    assert SendMessageRequestHeaderV2.decode_ext_fields(ext) == header
    with pytest.raises(RemotingCommandException, match="<a>"):
        SendMessageRequestHeaderV2.decode_ext_fields({k: v for k, v in ext.items() if k != "a"})


class _Beanish(Bean):
    name = Prop(str)
    items = Prop(list, [])
    count = Prop(int, 0)


def test_bean_keyword_constructor():
    bean = _Beanish(name="x", items=[1])
    assert (bean.name, bean.items, bean.count) == ("x", [1], 0)
    assert _Beanish().items == [] and _Beanish().items is not _Beanish().items
    with pytest.raises(TypeError, match="'nope'"):
        _Beanish(name="x", nope=1, other=2)


# ---------------------------------------------------------------- factories


def test_factories():
    request = RemotingCommand.create_request_command(310, v2_header(), b"body")
    assert (request.code, request.flag, request.remark, request.ext_fields, request.body) == (310, 0, None, None,
                                                                                            b"body")
    assert (request.language, request.version) == (RemotingCommand.default_language, 479)
    assert request.serialize_type is RemotingCommand.default_serialize_type
    assert RemotingCommand.create_new_request_id() == request.opaque + 1
    response = RemotingCommand.create_response_command(0, None, SendMessageResponseHeader)
    assert response.is_response_type() and not response.is_oneway_rpc()
    assert response.remark == "not set any response code"
    assert type(response.custom_header) is SendMessageResponseHeader
    assert response.opaque == request.opaque + 2 and response.body is None and response.ext_fields is None
    assert RemotingCommand.create_response_command(5, "why", SendMessageResponseHeader).remark == "why"
    plain = RemotingCommand.create_response_command()
    assert (plain.code, plain.remark, plain.custom_header, plain.flag) == (1, None, None, 1)
