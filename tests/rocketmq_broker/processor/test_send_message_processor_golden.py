"""The golden SEND_MESSAGE_V2 / SEND_BATCH_MESSAGE request frames of the Java 4.9.7 producer replayed byte for
byte to our broker: the responses look like the Java broker's, and the messages pulled back carry the same
fields (and the same raw property strings) as the golden pull responses."""
from __future__ import annotations


import pytest
from broker_support import (RawClient, create_topic, decode_messages, golden_entry, golden_frame,
                            ipv6_broker, pull_request, raw_properties, split_records, start_broker)

from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, SerializeType

SEND_RESPONSE_KEYS = {"msgId", "queueId", "queueOffset", "MSG_REGION", "TRACE_ON"}
# fields of a stored message that do not depend on where and when it was stored
STABLE_FIELDS = ("store_size", "body_crc", "queue_id", "flag", "queue_offset", "sys_flag", "born_timestamp",
                 "reconsume_times", "prepared_transaction_offset", "topic", "body", "properties")


@pytest.fixture
def broker(tmp_path):
    b = start_broker(tmp_path)
    for topic in ("GoldenTopic", "GoldenBinTopic", "GoldenTxTopic"):
        create_topic(b, topic, 2)
    yield b
    b.shutdown()


def _replay(client, prefixes):
    """Replay the golden request frames; return {prefix: response or None (one-way)}."""
    responses = {}
    for prefix in prefixes:
        entry = golden_entry(prefix)
        client.send_bytes(golden_frame(entry))
        responses[prefix] = None if entry["kind"] == "oneway request" else client.wait_response(entry["opaque"])
    return responses


def _check_send_response(response, golden_response_prefix, broker, same_offset=True):
    golden = golden_entry(golden_response_prefix)
    gh = golden["header"]
    assert response.code == ResponseCode.SUCCESS == golden["response_code"]
    assert response.remark is None and "remark" not in gh
    assert response.opaque == gh["opaque"]
    assert response.serialize_type.name == golden["serialize_type"]
    ext = response.ext_fields
    assert set(ext) == SEND_RESPONSE_KEYS == set(gh["extFields"])
    for key in ("queueId", "queueOffset", "MSG_REGION", "TRACE_ON") if same_offset else (
            "queueId", "MSG_REGION", "TRACE_ON"):
        assert ext[key] == gh["extFields"][key], key
    if response.serialize_type is SerializeType.ROCKETMQ:
        assert list(ext) == list(gh["extFields"])  # fast-codec order, then TRACE_ON, MSG_REGION
    port = broker.get_remoting_server().local_listen_port()
    for msg_id in ext["msgId"].split(","):
        assert len(msg_id) == 32 and msg_id.startswith("7F000001%08X" % port)
    return ext


def _pull(client, topic, queue_id, subscription="TagA || TagB", serialize_type=SerializeType.JSON):
    response = client.request(pull_request("GoldenCG", topic, queue_id, 0, subscription=subscription,
                                           serialize_type=serialize_type))
    assert response.code == ResponseCode.SUCCESS and response.remark == "FOUND"
    assert response.serialize_type is serialize_type
    return response


def _golden_body(prefix):
    """The body of a golden frame."""
    return RemotingCommand.decode(golden_frame(golden_entry(prefix))[4:]).body


def _compare_with_golden(pulled_body, golden_pull_prefix, offsets):
    """Every pulled record equals the golden record with the same queue offset on every stable field, and its
    raw property string is the Java broker's."""
    golden_body = _golden_body(golden_pull_prefix)
    golden_records = {m.queue_offset: r for m, r in zip(decode_messages(golden_body), split_records(golden_body))}
    ours = list(zip(decode_messages(pulled_body), split_records(pulled_body)))
    assert [m.queue_offset for m, _ in ours] == offsets
    for msg, record in ours:
        expected_record = golden_records[msg.queue_offset]
        expected = MessageDecoder.decode(expected_record, True, True)
        for field in STABLE_FIELDS:
            assert getattr(msg, field) == getattr(expected, field), (msg.queue_offset, field)
        assert raw_properties(record) == raw_properties(expected_record)
        assert msg.born_host[0] == "127.0.0.1" and msg.store_host[0] == "127.0.0.1"


def test_scenario1_json_frames_replayed(broker, client):
    r = _replay(client, ["005", "009", "011", "013", "014"])
    _check_send_response(r["005"], "006", broker)
    _check_send_response(r["009"], "010", broker)
    batch_ext = _check_send_response(r["011"], "012", broker)
    assert len(batch_ext["msgId"].split(",")) == 3
    delayed = _check_send_response(r["014"], "015", broker)
    assert delayed["queueId"] == "0" and delayed["queueOffset"] == "0"
    store = broker.get_message_store()
    assert store.get_max_offset_in_queue("GoldenTopic", 0) == 4  # plain + batch of 3 (delayed one not yet due)
    assert store.get_max_offset_in_queue("GoldenTopic", 1) == 2  # compressed + one-way

    # queue 0: TagC (offset 3) is filtered out by its tag hash, the rest equals golden 049
    q0 = _pull(client, "GoldenTopic", 0)
    # golden 049's header (a 4.9.7 broker's) and 5.3.3's topic and group sys flags
    assert q0.ext_fields == {"suggestWhichBrokerId": "0", "nextBeginOffset": "4", "minOffset": "0",
                             "maxOffset": "4", "topicSysFlag": "0", "groupSysFlag": "0"}
    _compare_with_golden(q0.body, "049", [0, 1, 2])
    plain = decode_messages(q0.body)[0]
    assert "WAIT" not in plain.properties and plain.properties["CLUSTER"] == "DefaultCluster"
    assert all(m.properties["WAIT"] == "true" for m in decode_messages(q0.body)[1:])  # batch keeps WAIT

    # queue 1: the zlib-compressed 5000-byte body (sysFlag 769) and the one-way send, as golden 064
    q1 = _pull(client, "GoldenTopic", 1)
    assert q1.ext_fields["nextBeginOffset"] == "2"
    _compare_with_golden(q1.body, "064", [0, 1])
    big = decode_messages(q1.body)[0]
    assert big.sys_flag == 768 and len(big.body) == 5000  # decoded: 5.3.3 clears the COMPRESSED flag

    # the delayed message waits in SCHEDULE_TOPIC_XXXX queue 2 (level 3) with its real topic and queue
    schedule = client.request(pull_request("GoldenCG", TopicValidator.RMQ_SYS_SCHEDULE_TOPIC, 2, 0))
    assert schedule.code == ResponseCode.SUCCESS
    (msg,) = decode_messages(schedule.body)
    golden_delivered = [m for m in decode_messages(_golden_body("049")) if m.queue_offset == 4][0]
    assert msg.properties == golden_delivered.properties
    assert msg.body == golden_delivered.body == b"delayed-level-3"
    assert msg.topic == TopicValidator.RMQ_SYS_SCHEDULE_TOPIC and msg.queue_id == 2


def test_scenario6_rocketmq_frames_replayed(broker, client):
    r = _replay(client, ["285", "289", "291", "293", "294"])
    for request, response in (("285", "286"), ("289", "290"), ("291", "292")):
        assert r[request].serialize_type is SerializeType.ROCKETMQ
        _check_send_response(r[request], response, broker)
    # the golden broker's schedule queue held earlier runs' messages: only our own offset is known
    assert _check_send_response(r["294"], "295", broker, same_offset=False)["queueOffset"] == "0"
    q0 = _pull(client, "GoldenBinTopic", 0, subscription="*", serialize_type=SerializeType.ROCKETMQ)
    assert list(q0.ext_fields) == ["suggestWhichBrokerId", "nextBeginOffset", "minOffset", "maxOffset",
                                   "topicSysFlag", "groupSysFlag"]
    assert q0.ext_fields["nextBeginOffset"] == "4"
    _compare_with_golden(q0.body, "342", [0, 1, 2, 3])
    q1 = _pull(client, "GoldenBinTopic", 1, subscription="*", serialize_type=SerializeType.ROCKETMQ)
    _compare_with_golden(q1.body, "323", [0, 1])


def test_scenario4_half_messages_replayed(broker, client):
    r = _replay(client, ["162", "165", "168"])
    for request, response in (("162", "163"), ("165", "166"), ("168", "169")):
        _check_send_response(r[request], response, broker)
    store = broker.get_message_store()
    half = TopicValidator.RMQ_SYS_TRANS_HALF_TOPIC
    assert store.get_max_offset_in_queue(half, 0) == 3
    assert store.get_max_offset_in_queue("GoldenTxTopic", 0) == 0
    first = store.look_message_by_offset(store.get_commit_log_offset_in_queue(half, 0, 0))
    assert first.topic == half and first.queue_id == 0 and first.sys_flag == 0
    props = first.properties
    assert props["REAL_TOPIC"] == "GoldenTxTopic" and props["REAL_QID"] == "0"
    assert props["TRAN_MSG"] == "true" and props["PGROUP"] == "GoldenTxPG" and props["KEYS"] == "TX-UNKNOWN"
    assert props["WAIT"] == "true" and props["CLUSTER"] == "DefaultCluster"
    # the property order of a Java broker's half message (golden 175 also has the check's TRANSACTION_CHECK_TIMES)
    (golden_half,) = decode_messages(_golden_body("175"))
    assert [k for k in golden_half.properties if k != "TRANSACTION_CHECK_TIMES"] == list(props)


def test_ipv6_born_host(tmp_path):
    broker = ipv6_broker(tmp_path)
    with broker:
        create_topic(broker, "GoldenV6Topic", 1)
        client = RawClient("::1:%d" % broker.get_remoting_server().local_listen_port())
        try:
            client.send_bytes(golden_frame(golden_entry("352")))
            sent = client.wait_response(golden_entry("352")["opaque"])
            assert sent.code == ResponseCode.SUCCESS
            pulled = client.request(pull_request("GoldenV6CG", "GoldenV6Topic", 0, 0))
            (msg,) = decode_messages(pulled.body)
            (golden,) = decode_messages(_golden_body("356"))
            assert msg.sys_flag == golden.sys_flag == 16  # BORNHOST_V6
            assert msg.born_host[0] == "::1" and msg.store_host[0] == "127.0.0.1"
            assert msg.properties == golden.properties and msg.store_size == golden.store_size
        finally:
            client.close()


def test_scenario2_consumer_pull_frames_replayed(broker, client):
    """The push consumer's heartbeat and PULL_MESSAGE frames (subscription from the heartbeat, SUSPEND flag):
    the same answers as golden 049 / 048 / 064, SUBSCRIPTION_NOT_LATEST included."""
    _replay(client, ["005", "009", "011", "013", "014"])
    r = _replay(client, ["032", "045", "046"])
    assert r["032"].code == ResponseCode.SUCCESS
    found, not_latest = r["045"], r["046"]
    golden_not_latest = golden_entry("048")["header"]
    assert not_latest.code == ResponseCode.SUBSCRIPTION_NOT_LATEST == golden_entry("048")["response_code"]
    assert not_latest.remark == golden_not_latest["remark"]
    assert not_latest.ext_fields == golden_not_latest["extFields"] == {}
    assert found.code == ResponseCode.SUCCESS and found.remark == golden_entry("049")["header"]["remark"]
    _compare_with_golden(found.body, "049", [0, 1, 2])  # TagC filtered out by the heartbeat's "TagA || TagB"
    r = _replay(client, ["047", "063"])  # the heartbeat with the newer subVersion, then the pull again
    assert r["047"].code == ResponseCode.SUCCESS
    assert r["063"].code == ResponseCode.SUCCESS
    # golden 064's header (a 4.9.7 broker's) and 5.3.3's topic and group sys flags
    assert r["063"].ext_fields == dict(golden_entry("064")["header"]["extFields"], topicSysFlag="0",
                                       groupSysFlag="0")
    _compare_with_golden(r["063"].body, "064", [0, 1])
