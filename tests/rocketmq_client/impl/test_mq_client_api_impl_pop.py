"""MQClientAPIImpl's POP calls (5.3.3) against the embedded broker: POP_MESSAGE with the handles it gives each
message, ACK_MESSAGE, CHANGE_MESSAGE_INVISIBLETIME (the new handle), BATCH_ACK_MESSAGE, QUERY_ASSIGNMENT and
SET_MESSAGE_REQUEST_MODE; statuses and errors as Java's."""
from __future__ import annotations

import time
from typing import Any

import pytest

from client_support import RecordingCallback
from rocketmq_client.consumer.ack_status import AckStatus
from rocketmq_client.consumer.pop_status import PopStatus
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_common.constant.consume_init_mode import ConsumeInitMode
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.protocol.header.ack_message_request_header import AckMessageRequestHeader
from rocketmq_common.protocol.header.change_invisible_time_request_header import ChangeInvisibleTimeRequestHeader
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.header.pop_message_request_header import PopMessageRequestHeader
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.topic.topic_validator import TopicValidator

pytestmark = pytest.mark.timeout(60)

TOPIC = "ApiPopTopic"
GROUP = "ApiPopGroup"
TIMEOUT = 3000


@pytest.fixture
def api(embedded_cluster, client_config, client_instance):
    instance = client_instance(client_config)
    instance.get_mq_admin_impl().create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, TOPIC, 1)
    instance.update_topic_route_info_from_name_server(TOPIC)
    producer = instance.get_default_mq_producer()
    for i in range(3):
        producer.send(Message(TOPIC, b"p%d" % i))
    return instance.get_mq_client_api_impl()


def pop(api, addr: str, max_nums: int = 32, poll_time: int = 0) -> Any:
    header = PopMessageRequestHeader()
    header.set_consumer_group(GROUP)
    header.set_topic(TOPIC)
    header.set_queue_id(-1)
    header.set_max_msg_nums(max_nums)
    header.set_invisible_time(60000)
    header.set_poll_time(poll_time)
    header.set_born_time(int(time.time() * 1000))
    header.set_init_mode(ConsumeInitMode.MIN)
    header.set_exp_type("TAG")
    header.set_exp("*")
    header.set_bname("broker-a")
    callback = RecordingCallback()
    api.pop_message_async("broker-a", addr, header, TIMEOUT + poll_time, callback)
    return callback.wait(20)


def ack_header(msg) -> AckMessageRequestHeader:
    extra_info = msg.get_property(MessageConst.PROPERTY_POP_CK)
    strs = ExtraInfoUtil.split(extra_info)
    header = AckMessageRequestHeader()
    header.set_consumer_group(GROUP)
    header.set_topic(ExtraInfoUtil.get_real_topic(strs, msg.get_topic(), GROUP))
    header.set_queue_id(ExtraInfoUtil.get_queue_id(strs))
    header.set_offset(ExtraInfoUtil.get_queue_offset(strs))
    header.set_extra_info(extra_info)
    header.set_bname("broker-a")
    return header


def test_pop_ack_change_invisible_time_and_batch_ack(embedded_cluster, api) -> None:
    addr = embedded_cluster.broker_addr
    result = pop(api, addr, max_nums=3).result
    assert result.get_pop_status() is PopStatus.FOUND and result.get_pop_time() > 0
    assert result.get_invisible_time() == 60000 and result.get_rest_num() == 0
    msgs = result.get_msg_found_list()
    assert sorted(m.get_body() for m in msgs) == [b"p0", b"p1", b"p2"]
    for msg in msgs:
        strs = ExtraInfoUtil.split(msg.get_property(MessageConst.PROPERTY_POP_CK))
        assert ExtraInfoUtil.get_broker_name(strs) == "broker-a"
        assert ExtraInfoUtil.get_queue_offset(strs) == msg.get_queue_offset()
        assert ExtraInfoUtil.get_pop_time(strs) == result.get_pop_time()
        assert msg.get_property(MessageConst.PROPERTY_FIRST_POP_TIME) == str(result.get_pop_time())
        assert msg.get_broker_name() == "broker-a" and msg.get_topic() == TOPIC
    first, second, third = sorted(msgs, key=lambda m: m.get_queue_offset())

    ack = RecordingCallback()
    api.ack_message_async(addr, TIMEOUT, ack, ack_header(first))
    assert ack.wait(20).result.get_status() is AckStatus.OK

    change = ChangeInvisibleTimeRequestHeader()
    h = ack_header(second)
    for name in ("consumer_group", "topic", "queue_id", "offset", "extra_info", "bname"):
        getattr(change, "set_" + name)(getattr(h, "get_" + name)())
    change.set_invisible_time(10000)
    changed = RecordingCallback()
    api.change_invisible_time_async("broker-a", addr, change, TIMEOUT, changed)
    changed_result = changed.wait(20).result
    assert changed_result.get_status() is AckStatus.OK and changed_result.get_pop_time() >= result.get_pop_time()
    new_strs = ExtraInfoUtil.split(changed_result.get_extra_info())
    assert ExtraInfoUtil.get_invisible_time(new_strs) == 10000
    assert ExtraInfoUtil.get_queue_offset(new_strs) == second.get_queue_offset()

    batch = RecordingCallback()
    api.batch_ack_message_async(addr, TIMEOUT, batch, TOPIC, GROUP,
                                [third.get_property(MessageConst.PROPERTY_POP_CK), changed_result.get_extra_info()])
    assert batch.wait(20).result.get_status() is AckStatus.OK

    nothing = pop(api, addr, poll_time=1000).result  # every message acked: nothing visible
    assert nothing.get_pop_status() is PopStatus.POLLING_NOT_FOUND and nothing.get_msg_found_list() is None


def test_query_assignment_and_request_mode(embedded_cluster, api, client_instance, client_config) -> None:
    addr = embedded_cluster.broker_addr
    api.set_message_request_mode(addr, TOPIC, GROUP, MessageRequestMode.POP, 0, TIMEOUT)
    assignments = api.query_assignment(addr, TOPIC, GROUP, "cid-unknown", "AVG", MessageModel.CLUSTERING, TIMEOUT)
    assert all(a.get_mode() is MessageRequestMode.POP for a in assignments)
    with pytest.raises(MQClientException) as info:
        api.set_message_request_mode(addr, "%RETRY%" + GROUP, GROUP, MessageRequestMode.POP, 0, TIMEOUT)
    assert info.value.get_response_code() != 0


def test_pop_errors_are_broker_exceptions(embedded_cluster, api) -> None:
    header = PopMessageRequestHeader()
    header.set_consumer_group(GROUP)
    header.set_topic("NoSuchPopTopic")
    header.set_queue_id(-1)
    header.set_max_msg_nums(1)
    header.set_invisible_time(60000)
    header.set_poll_time(0)
    header.set_born_time(int(time.time() * 1000))
    header.set_init_mode(ConsumeInitMode.MAX)
    callback = RecordingCallback()
    api.pop_message_async("broker-a", embedded_cluster.broker_addr, header, TIMEOUT, callback)
    assert isinstance(callback.wait(20).error, MQBrokerException)
