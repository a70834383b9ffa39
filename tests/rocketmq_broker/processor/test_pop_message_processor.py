"""POP consumption on a real broker through raw requests (Java 5.3.3's PopMessageProcessor, AckMessageProcessor,
ChangeInvisibleTimeProcessor, PopReviveService, QueryAssignmentProcessor): popped messages are invisible to the
group, acked ones never return, un-acked ones come back through the retry topic after their invisible time, also
across a broker restart."""
from __future__ import annotations

import time

import pytest
from broker_support import RawClient, broker_addr, create_topic, decode_messages, send_request, start_broker
from waiting import wait_for

from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.protocol.header.ack_message_request_header import AckMessageRequestHeader
from rocketmq_common.protocol.header.change_invisible_time_request_header import ChangeInvisibleTimeRequestHeader
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.header.pop_message_request_header import PopMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

pytestmark = pytest.mark.timeout(120)

TOPIC = "PopTopic"
GROUP = "PopGroup"


@pytest.fixture
def broker(tmp_path):
    b = start_broker(tmp_path, revive_queue_num=2, revive_interval=200)
    create_topic(b, TOPIC, 2)
    yield b
    b.shutdown()


def pop_request(queue_id=-1, max_nums=32, invisible_time=60000, poll_time=0, group=GROUP, topic=TOPIC,
                init_mode=0, exp=None, exp_type=None):
    header = PopMessageRequestHeader(consumer_group=group, topic=topic, queue_id=queue_id, max_msg_nums=max_nums,
                                     invisible_time=invisible_time, poll_time=poll_time,
                                     born_time=int(time.time() * 1000), init_mode=init_mode, exp=exp,
                                     exp_type=exp_type)
    return RemotingCommand.create_request_command(RequestCode.POP_MESSAGE, header)


def handles(response):
    """(message, receipt handle) of each popped message, the handle built as the Java client builds it."""
    header = response.ext_fields
    start = ExtraInfoUtil.parse_start_offset_info(header.get("startOffsetInfo")) or {}
    out = []
    for msg in decode_messages(response.body):
        handle = msg.get_property(MessageConst.PROPERTY_POP_CK)
        if handle is None:
            key = ExtraInfoUtil.get_start_offset_info_map_key(msg.topic, msg.queue_id)
            handle = ExtraInfoUtil.build_extra_info(start[key], int(header["popTime"]), int(header["invisibleTime"]),
                                                    int(header["reviveQid"]), msg.topic, "broker-a", msg.queue_id,
                                                    msg.queue_offset)
        out.append((msg, handle))
    return out


def ack_request(msg, handle, group=GROUP):
    fields = ExtraInfoUtil.split(handle)
    header = AckMessageRequestHeader(consumer_group=group, topic=ExtraInfoUtil.get_real_topic(fields, msg.topic, group),
                                     queue_id=ExtraInfoUtil.get_queue_id(fields), extra_info=handle,
                                     offset=ExtraInfoUtil.get_queue_offset(fields))
    return RemotingCommand.create_request_command(RequestCode.ACK_MESSAGE, header)


def send(client, count, queue_id=0, prefix="m"):
    for i in range(count):
        r = client.request(send_request(TOPIC, b"%s%d" % (prefix.encode(), i), queue_id=queue_id))
        assert r.code == ResponseCode.SUCCESS, r


def test_pop_marks_messages_invisible_and_ack_removes_them(broker, client):
    send(client, 3, 0)
    send(client, 2, 1, prefix="q")
    first = client.request(pop_request())
    assert first.code == ResponseCode.SUCCESS and first.remark == "FOUND"
    popped = handles(first)
    assert sorted(m.body for m, _ in popped) == [b"m0", b"m1", b"m2", b"q0", b"q1"]
    again = client.request(pop_request())
    assert again.code == ResponseCode.POLLING_TIMEOUT and again.remark == "NO_MESSAGE_IN_QUEUE"
    for msg, handle in popped:
        r = client.request(ack_request(msg, handle))
        assert r.code == ResponseCode.SUCCESS, r


def pop_until(client, predicate, timeout=40.0, **kwargs):
    """Pop (every queue) until the popped messages satisfy ``predicate``; the popped (message, handle) pairs."""
    got = []

    def attempt():
        r = client.request(pop_request(**kwargs))
        assert r.code in (ResponseCode.SUCCESS, ResponseCode.POLLING_TIMEOUT), r
        if r.code == ResponseCode.SUCCESS:
            got.extend(handles(r))
        return predicate(got)
    wait_for(attempt, timeout, "the popped messages", interval=0.2)
    return got


def test_unacked_message_comes_back_after_its_invisible_time(broker, client):
    send(client, 2)
    popped = handles(client.request(pop_request(invisible_time=2000)))
    assert sorted(m.body for m, _ in popped) == [b"m0", b"m1"]
    acked = next((m, h) for m, h in popped if m.body == b"m0")
    assert client.request(ack_request(*acked)).code == ResponseCode.SUCCESS
    began = time.monotonic()
    revived = pop_until(client, lambda got: got, invisible_time=60000)
    assert time.monotonic() - began >= 1.0  # not before its invisible time
    assert [m.body for m, _ in revived] == [b"m1"]
    msg, handle = revived[0]
    assert msg.topic == TOPIC and msg.reconsume_times == 1
    assert msg.get_property(MessageConst.PROPERTY_FIRST_POP_TIME) is not None
    assert ExtraInfoUtil.get_retry(ExtraInfoUtil.split(handle)) == "1"  # popped from %RETRY%PopGroup_PopTopic
    assert client.request(ack_request(msg, handle)).code == ResponseCode.SUCCESS
    assert broker.get_topic_config_manager().select_topic_config("%RETRY%PopGroup_PopTopic") is not None
