"""SEND_MESSAGE / SEND_MESSAGE_V2 / SEND_BATCH_MESSAGE against a real broker: responses, stored fields, and
every bad-input case with Java's code and remark, leaving nothing written."""
from __future__ import annotations

import re
import time

import pytest
from broker_support import (RawClient, broker_addr, create_topic, decode_messages, pull_request, send_request,
                            start_broker)

from rocketmq_broker.processor.abstract_send_message_processor import AbstractSendMessageProcessor
from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeaderV2
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic_config import TopicConfig
from rocketmq_common.topic_filter_type import TopicFilterType
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, SerializeType

ILLEGAL_REMARK = ("the message is illegal, maybe msg body or properties length not matched. msg body length limit "
                  "4194304B, msg properties length limit 32KB.")
FAQ = "\nSee http://rocketmq.apache.org/docs/faq/ for further details."


def _pull_all(client, topic, queue_id, group="CG"):
    response = client.request(pull_request(group, topic, queue_id, 0))
    return decode_messages(response.body) if response.code == ResponseCode.SUCCESS else []


def test_send_v1_long_header_and_fields(broker, client):
    props = {"KEYS": "K1", "WAIT": "true", "TAGS": "TagA", "myProp": "v"}
    before = int(time.time() * 1000)
    r1 = client.request(send_request("TopicTest", b"one", props, queue_id=2, code=RequestCode.SEND_MESSAGE))
    r2 = client.request(send_request("TopicTest", b"two", props, queue_id=2, code=RequestCode.SEND_MESSAGE))
    assert r1.code == r2.code == ResponseCode.SUCCESS and r1.remark is None
    assert r1.ext_fields["queueId"] == "2" and r1.ext_fields["queueOffset"] == "0"
    assert r2.ext_fields["queueOffset"] == "1"
    assert r1.ext_fields["MSG_REGION"] == "DefaultRegion" and r1.ext_fields["TRACE_ON"] == "true"
    one, two = _pull_all(client, "TopicTest", 2)
    port = broker.get_remoting_server().local_listen_port()
    assert r1.ext_fields["msgId"] == MessageDecoder.create_message_id(("127.0.0.1", port), one.commit_log_offset)
    assert one.msg_id == r1.ext_fields["msgId"]
    assert one.body == b"one" and two.body == b"two"
    assert one.properties == {"KEYS": "K1", "TAGS": "TagA", "myProp": "v", "CLUSTER": "DefaultCluster"}
    assert one.born_host == ("127.0.0.1", client.local_port)
    assert one.store_host == ("127.0.0.1", port)
    assert before <= one.store_timestamp <= int(time.time() * 1000)
    assert one.body_crc == MessageDecoder.decode(MessageDecoder.encode(one, False), True).body_crc


def test_rocketmq_serialization_answered_in_kind(client):
    for code in (RequestCode.SEND_MESSAGE, RequestCode.SEND_MESSAGE_V2):
        response = client.request(send_request("TopicTest", b"x", serialize_type=SerializeType.ROCKETMQ, code=code))
        assert response.code == ResponseCode.SUCCESS
        assert response.serialize_type is SerializeType.ROCKETMQ
        assert list(response.ext_fields) == ["msgId", "queueId", "queueOffset", "TRACE_ON", "MSG_REGION"]
    bad = client.request(send_request("SCHEDULE_TOPIC_XXXX", b"x", serialize_type=SerializeType.ROCKETMQ))
    assert bad.code == ResponseCode.NO_PERMISSION and bad.serialize_type is SerializeType.ROCKETMQ


def test_negative_queue_id_picks_a_writable_queue(broker, client):
    create_topic(broker, "TwoQueues", 2)
    seen = set()
    for _ in range(40):
        response = client.request(send_request("TwoQueues", b"x", queue_id=-1))
        assert response.code == ResponseCode.SUCCESS
        seen.add(int(response.ext_fields["queueId"]))
    assert seen <= {0, 1} and seen


def test_oneway_is_stored_without_response(broker, client):
    oneway = send_request("TopicTest", b"fire", oneway=True)
    client.send(oneway)
    follow = client.request(send_request("TopicTest", b"after"))
    assert follow.ext_fields["queueOffset"] == "1"
    assert not client.has_response(oneway.opaque)
    assert [m.body for m in _pull_all(client, "TopicTest", 0)] == [b"fire", b"after"]


def test_batch_keeps_wait_and_appends_batch_properties(client):
    messages = [Message("TopicTest", tags, b"b%d" % i) for i, tags in enumerate(("TagA", "TagB", "TagC"))]
    body = MessageDecoder.encode_messages(messages)
    response = client.request(send_request("TopicTest", body, {"WAIT": "true"}, queue_id=1,
                                           code=RequestCode.SEND_BATCH_MESSAGE))
    assert response.code == ResponseCode.SUCCESS
    ids = response.ext_fields["msgId"].split(",")
    assert response.ext_fields["queueOffset"] == "0" and len(ids) == 3
    stored = _pull_all(client, "TopicTest", 1)
    assert [m.msg_id for m in stored] == ids
    assert [m.queue_offset for m in stored] == [0, 1, 2]
    assert [m.get_tags() for m in stored] == ["TagA", "TagB", "TagC"]
    for m in stored:
        assert m.properties["WAIT"] == "true" and m.properties["CLUSTER"] == "DefaultCluster"


@pytest.mark.parametrize("props, sys_flag", [({"WAIT": "true", "DELAY": "3"}, 0), ({"WAIT": "true"}, 4)])
def test_delayed_or_transactional_batch_is_illegal(broker, client, props, sys_flag):
    body = MessageDecoder.encode_messages([Message("TopicTest", "TagA", b"x")])
    response = client.request(send_request("TopicTest", body, props, sys_flag=sys_flag,
                                           code=RequestCode.SEND_BATCH_MESSAGE))
    assert response.code == ResponseCode.MESSAGE_ILLEGAL and response.remark == ILLEGAL_REMARK
    assert broker.get_message_store().get_max_phy_offset() == 0


def test_delay_level_goes_to_schedule_topic(broker, client):
    response = client.request(send_request("TopicTest", b"later", {"WAIT": "true", "DELAY": "3", "TAGS": "T"}))
    assert response.code == ResponseCode.SUCCESS and response.ext_fields["queueId"] == "0"
    store = broker.get_message_store()
    assert store.get_max_offset_in_queue("TopicTest", 0) == 0
    assert store.get_max_offset_in_queue("SCHEDULE_TOPIC_XXXX", 2) == 1
    (msg,) = _pull_all(client, "SCHEDULE_TOPIC_XXXX", 2)
    assert msg.properties["REAL_TOPIC"] == "TopicTest" and msg.properties["REAL_QID"] == "0"
    assert msg.properties["DELAY"] == "3"


def test_auto_created_topic_takes_min_of_client_and_template_queues(broker, client):
    response = client.request(send_request("NewTopic", b"x", default_topic_queue_nums=3))
    assert response.code == ResponseCode.SUCCESS
    config = broker.get_topic_config_manager().select_topic_config("NewTopic")
    assert (config.read_queue_nums, config.write_queue_nums, config.perm) == (3, 3, 6)


def test_multi_tag_topic_sets_the_sys_flag(broker, client):
    config = TopicConfig("MultiTag", 1, 1, 6)
    config.topic_filter_type = TopicFilterType.MULTI_TAG
    broker.get_topic_config_manager().update_topic_config(config)
    assert client.request(send_request("MultiTag", b"x")).code == ResponseCode.SUCCESS
    (msg,) = _pull_all(client, "MultiTag", 0)
    assert msg.sys_flag & 0x2


def test_retry_topic_past_max_reconsume_goes_to_dlq(broker, client):
    response = client.request(send_request("%RETRY%CG1", b"dead", {"WAIT": "true"}, queue_id=0,
                                           reconsume_times=3, max_reconsume_times=3))
    assert response.code == ResponseCode.SUCCESS and response.ext_fields["queueId"] == "0"
    dlq = broker.get_topic_config_manager().select_topic_config("%DLQ%CG1")
    assert dlq is not None and dlq.read_queue_nums == 1
    (msg,) = _pull_all(client, "%DLQ%CG1", 0)
    assert msg.body == b"dead" and msg.reconsume_times == 3
    below = client.request(send_request("%RETRY%CG1", b"retry", queue_id=0, reconsume_times=1,
                                        max_reconsume_times=3))
    assert below.code == ResponseCode.SUCCESS
    assert broker.get_message_store().get_max_offset_in_queue("%RETRY%CG1", 0) == 1


def test_retry_topic_of_unknown_group_without_auto_create(tmp_path):
    broker = start_broker(tmp_path, auto_create_subscription_group=False)
    client = RawClient(broker_addr(broker))
    try:
        response = client.request(send_request("%RETRY%NoGroup", b"x"))
        assert response.code == ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
        assert response.remark == "subscription group not exist, NoGroup " + FAQ
    finally:
        client.close()
        broker.shutdown()


# ---------------------------------------------------------------------------------------------- bad input


def _illegal_queue_remark(remark, queue_id, port):
    # the TopicConfig as 5.3.3 prints it, with its attributes
    return re.fullmatch(r"request queueId\[%d\] is illegal, TopicConfig \[topicName=TopicTest, readQueueNums=4, "
                        r"writeQueueNums=4, perm=RW-, topicFilterType=SINGLE_TAG, topicSysFlag=0, order=false, "
                        r"attributes=\{\}\] Producer: 127\.0\.0\.1:%d" % (queue_id, port), remark)


@pytest.mark.parametrize("topic, body, props, queue_id, code, remark", [
    ("T" * 128, b"x", None, 0, ResponseCode.SYSTEM_ERROR, "The specified topic is longer than topic max length."),
    ("bad topic!", b"x", None, 0, ResponseCode.SYSTEM_ERROR,
     "The specified topic contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$"),
    ("", b"x", None, 0, ResponseCode.SYSTEM_ERROR, "The specified topic is blank."),
    ("SCHEDULE_TOPIC_XXXX", b"x", None, 0, ResponseCode.NO_PERMISSION,
     "Sending message to topic[SCHEDULE_TOPIC_XXXX] is forbidden."),
    ("RMQ_SYS_TRANS_HALF_TOPIC", b"x", None, 0, ResponseCode.NO_PERMISSION,
     "Sending message to topic[RMQ_SYS_TRANS_HALF_TOPIC] is forbidden."),
    ("TopicTest", b"x" * (4 * 1024 * 1024 + 1), None, 0, ResponseCode.MESSAGE_ILLEGAL, ILLEGAL_REMARK),
    ("TopicTest", b"x", {"big": "v" * 32768}, 0, ResponseCode.MESSAGE_ILLEGAL, ILLEGAL_REMARK),
    ("TopicTest", b"x", None, 4, ResponseCode.SYSTEM_ERROR, None),
])
def test_bad_input_is_refused_and_nothing_written(broker, client, topic, body, props, queue_id, code, remark):
    store = broker.get_message_store()
    response = client.request(send_request(topic, body, props, queue_id=queue_id))
    assert response.code == code
    if remark is None:
        assert _illegal_queue_remark(response.remark, queue_id, client.local_port)
    else:
        assert response.remark == remark
    assert response.ext_fields["MSG_REGION"] == "DefaultRegion"
    assert set(response.ext_fields) == {"MSG_REGION", "TRACE_ON"}
    assert store.get_max_phy_offset() == 0
    assert store.get_max_offset_in_queue("TopicTest", 0) == 0


def test_unknown_topic_without_auto_create(tmp_path):
    broker = start_broker(tmp_path, auto_create_topic_enable=False)
    client = RawClient(broker_addr(broker))
    try:
        response = client.request(send_request("Unknown", b"x"))
        assert response.code == ResponseCode.TOPIC_NOT_EXIST
        assert response.remark == "topic[Unknown] not exist, apply first please!" + FAQ
        assert broker.get_topic_config_manager().select_topic_config("Unknown") is None
        assert broker.get_message_store().get_max_phy_offset() == 0
    finally:
        client.close()
        broker.shutdown()


def test_read_only_broker_refuses_order_topics(tmp_path):
    broker = start_broker(tmp_path, broker_permission=4)
    config = TopicConfig("Ordered", 1, 1, 6)
    config.order = True
    broker.get_topic_config_manager().update_topic_config(config)
    client = RawClient(broker_addr(broker))
    try:
        response = client.request(send_request("Ordered", b"x"))
        assert response.code == ResponseCode.NO_PERMISSION
        assert response.remark == "the broker[127.0.0.1] sending message is forbidden"
    finally:
        client.close()
        broker.shutdown()


def test_transaction_message_rejected_when_configured(tmp_path):
    broker = start_broker(tmp_path, reject_transaction_message=True)
    create_topic(broker, "TxTopic", 1)
    client = RawClient(broker_addr(broker))
    try:
        response = client.request(send_request("TxTopic", b"x", {"TRAN_MSG": "true", "PGROUP": "PG"}, sys_flag=4))
        assert response.code == ResponseCode.NO_PERMISSION
        assert response.remark == "the broker[127.0.0.1] sending transaction message is forbidden"
        assert broker.get_message_store().get_max_phy_offset() == 0
    finally:
        client.close()
        broker.shutdown()


def test_broker_not_accepting_yet(tmp_path):
    until = int(time.time() * 1000) + 3600 * 1000
    broker = start_broker(tmp_path, start_accept_send_request_time_stamp=until)
    client = RawClient(broker_addr(broker))
    try:
        response = client.request(send_request("TopicTest", b"x"))
        assert response.code == ResponseCode.SYSTEM_ERROR
        assert response.remark.startswith("broker unable to service, until ")
    finally:
        client.close()
        broker.shutdown()


def test_missing_required_header_field(broker, client):
    request = send_request("TopicTest", b"x")
    request.make_custom_header_to_net()
    del request.ext_fields["b"]
    request.custom_header = None
    response = client.request(request)
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert "the custom field <b> is null" in response.remark
    assert broker.get_message_store().get_max_phy_offset() == 0


def test_store_shut_down_answers_service_not_available(broker, client):
    broker.get_message_store().shutdown_flag = True
    response = client.request(send_request("TopicTest", b"x"))
    assert response.code == ResponseCode.SERVICE_NOT_AVAILABLE
    assert response.remark.startswith("service not available now. It may be caused by one of the following "
                                      "reasons: the broker's disk is full [CL: ")
    broker.get_message_store().shutdown_flag = False


@pytest.mark.parametrize("changes", [
    {}, {"i": None, "j": None, "k": None, "l": None, "m": None, "n": None}, {"e": "-1"}, {"e": "+2"}, {"e": " 1"},
    {"d": "x"}, {"j": "1.5"}, {"l": "-x"}, {"g": "\u0661\u0662"}, {"k": "TRUE", "m": "yes"}, {"b": None},
    {"b": None, "c": None}, {"h": None}, {"e": ""}, {"j": ""}, {"g": ""}, {"g": "x", "h": "y"}, {"g": "+7", "f": "x"},
    {"g": "-7"}, {"g": "x", "l": "y"}, {"d": "", "g": "x"}, {"h": "-1", "l": "+0"},
])
def test_fast_v2_header_decoding_equals_the_generic_one(changes):
    ext = {"a": "PG", "b": "T", "c": "TBW102", "d": "4", "e": "1", "f": "0", "g": "123", "h": "0", "i": "x\x01y",
           "j": "0", "k": "false", "l": "3", "m": "true", "n": "broker-a"}
    for key, value in changes.items():
        if value is None:
            del ext[key]
        else:
            ext[key] = value
    request = RemotingCommand(code=RequestCode.SEND_MESSAGE_V2, ext_fields=ext)

    def outcome(decode):
        try:
            return decode()
        except RemotingCommandException as e:
            return str(e)

    fast = outcome(lambda: AbstractSendMessageProcessor.parse_request_header(request))
    generic = outcome(lambda: SendMessageRequestHeaderV2.create_send_message_request_header_v1(
        SendMessageRequestHeaderV2.decode_ext_fields(ext)))
    assert fast == generic


def test_the_same_v2_integers_decode_the_same_every_time():
    ext = {"a": "PG", "b": "T", "c": "TBW102", "d": "4", "e": "1", "f": "0", "g": "123", "h": "0", "j": "0"}
    first = AbstractSendMessageProcessor.parse_request_header(RemotingCommand(code=RequestCode.SEND_MESSAGE_V2,
                                                                              ext_fields=ext))
    again = AbstractSendMessageProcessor.parse_request_header(RemotingCommand(code=RequestCode.SEND_MESSAGE_V2,
                                                                              ext_fields=dict(ext, g="456")))
    assert (first.queue_id, first.born_timestamp, first.reconsume_times, first.max_reconsume_times) == (1, 123, 0, None)
    assert (again.queue_id, again.born_timestamp, again.reconsume_times) == (1, 456, 0)
    with pytest.raises(RemotingCommandException, match="<g>"):
        AbstractSendMessageProcessor.parse_request_header(RemotingCommand(code=RequestCode.SEND_MESSAGE_V2,
                                                                          ext_fields=dict(ext, g="4 5")))


def _stored_properties(broker, response):
    offset = MessageDecoder.decode_message_id(response.ext_fields["msgId"]).offset
    return list(MessageDecoder.decode_properties(broker.get_message_store().select_one_message_by_offset(offset))
                .items())


@pytest.mark.parametrize("props", [
    {"UNIQ_KEY": "U1", "WAIT": "true", "TAGS": "TagA"},
    {"WAIT": "false"},
    {},
    {"KEYS": "k1 k2", "a%sb": "%d%%", **{"p%d" % i: "v%d" % i for i in range(14)}, "WAIT": "true"},
])
def test_stored_properties_string_is_java_hash_map_order_without_wait(broker, client, props):
    """The stored string is messageProperties2String of Java's HashMap (the request's properties, then CLUSTER;
    its capacity grown by all of them) without WAIT; the second send of the same names takes the cached plan."""
    entries = dict(props, CLUSTER="DefaultCluster")
    expected = list(java_hash_map_order({k: v for k, v in entries.items() if k != "WAIT"}, len(entries)).items())
    for body in (b"first", b"second"):
        response = client.request(send_request("TopicTest", body, props))
        assert response.code == ResponseCode.SUCCESS
        assert _stored_properties(broker, response) == expected


def test_null_cluster_name_is_left_out_of_the_stored_properties(broker, client):
    broker.get_broker_config().broker_cluster_name = None
    response = client.request(send_request("TopicTest", b"x", {"TAGS": "TagA", "WAIT": "true"}))
    assert response.code == ResponseCode.SUCCESS
    assert _stored_properties(broker, response) == [("TAGS", "TagA")]


@pytest.mark.parametrize("compress_type", ["LZ4", "ZSTD"])
def test_lz4_and_zstd_bodies_are_stored_unchanged_and_bad_ones_refused(broker, client, compress_type):
    """A 5.x producer's LZ4 / ZSTD body is stored and served byte for byte (the consumer decompresses it); a
    corrupt or truncated one is refused (MESSAGE_ILLEGAL), and one that would decompress past the limit is found
    so reading a step at a time, never holding what it claims."""
    from rocketmq_broker.processor import abstract_send_message_processor as processor
    from rocketmq_common.compression.compression_type import CompressionType
    from rocketmq_common.compression.compressor_factory import CompressorFactory

    type_ = CompressionType.of(compress_type)
    compressor = CompressorFactory.get_compressor(type_)
    sys_flag = 1 | type_.get_compression_flag()
    body = compressor.compress(b"stored as sent " * 400, 5)
    assert client.request(send_request("TopicTest", body, sys_flag=sys_flag)).code == ResponseCode.SUCCESS
    served = client.request(pull_request("CG", "TopicTest", 0, 0)).body
    stored = MessageDecoder.decode(served, True, False)
    assert stored.get_body() == body and stored.get_sys_flag() == sys_flag
    assert [m.get_body() for m in MessageDecoder.decodes(served)] == [b"stored as sent " * 400]
    for bad in (b"garbage", body[:-4]):
        response = client.request(send_request("TopicTest", bad, sys_flag=sys_flag))
        assert response.code == ResponseCode.MESSAGE_ILLEGAL
        assert ("flagged %s-compressed does not decompress" % compress_type) in response.remark
    bomb = compressor.compress(bytes(3 * processor._INFLATE_STEP), 5) * 2  # two frames of 3 MiB of zeros
    limit = 5 * processor._INFLATE_STEP
    assert processor._compressed_body_problem(sys_flag, bomb, limit) == (
        "the message body decompresses to more than %d bytes" % limit)
    assert processor._compressed_body_problem(sys_flag, bomb, 6 * processor._INFLATE_STEP) is None
