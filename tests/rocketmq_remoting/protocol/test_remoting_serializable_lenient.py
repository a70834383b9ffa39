"""Body decoding as fastjson 1.2.69 decodes a Java bean with its default features (EnumDeserializer,
TypeUtils.castToInt/castToBoolean, smartMatch), which other clients (the C++ client) rely on; and what it refuses,
refused with RemotingCommandException naming the body class."""
from __future__ import annotations

import json
import struct

import pytest

from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol.remoting_command import LanguageCode, RemotingCommand


def _consumer(**fields):
    consumer = {"groupName": "G", "consumeType": "CONSUME_PASSIVELY", "messageModel": "CLUSTERING",
                "consumeFromWhere": "CONSUME_FROM_LAST_OFFSET", "unitMode": False,
                "subscriptionDataSet": [{"topic": "T", "subString": "*", "subVersion": 1}]}
    consumer.update(fields)
    (data,) = HeartbeatData.decode(json.dumps({"clientID": "c", "consumerDataSet": [consumer]}).encode()) \
        .consumer_data_set
    return data


@pytest.mark.parametrize("value, expected", [
    (0, ConsumeType.CONSUME_ACTIVELY), (1, ConsumeType.CONSUME_PASSIVELY),  # by ordinal
    ("CONSUME_ACTIVELY", ConsumeType.CONSUME_ACTIVELY), ("consume_passively", ConsumeType.CONSUME_PASSIVELY),
    ("", None), ("PUSH", None), (None, None),  # an empty or unknown name is null (no ErrorOnEnumNotMatch)
])
def test_enum_by_ordinal_or_name(value, expected):
    assert _consumer(consumeType=value).consume_type is expected


@pytest.mark.parametrize("value", [2, -1, 1.5, True, [1]])
def test_enum_refused(value):
    with pytest.raises(RemotingCommandException, match="HeartbeatData.*ConsumeType"):
        _consumer(consumeType=value)


@pytest.mark.parametrize("value, expected", [
    ("true", True), ("FALSE", False), ("1", True), ("0", False), ("Y", True), ("y", True), ("T", True),
    ("N", False), ("f", False), (1, True), (0, False), (2, False), ("", None), ("null", None)])
def test_boolean_cast(value, expected):
    assert _consumer(unitMode=value).unit_mode is expected


@pytest.mark.parametrize("value", ["t", "n", "yes", " 1"])
def test_boolean_refused(value):
    with pytest.raises(RemotingCommandException, match="can not cast to boolean"):
        _consumer(unitMode=value)


@pytest.mark.parametrize("value, expected", [
    ("1796220183562", 1796220183562), ("-3", -3), ("1,000", 1000), ("3.00", 3), (7.9, 7), ("", None)])
def test_integer_cast(value, expected):
    (subscription,) = _consumer(subscriptionDataSet=[{"topic": "T", "subVersion": value}]).subscription_data_set
    assert subscription.sub_version == expected


@pytest.mark.parametrize("value", ["1.5", " 5", "1_000", "0x10", "abc"])
def test_integer_refused(value):
    with pytest.raises(RemotingCommandException, match="can not cast to int"):
        _consumer(subscriptionDataSet=[{"topic": "T", "subVersion": value}])


def test_field_names_matched_as_smart_match_does_and_unknown_fields_ignored():
    consumer = _consumer(group_name="Other", MessageModel=0, unknownField={"x": 1})
    assert consumer.group_name == "Other" and consumer.message_model is MessageModel.BROADCASTING


def test_lenient_text_and_values_together():
    body = (b"{clientID:'c',consumerDataSet:[{groupName:'G',consumeType:1,messageModel:'1'},],}")
    (consumer,) = HeartbeatData.decode(body).consumer_data_set
    assert consumer.consume_type is ConsumeType.CONSUME_PASSIVELY and consumer.message_model is None  # "1" no name


@pytest.mark.parametrize("body", [b"{clientID:", b"[1]", b"\xff"])
def test_undecodable_text_names_the_body_class(body):
    with pytest.raises(RemotingCommandException, match="cannot decode HeartbeatData"):
        HeartbeatData.decode(body)


def _frame(header: bytes) -> bytes:
    return struct.pack(">i", len(header)) + header


def test_a_json_header_in_fastjson_dialect_decodes():
    cmd = RemotingCommand.decode(_frame(b"{code:34,'opaque':5,language:'CPP',,extFields:{a:'1',b:2,},flag:0,}\n"))
    assert (cmd.code, cmd.opaque, cmd.language, cmd.ext_fields) == (34, 5, LanguageCode.CPP, {"a": "1", "b": "2"})


@pytest.mark.parametrize("header", [b"{code:34,opaque}", b"{'code':34", b"{code:34 opaque:5}", b"{code:tru}"])
def test_a_json_header_fastjson_refuses_stays_refused(header):
    with pytest.raises(RemotingCommandException, match="broken JSON header"):
        RemotingCommand.decode(_frame(header))
