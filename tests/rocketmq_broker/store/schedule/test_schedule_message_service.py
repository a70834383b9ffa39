"""Retry, dead-letter queue and delay levels end to end through raw frames: a consumed message sent back
(CONSUMER_SEND_MSG_BACK) arrives in %RETRY%group after its level's delay with reconsumeTimes + 1, the 17th failure
goes to %DLQ%group, and delayed messages survive a broker restart and arrive once (short messageDelayLevel)."""
from __future__ import annotations

import json

import pytest
from broker_support import (RawClient, broker_addr, create_topic, decode_messages, fill_commit_log_to, golden_body,
                            golden_entry, golden_frame, pull_all, pull_request, raw_properties, send_request,
                            start_broker, wait_for)

from rocketmq_broker.store.config.store_path_config_helper import StorePathConfigHelper
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.protocol.header.consumer_send_msg_back_request_header import ConsumerSendMsgBackRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

GROUP = "GoldenCG"
RETRY = "%RETRY%" + GROUP
DLQ = "%DLQ%" + GROUP
SCHEDULE = TopicValidator.RMQ_SYS_SCHEDULE_TOPIC


def _levels(*first):
    """A messageDelayLevel string of 18 levels: ``first`` then ``0s`` (due at once)."""
    return " ".join(list(first) + ["0s"] * (18 - len(first)))


def _send_back(client, offset, delay_level=0, max_reconsume_times=16):
    header = ConsumerSendMsgBackRequestHeader(offset=offset, group=GROUP, delay_level=delay_level,
                                              origin_msg_id=None, origin_topic="GoldenTopic", unit_mode=False,
                                              max_reconsume_times=max_reconsume_times)
    response = client.request(RemotingCommand.create_request_command(RequestCode.CONSUMER_SEND_MSG_BACK, header))
    assert (response.code, response.remark) == (ResponseCode.SUCCESS, None)


def _at_least(messages, count):
    return messages if len(messages) >= count else None


def _store_golden_005(broker, client):
    """Golden 005 (keys K1 K2, property myProp) stored at 832 as in the capture, pulled back."""
    fill_commit_log_to(broker, 832)
    entry = golden_entry("005")
    client.send_bytes(golden_frame(entry))
    assert client.wait_response(entry["opaque"]).code == ResponseCode.SUCCESS
    (msg,) = decode_messages(client.request(pull_request(GROUP, "GoldenTopic", 0, 0)).body)
    return msg


def test_retried_message_carries_reconsume_times_and_arrives_after_its_delay(tmp_path):
    broker = start_broker(tmp_path, store={"message_delay_level": _levels("1s", "1s", "2s")})
    create_topic(broker, "GoldenTopic", 2)
    client = RawClient(broker_addr(broker))
    try:
        original = _store_golden_005(broker, client)
        _send_back(client, original.commit_log_offset)  # delay level 0: 3 + reconsumeTimes, "2s" here
        (scheduled,) = pull_all(client, SCHEDULE, 2)
        retry = wait_for(lambda: pull_all(client, RETRY, 0), what="the retried message")
        (msg,) = retry
        assert msg.store_timestamp - scheduled.store_timestamp >= 2000  # not before the level's delay
        assert msg.reconsume_times == 1 and msg.topic == RETRY and msg.body == b"hello"
        assert msg.born_timestamp == original.born_timestamp and msg.born_host == original.born_host
        # the properties a Java broker stores, in its order (golden 086, the captured redelivery)
        record = client.request(pull_request(GROUP, RETRY, 0, 0)).body
        golden = raw_properties(golden_body("086"))
        assert raw_properties(record) == golden.replace("7F00000100002A9F0000000000000340", original.msg_id)
    finally:
        client.close()
        broker.shutdown()


def test_seventeenth_failure_lands_in_the_dlq(tmp_path):
    broker = start_broker(tmp_path, store={"message_delay_level": _levels("1s", "1s")})
    create_topic(broker, "GoldenTopic", 2)
    client = RawClient(broker_addr(broker))
    try:
        msg = _store_golden_005(broker, client)
        for failure in range(1, 17):
            _send_back(client, msg.commit_log_offset)
            retried = wait_for(lambda: pull_all(client, RETRY, 0)[failure - 1:], what="retry %d" % failure)
            (msg,) = retried
            assert msg.reconsume_times == failure and msg.properties["DELAY"] == str(2 + failure)
            assert msg.properties["RETRY_TOPIC"] == "GoldenTopic" and msg.topic == RETRY
        assert pull_all(client, DLQ, 0) == []
        _send_back(client, msg.commit_log_offset)  # the 17th failure
        (dead,) = pull_all(client, DLQ, 0)
        assert dead.topic == DLQ and dead.reconsume_times == 17 and dead.body == b"hello"
        assert dead.properties["DELAY"] == "0" and dead.properties["RETRY_TOPIC"] == "GoldenTopic"
        assert len(pull_all(client, RETRY, 0)) == 16
        dlq_config = broker.get_topic_config_manager().select_topic_config(DLQ)
        assert (dlq_config.read_queue_nums, dlq_config.write_queue_nums, dlq_config.perm) == (1, 1, 6)
    finally:
        client.close()
        broker.shutdown()


@pytest.mark.embedded_cluster(message_store_config={"message_delay_level": "1s 4s 1m"})
def test_delayed_messages_survive_a_restart_and_arrive_once(embedded_cluster):
    broker = embedded_cluster.broker_controller
    create_topic(broker, "DelayTopic", 1)
    client = RawClient(embedded_cluster.broker_addr)
    keys = {}
    try:
        for name, level in (("A", 1), ("B", 2)):
            keys[name] = MessageClientIDSetter.create_uniq_id()
            props = {"DELAY": str(level), "UNIQ_KEY": keys[name], "WAIT": "true", "KEYS": name}
            assert client.request(send_request("DelayTopic", name.encode(), props)).code == ResponseCode.SUCCESS
        (first,) = wait_for(lambda: pull_all(client, "DelayTopic"), what="A (1 s)")
        assert first.properties["UNIQ_KEY"] == keys["A"]
        (scheduled_b,) = pull_all(client, SCHEDULE, 1)
    finally:
        client.close()

    broker = embedded_cluster.restart_broker()  # B (4 s) is still due
    client = RawClient(embedded_cluster.broker_addr)
    try:
        messages = wait_for(lambda: _at_least(pull_all(client, "DelayTopic"), 2), what="B after the restart")
        assert [m.properties["UNIQ_KEY"] for m in messages] == [keys["A"], keys["B"]]
        assert messages[1].store_timestamp - scheduled_b.store_timestamp >= 4000
    finally:
        client.close()

    broker = embedded_cluster.restart_broker()
    client = RawClient(embedded_cluster.broker_addr)
    try:
        # the persisted progress says both levels are delivered, so nothing can come again
        path = StorePathConfigHelper.get_delay_offset_store_path(
            broker.get_message_store_config().store_path_root_dir)
        with open(path, encoding="utf-8") as f:
            assert json.load(f)["offsetTable"] == {"1": 1, "2": 1}
        offsets = broker.get_message_store().schedule_message_service.offset_table
        assert offsets == {1: 1, 2: 1}
        store = broker.get_message_store()
        assert [store.get_max_offset_in_queue(SCHEDULE, q) for q in (0, 1)] == [1, 1]
        assert len(pull_all(client, "DelayTopic")) == 2
    finally:
        client.close()


def test_delayed_send_is_delivered_as_a_java_broker_delivers_it(tmp_path):
    """Golden 014 (delay level 3) delivered to GoldenTopic with the record of golden 049 (queue offset 4)."""
    broker = start_broker(tmp_path, store={"message_delay_level": _levels("1s", "1s", "1s")})
    create_topic(broker, "GoldenTopic", 2)
    client = RawClient(broker_addr(broker))
    try:
        entry = golden_entry("014")
        client.send_bytes(golden_frame(entry))
        assert client.wait_response(entry["opaque"]).code == ResponseCode.SUCCESS
        (scheduled,) = pull_all(client, SCHEDULE, 2)
        assert scheduled.properties["REAL_TOPIC"] == "GoldenTopic"
        (msg,) = wait_for(lambda: pull_all(client, "GoldenTopic", 0), what="the delayed message")
        assert msg.store_timestamp - scheduled.store_timestamp >= 1000
        record = client.request(pull_request(GROUP, "GoldenTopic", 0, 0)).body
        golden = [m for m in golden_entry("049")["body"]["messages"] if m["queueOffset"] == 4][0]
        assert raw_properties(record) == golden["properties_raw"]  # WAIT=true and DELAY=3 kept, HashMap order
    finally:
        client.close()
        broker.shutdown()
