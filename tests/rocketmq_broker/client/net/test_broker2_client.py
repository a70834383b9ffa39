"""The broker's admin relays to a consumer connection: GET_CONSUMER_RUNNING_INFO and CONSUME_MESSAGE_DIRECTLY
(golden scenario 5 frames 260..269 replayed: the admin side from the capture, a fake consumer registered with the
captured heartbeat answering with the captured bodies) and INVOKE_BROKER_TO_RESET_OFFSET."""
from __future__ import annotations

import queue

import pytest
from broker_support import (AnsweringProcessor, RawClient, broker_addr, create_topic, fill_commit_log_to, golden_body,
                            golden_entry, golden_frame, same_apart_from_hosts_and_times, send_request, start_broker)

from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.reset_offset_body import ResetOffsetBody
from rocketmq_common.protocol.header.reset_offset_request_header import ResetOffsetRequestHeader
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

GROUP = "GoldenAdminCG"
NOT_SET = "not set any response code"


@pytest.fixture
def broker(tmp_path):
    b = start_broker(tmp_path)
    create_topic(b, "GoldenTopic", 2)
    yield b
    b.shutdown()


@pytest.fixture
def admin(broker):
    c = RawClient(broker_addr(broker))
    yield c
    c.close()


@pytest.fixture
def consumer(broker):
    """The captured push consumer 192.0.2.2@s5cons of GoldenAdminCG (its heartbeat, golden 191)."""
    client = NettyRemotingClient()
    processors = {
        RequestCode.GET_CONSUMER_RUNNING_INFO: AnsweringProcessor(golden_body("262")),
        RequestCode.CONSUME_MESSAGE_DIRECTLY: AnsweringProcessor(golden_body("268")),
        RequestCode.RESET_CONSUMER_CLIENT_OFFSET: AnsweringProcessor(None),
        RequestCode.NOTIFY_CONSUMER_IDS_CHANGED: AnsweringProcessor(None),
    }
    for code, processor in processors.items():
        client.register_processor(code, processor)
    client.start()
    heartbeat = RemotingCommand.decode(golden_frame(golden_entry("191"))[4:])
    heartbeat.opaque = RemotingCommand.create_request_command(RequestCode.HEART_BEAT).opaque
    assert client.invoke_sync(broker_addr(broker), heartbeat, 5000).code == ResponseCode.SUCCESS
    yield processors
    client.shutdown()


def _replay(admin, prefix):
    entry = golden_entry(prefix)
    admin.send_bytes(golden_frame(entry))
    return admin.wait_response(entry["opaque"])


def _assert_like_golden(response, golden_prefix):
    golden = golden_entry(golden_prefix)
    assert (response.code, response.remark, response.flag) == (
        golden["response_code"], golden["header"]["remark"], golden["flag"])
    assert response.body == golden_body(golden_prefix)


def test_consumer_running_info_is_relayed(broker, admin, consumer):
    response = _replay(admin, "260")
    relayed = consumer[RequestCode.GET_CONSUMER_RUNNING_INFO].requests.get(timeout=5)
    golden = golden_entry("261")
    assert relayed.code == golden["request_code"] and relayed.body is None
    assert list(relayed.ext_fields.items()) == list(golden["header"]["extFields"].items())  # HashMap order
    _assert_like_golden(response, "263")


def test_consume_message_directly_is_relayed_with_the_stored_message(broker, admin, consumer):
    fill_commit_log_to(broker, 832)  # golden 005 at its captured offset, which the msgId of 266 names
    entry = golden_entry("005")
    admin.send_bytes(golden_frame(entry))
    assert admin.wait_response(entry["opaque"]).code == ResponseCode.SUCCESS
    response = _replay(admin, "266")
    relayed = consumer[RequestCode.CONSUME_MESSAGE_DIRECTLY].requests.get(timeout=5)
    golden = golden_entry("267")
    # golden 267's fields (a 4.9.7 broker's) and 5.3.3's groupSysFlag, in the order of Java's HashMap of them
    expected = java_hash_map_order(dict(golden["header"]["extFields"], groupSysFlag="0"))
    assert list(relayed.ext_fields.items()) == list(expected.items())
    assert same_apart_from_hosts_and_times(relayed.body, golden_body("267"))
    _assert_like_golden(response, "269")


def test_relay_to_a_consumer_that_is_not_online(broker, admin):
    response = _replay(admin, "260")
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR,
                                                "The Consumer <GoldenAdminCG> <192.0.2.2@s5cons> not online")


def test_reset_offset_is_relayed_to_every_consumer_of_the_group(broker, admin, consumer):
    broker.get_broker_config().use_server_side_reset_offset = False  # 5.3.3's default resets on the broker
    for n in range(3):
        assert admin.request(send_request("GoldenTopic", b"m%d" % n, queue_id=0)).code == ResponseCode.SUCCESS
    for queue_id, offset in ((0, 3), (1, 0)):
        header = UpdateConsumerOffsetRequestHeader(consumer_group=GROUP, topic="GoldenTopic", queue_id=queue_id,
                                                   commit_offset=offset)
        response = admin.request(RemotingCommand.create_request_command(RequestCode.UPDATE_CONSUMER_OFFSET, header))
        assert response.code == ResponseCode.SUCCESS
    header = ResetOffsetRequestHeader(topic="GoldenTopic", group=GROUP, timestamp=0, force=True)
    response = admin.request(RemotingCommand.create_request_command(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
                                                                    header))
    assert (response.code, response.remark) == (ResponseCode.SUCCESS, None)
    expected = {MessageQueue("GoldenTopic", "broker-a", 0): 0, MessageQueue("GoldenTopic", "broker-a", 1): 0}
    assert ResetOffsetBody.decode(response.body).offset_table == expected
    relayed = consumer[RequestCode.RESET_CONSUMER_CLIENT_OFFSET].requests.get(timeout=5)
    assert relayed.is_oneway_rpc()
    assert (relayed.ext_fields["topic"], relayed.ext_fields["group"], relayed.ext_fields["timestamp"]) == (
        "GoldenTopic", GROUP, "0")
    assert ResetOffsetBody.decode(relayed.body).offset_table == expected
    with pytest.raises(queue.Empty):
        consumer[RequestCode.RESET_CONSUMER_CLIENT_OFFSET].requests.get_nowait()
    # an unknown group has no offsets to reset
    header.group = "NoSuchGroup"
    response = admin.request(RemotingCommand.create_request_command(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
                                                                    header))
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR,
                                                "THe consumer group <NoSuchGroup> not exist")
