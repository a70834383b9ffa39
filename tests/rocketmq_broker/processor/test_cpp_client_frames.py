"""The C++ client's captured requests (``tests/golden_data/cpp``: the ``rocketmq`` 0.4.4 wheel's producer, push,
orderly and pull consumers) decoded by our protocol classes and replayed to a broker, which answers every one as
the Java broker does; and a request that cannot be decoded answered SYSTEM_ERROR with one WARNING naming the peer.

The C++ client writes heartbeat enums as ordinals (``"consumeType":1``), ``subVersion`` as a string and header
booleans as ``"0"``: fastjson 1.2.69 accepts all of them, so must we."""
from __future__ import annotations

import json
import logging
import struct
from typing import Any, Dict, List

import pytest
from broker_support import GOLDEN, RawClient, broker_addr, create_topic, start_broker

from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.protocol import header as h
from rocketmq_common.protocol.body.lock_batch_request_body import LockBatchRequestBody
from rocketmq_common.protocol.body.unlock_batch_request_body import UnlockBatchRequestBody
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import LanguageCode, RemotingCommand

CPP = GOLDEN / "cpp"
INDEX: List[Dict[str, Any]] = json.loads((CPP / "index.json").read_text("utf-8"))

HEADERS = {
    RequestCode.SEND_MESSAGE: h.SendMessageRequestHeader,
    RequestCode.PULL_MESSAGE: h.PullMessageRequestHeader,
    RequestCode.QUERY_CONSUMER_OFFSET: h.QueryConsumerOffsetRequestHeader,
    RequestCode.UPDATE_CONSUMER_OFFSET: h.UpdateConsumerOffsetRequestHeader,
    RequestCode.UNREGISTER_CLIENT: h.UnregisterClientRequestHeader,
    RequestCode.GET_CONSUMER_LIST_BY_GROUP: h.GetConsumerListByGroupRequestHeader,
    RequestCode.GET_ROUTEINFO_BY_TOPIC: h.GetRouteInfoRequestHeader,
}
BODIES = {
    RequestCode.HEART_BEAT: HeartbeatData,
    RequestCode.LOCK_BATCH_MQ: LockBatchRequestBody,
    RequestCode.UNLOCK_BATCH_MQ: UnlockBatchRequestBody,
}


def _frame(entry: Dict[str, Any]) -> bytes:
    return (CPP / entry["file"]).read_bytes()


def _decode(entry: Dict[str, Any]) -> RemotingCommand:
    frame = _frame(entry)
    assert struct.unpack(">i", frame[:4])[0] == len(frame) - 4
    return RemotingCommand.decode(frame[4:])


def _heartbeat(scenario: str) -> HeartbeatData:
    (entry, *_rest) = [e for e in INDEX if e["scenario"] == scenario and e["request_code_name"] == "HEART_BEAT"]
    return HeartbeatData.decode(_decode(entry).body)


def test_the_capture_covers_heartbeat_send_pull_offsets_locks_and_unregister():
    names = {e["request_code_name"] for e in INDEX}
    assert names >= {"HEART_BEAT", "SEND_MESSAGE", "PULL_MESSAGE", "QUERY_CONSUMER_OFFSET", "UPDATE_CONSUMER_OFFSET",
                     "LOCK_BATCH_MQ", "UNLOCK_BATCH_MQ", "UNREGISTER_CLIENT", "GET_CONSUMER_LIST_BY_GROUP"}


@pytest.mark.parametrize("entry", INDEX, ids=[e["file"][7:-4] for e in INDEX])
def test_every_frame_decodes(entry):
    cmd = _decode(entry)
    assert cmd.code == entry["request_code"] and cmd.language == LanguageCode.CPP and cmd.version == 63
    assert cmd.opaque == entry["header"]["opaque"]
    header_class = HEADERS.get(cmd.code)
    if header_class is not None:
        header = cmd.decode_command_custom_header(header_class)
        for field, raw in entry["header"]["extFields"].items():
            prop = header_class._props_by_wire.get(field)
            if prop is not None and prop.type is int:
                assert getattr(header, prop.name) == int(raw)
    body_class = BODIES.get(cmd.code)
    if body_class is not None:
        assert body_class.decode(cmd.body).to_json_value() is not None


def test_heartbeat_enums_written_as_ordinals_decode_as_fastjson_reads_them():
    push = _heartbeat("push")
    (consumer,) = push.consumer_data_set
    assert (consumer.consume_type, consumer.message_model, consumer.consume_from_where) == (
        ConsumeType.CONSUME_PASSIVELY, MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET)
    assert {s.topic for s in consumer.subscription_data_set} == {"CppTopic", "%RETRY%CppPushCG"}
    assert all(type(s.sub_version) is int and s.sub_version > 0 for s in consumer.subscription_data_set)
    (pull,) = _heartbeat("pull").consumer_data_set
    assert pull.consume_type == ConsumeType.CONSUME_ACTIVELY
    (producer,) = _heartbeat("producer").producer_data_set
    assert producer.group_name == "CppPG"


def test_send_message_header_booleans_written_as_digits():
    (entry, *_rest) = [e for e in INDEX if e["request_code_name"] == "SEND_MESSAGE"]
    assert entry["header"]["extFields"]["unitMode"] == "0"
    header = _decode(entry).decode_command_custom_header(h.SendMessageRequestHeader)
    assert header.unit_mode is False and header.batch is False  # Boolean.parseBoolean("0")


@pytest.fixture
def cpp_broker(tmp_path):
    broker = start_broker(tmp_path, long_polling_enable=False)  # pulls answer at once instead of holding 15 s
    create_topic(broker, "CppTopic", 4)
    yield broker
    broker.shutdown()


def test_the_broker_answers_every_captured_request_as_java_does(cpp_broker):
    """Replayed scenario by scenario on one connection each: no SYSTEM_ERROR, sends and heartbeats SUCCESS, and
    each consumer group registered with the type its client declared."""
    expected_type = {"push": ConsumeType.CONSUME_PASSIVELY, "orderly": ConsumeType.CONSUME_PASSIVELY,
                     "pull": ConsumeType.CONSUME_ACTIVELY}
    for scenario in ("producer", "push", "orderly", "pull"):
        client = RawClient(broker_addr(cpp_broker))
        try:
            for entry in INDEX:
                if entry["scenario"] != scenario or entry["request_code"] == RequestCode.GET_ROUTEINFO_BY_TOPIC:
                    continue  # (a NameServer request)
                client.send_bytes(_frame(entry))
                response = client.wait_response(entry["header"]["opaque"])
                assert response.code != ResponseCode.SYSTEM_ERROR, (entry["file"], response.remark)
                if entry["request_code"] in (RequestCode.HEART_BEAT, RequestCode.SEND_MESSAGE,
                                             RequestCode.LOCK_BATCH_MQ, RequestCode.UNLOCK_BATCH_MQ,
                                             RequestCode.UPDATE_CONSUMER_OFFSET, RequestCode.UNREGISTER_CLIENT):
                    assert response.code == ResponseCode.SUCCESS, (entry["file"], response.code, response.remark)
                if entry["request_code"] == RequestCode.HEART_BEAT and scenario in expected_type:
                    group = entry["body"]["consumerDataSet"][0]["groupName"]
                    info = cpp_broker.get_consumer_manager().get_consumer_group_info(group)
                    assert info is not None and info.get_consume_type() == expected_type[scenario]
        finally:
            client.close()


def _heartbeat_with(consume_type: Any) -> RemotingCommand:
    (entry, *_rest) = [e for e in INDEX if e["scenario"] == "push" and e["request_code_name"] == "HEART_BEAT"]
    cmd = _decode(entry)
    body = json.loads(cmd.body)
    body["consumerDataSet"][0]["consumeType"] = consume_type
    cmd.body = json.dumps(body).encode()
    return cmd


def test_an_undecodable_heartbeat_gets_system_error_naming_it_and_one_warning(cpp_broker, caplog):
    client = RawClient(broker_addr(cpp_broker))
    try:
        with caplog.at_level(logging.WARNING):
            response = client.request(_heartbeat_with(7))  # no ConsumeType of ordinal 7: fastjson refuses it
        assert response.code == ResponseCode.SYSTEM_ERROR
        assert "parse enum ConsumeType error, value : 7" in response.remark
        records = [r for r in caplog.records if r.levelno >= logging.WARNING and "cannot be decoded" in r.message]
        assert len(records) == 1 and records[0].exc_info is None
        assert "127.0.0.1:%d" % client.local_port in records[0].getMessage()
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        # the connection stays usable, and the same heartbeat by name registers the group
        assert client.request(_heartbeat_with("CONSUME_PASSIVELY")).code == ResponseCode.SUCCESS
    finally:
        client.close()
