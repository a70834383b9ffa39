"""QUERY_MESSAGE (by key, by unique key) and VIEW_MESSAGE_BY_ID through raw frames, and the golden scenario-5
frames replayed with the capture's store state reproduced (the queried message at commit-log offset 832)."""
from __future__ import annotations

import json

import pytest
from broker_support import (RawClient, create_topic, decode_messages, fill_commit_log_to, golden_body,
                            golden_entry, golden_frame, pull_request, same_apart_from_hosts_and_times, send_request,
                            ipv6_broker, split_records, start_broker)

from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.protocol.header.query_message_request_header import QueryMessageRequestHeader
from rocketmq_common.protocol.header.view_message_request_header import ViewMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, SerializeType

TOPIC = "QueryTopic"
LONG_MAX = (1 << 63) - 1


@pytest.fixture
def broker(tmp_path):
    b = start_broker(tmp_path)
    create_topic(b, TOPIC, 4)
    create_topic(b, "GoldenTopic", 2)
    yield b
    b.shutdown()


def _send(client, keys, queue_id, topic=TOPIC, body=b"body"):
    uniq_key = MessageClientIDSetter.create_uniq_id()
    props = {"KEYS": keys, "UNIQ_KEY": uniq_key, "WAIT": "true", "TAGS": "TagQ"}
    response = client.request(send_request(topic, body, props, queue_id=queue_id))
    assert response.code == ResponseCode.SUCCESS
    return uniq_key, response.ext_fields["msgId"]


def _query(client, key, max_num=32, begin=0, end=LONG_MAX, unique=False, topic=TOPIC,
           serialize_type=SerializeType.JSON):
    header = QueryMessageRequestHeader(topic=topic, key=key, max_num=max_num, begin_timestamp=begin,
                                       end_timestamp=end)
    cmd = RemotingCommand.create_request_command(RequestCode.QUERY_MESSAGE, header)
    cmd.add_ext_field("_UNIQUE_KEY_QUERY", "true" if unique else "false")
    cmd.serialize_type = serialize_type
    return client.request(cmd)


def _view(client, offset, serialize_type=SerializeType.JSON):
    cmd = RemotingCommand.create_request_command(RequestCode.VIEW_MESSAGE_BY_ID,
                                                 ViewMessageRequestHeader(offset=offset))
    cmd.serialize_type = serialize_type
    return client.request(cmd)


def test_query_by_key_finds_every_message_sent_with_it(broker, client):
    with_key = set()
    for n in range(12):
        keys = "K%d Kshared" % n if n % 3 else "Kother%d" % n
        uniq_key, _ = _send(client, keys, n % 4, body=b"m%d" % n)
        if n % 3:
            with_key.add(uniq_key)
    response = _query(client, "Kshared")
    assert response.code == ResponseCode.SUCCESS and response.remark is None
    found = decode_messages(response.body)
    assert {m.properties["UNIQ_KEY"] for m in found} == with_key and len(found) == 8
    assert all(m.topic == TOPIC and "Kshared" in m.get_keys().split(" ") for m in found)
    assert list(response.ext_fields) == ["indexLastUpdatePhyoffset", "indexLastUpdateTimestamp"]
    assert int(response.ext_fields["indexLastUpdatePhyoffset"]) == max(m.commit_log_offset for m in found)
    assert int(response.ext_fields["indexLastUpdateTimestamp"]) >= max(m.store_timestamp for m in found)
    (one,) = decode_messages(_query(client, "K4").body)
    assert one.body == b"m4"
    assert len(decode_messages(_query(client, "Kshared", max_num=3).body)) == 3


def test_query_time_range_and_not_found(broker, client):
    _send(client, "Kt", 0)
    stored = decode_messages(_query(client, "Kt").body)[0].store_timestamp
    assert _query(client, "Kt", begin=stored, end=stored).code == ResponseCode.SUCCESS
    for begin, end, key, topic in ((stored + 1, LONG_MAX, "Kt", TOPIC), (0, stored - 1, "Kt", TOPIC),
                                   (0, LONG_MAX, "Kmissing", TOPIC), (0, LONG_MAX, "Kt", "GoldenTopic")):
        response = _query(client, key, begin=begin, end=end, topic=topic)
        assert (response.code, response.remark, response.body) == (
            ResponseCode.QUERY_NOT_FOUND, "can not find message, maybe time range not correct", None)
        assert set(response.ext_fields) == {"indexLastUpdatePhyoffset", "indexLastUpdateTimestamp"}


def test_query_by_unique_key_uses_the_default_max_num(broker, client):
    uniq_key, _ = _send(client, "Ku", 1)
    for _ in range(3):
        _send(client, "Ku", 2)
    # maxNum 0 would find nothing: a unique-key query gets the store's defaultQueryMaxNum (32) instead
    (msg,) = decode_messages(_query(client, uniq_key, max_num=0, unique=True).body)
    assert msg.properties["UNIQ_KEY"] == uniq_key
    assert _query(client, uniq_key, max_num=0, unique=False).code == ResponseCode.QUERY_NOT_FOUND


def test_view_message_by_offset(broker, client):
    _, msg_id = _send(client, "Kv", 3, body=b"viewed")
    offset = MessageDecoder.decode_message_id(msg_id).get_offset()
    response = _view(client, offset)
    assert (response.code, response.remark, response.ext_fields) == (ResponseCode.SUCCESS, None, None)
    pulled = client.request(pull_request("QCG", TOPIC, 3, 0)).body
    assert response.body == pulled  # the stored record, byte for byte
    response = _view(client, 1 << 40)
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR,
                                                "can not find message by the offset, %d" % (1 << 40))


def test_found_messages_are_answered_in_json_whatever_the_request_type(broker, client):
    """Java writes found messages zero-copy with the process default serialize type (PROTOCOL.md §1.8); misses
    are normal responses in the request's type."""
    uniq_key, msg_id = _send(client, "Kr", 0)
    for response in (_query(client, "Kr", serialize_type=SerializeType.ROCKETMQ),
                     _view(client, MessageDecoder.decode_message_id(msg_id).get_offset(), SerializeType.ROCKETMQ)):
        assert response.code == ResponseCode.SUCCESS and response.serialize_type is SerializeType.JSON
    for response in (_query(client, "Kmissing", serialize_type=SerializeType.ROCKETMQ),
                     _view(client, 1 << 40, SerializeType.ROCKETMQ)):
        assert response.code != ResponseCode.SUCCESS and response.serialize_type is SerializeType.ROCKETMQ


# ---------------------------------------------------------------------------------------------- golden scenario 5


def _golden_state(broker, client):
    """Scenario 1's first message (golden 005) stored at commit-log offset 832, as in the capture."""
    fill_commit_log_to(broker, 832)
    entry = golden_entry("005")
    client.send_bytes(golden_frame(entry))
    assert client.wait_response(entry["opaque"]).code == ResponseCode.SUCCESS


def _check_against_golden(response, request_prefix, response_prefix):
    golden = golden_entry(response_prefix)
    assert response.opaque == golden_entry(request_prefix)["opaque"] == golden["opaque"]
    assert (response.code, response.flag, response.remark) == (0, 1, None)
    header = json.loads(response.encode()[8:8 + _header_length(response)])
    assert list(header) == list(golden["header"])  # same keys (language aside, same values)
    if "extFields" in golden["header"]:
        assert list(header["extFields"]) == list(golden["header"]["extFields"])
    else:
        assert "extFields" not in header
    (ours,) = split_records(response.body)
    assert same_apart_from_hosts_and_times(ours, golden_body(response_prefix))


def _header_length(cmd):
    frame = cmd.encode()
    return int.from_bytes(frame[4:8], "big") & 0xFFFFFF


def test_golden_query_and_view_frames_replayed(broker, client):
    _golden_state(broker, client)
    for request, response in (("240", "241"), ("242", "243"), ("244", "245"), ("264", "265")):
        client.send_bytes(golden_frame(golden_entry(request)))
        _check_against_golden(client.wait_response(golden_entry(request)["opaque"]), request, response)


def test_golden_ipv6_view_frame_replayed(tmp_path):
    """Frame 357 views the IPv6-born message of frame 352, stored at 8254."""
    broker = ipv6_broker(tmp_path)
    with broker:
        create_topic(broker, "GoldenV6Topic", 1)
        fill_commit_log_to(broker, 8254)
        client = RawClient("::1:%d" % broker.get_remoting_server().local_listen_port())
        try:
            client.send_bytes(golden_frame(golden_entry("352")))
            assert client.wait_response(golden_entry("352")["opaque"]).code == ResponseCode.SUCCESS
            client.send_bytes(golden_frame(golden_entry("357")))
            response = client.wait_response(golden_entry("357")["opaque"])
            (ours,) = split_records(response.body)
            golden = golden_body("358")
            msg = MessageDecoder.decode(ours, False, False)
            assert msg.born_host[0] == "::1" and msg.commit_log_offset == 8254 and len(ours) == len(golden) == 237
            assert decode_messages(ours)[0].properties == decode_messages(golden)[0].properties
            assert ours[:40] == golden[:40] and ours[-130:] == golden[-130:]  # header up to sysFlag; body, props
        finally:
            client.close()
