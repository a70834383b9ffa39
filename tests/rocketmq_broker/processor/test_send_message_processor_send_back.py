"""CONSUMER_SEND_MSG_BACK: a consumed message goes back through the retry topic (delayed in
SCHEDULE_TOPIC_XXXX) or to the dead-letter queue, with Java's properties."""
from __future__ import annotations

import pytest
from broker_support import (RawClient, broker_addr, create_topic, decode_messages, golden_entry, golden_frame,
                            pull_request, start_broker)

from rocketmq_common.protocol.header.consumer_send_msg_back_request_header import ConsumerSendMsgBackRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

FAQ = "\nSee http://rocketmq.apache.org/docs/faq/ for further details."


@pytest.fixture
def broker(tmp_path):
    b = start_broker(tmp_path)
    create_topic(b, "GoldenTopic", 2)
    yield b
    b.shutdown()


def _stored(client):
    """Send golden 005 (tags, keys, user property) and return it as pulled back."""
    entry = golden_entry("005")
    client.send_bytes(golden_frame(entry))
    assert client.wait_response(entry["opaque"]).code == ResponseCode.SUCCESS
    (msg,) = decode_messages(client.request(pull_request("GoldenCG", "GoldenTopic", 0, 0)).body)
    return msg


def _send_back(client, offset, delay_level=0, group="GoldenCG", max_reconsume_times=16):
    header = ConsumerSendMsgBackRequestHeader(offset=offset, group=group, delay_level=delay_level,
                                              origin_msg_id="C0000202783A5FFD2B279214753D0000",
                                              origin_topic="GoldenTopic", unit_mode=False,
                                              max_reconsume_times=max_reconsume_times)
    return client.request(RemotingCommand.create_request_command(RequestCode.CONSUMER_SEND_MSG_BACK, header))


def _schedule_messages(client, queue_id):
    response = client.request(pull_request("X", "SCHEDULE_TOPIC_XXXX", queue_id, 0))
    return decode_messages(response.body) if response.code == ResponseCode.SUCCESS else []


def test_send_back_goes_to_retry_topic_through_schedule(broker, client):
    original = _stored(client)
    response = _send_back(client, original.commit_log_offset)
    assert response.code == ResponseCode.SUCCESS and response.remark is None and response.ext_fields is None
    retry = broker.get_topic_config_manager().select_topic_config("%RETRY%GoldenCG")
    assert retry is not None and retry.read_queue_nums == 1
    (msg,) = _schedule_messages(client, 2)  # delay level 3 + reconsumeTimes 0
    golden = [m for m in decode_messages(_golden_body("086"))][0]
    assert set(msg.properties) == set(golden.properties)
    for key in ("REAL_TOPIC", "RETRY_TOPIC", "WAIT", "DELAY", "REAL_QID", "KEYS", "TAGS", "myProp", "UNIQ_KEY"):
        assert msg.properties[key] == golden.properties[key], key
    assert msg.properties["ORIGIN_MESSAGE_ID"] == original.msg_id
    assert msg.reconsume_times == 1 and msg.body == original.body
    assert msg.born_host == original.born_host and msg.born_timestamp == original.born_timestamp


def test_explicit_delay_level_and_repeated_send_back(client):
    original = _stored(client)
    assert _send_back(client, original.commit_log_offset, delay_level=5).code == ResponseCode.SUCCESS
    (first,) = _schedule_messages(client, 4)
    assert first.properties["DELAY"] == "5"
    # sending the retried copy back keeps the first ORIGIN_MESSAGE_ID and RETRY_TOPIC, one more reconsume
    assert _send_back(client, first.commit_log_offset).code == ResponseCode.SUCCESS
    (second,) = _schedule_messages(client, 3)  # 3 + reconsumeTimes 1
    assert second.reconsume_times == 2
    assert second.properties["ORIGIN_MESSAGE_ID"] == original.msg_id
    assert second.properties["RETRY_TOPIC"] == "GoldenTopic"


@pytest.mark.parametrize("delay_level, max_reconsume_times", [(-1, 16), (0, 0)])
def test_dead_letter_queue(broker, client, delay_level, max_reconsume_times):
    original = _stored(client)
    response = _send_back(client, original.commit_log_offset, delay_level=delay_level,
                          max_reconsume_times=max_reconsume_times)
    assert response.code == ResponseCode.SUCCESS
    dlq = broker.get_topic_config_manager().select_topic_config("%DLQ%GoldenCG")
    assert (dlq.read_queue_nums, dlq.write_queue_nums, dlq.perm) == (1, 1, 6)
    (msg,) = decode_messages(client.request(pull_request("GoldenCG", "%DLQ%GoldenCG", 0, 0)).body)
    assert msg.properties["DELAY"] == "0" and msg.properties["RETRY_TOPIC"] == "GoldenTopic"
    assert msg.reconsume_times == 1 and msg.body == original.body
    assert _schedule_messages(client, 2) == []


def test_bad_offset_and_unknown_group(tmp_path):
    broker = start_broker(tmp_path, auto_create_subscription_group=False)
    client = RawClient(broker_addr(broker))
    try:
        response = _send_back(client, 0, group="NoGroup")
        assert response.code == ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
        assert response.remark == "subscription group not exist, NoGroup " + FAQ
        broker.get_broker_config().auto_create_subscription_group = True
        response = _send_back(client, 123456)
        assert response.code == ResponseCode.SYSTEM_ERROR
        assert response.remark == "look message by offset failed, 123456"
    finally:
        client.close()
        broker.shutdown()


def _golden_body(prefix):
    return RemotingCommand.decode(golden_frame(golden_entry(prefix))[4:]).body
