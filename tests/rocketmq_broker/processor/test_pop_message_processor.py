"""POP consumption on a real broker through raw requests (Java 5.3.3's PopMessageProcessor, AckMessageProcessor,
ChangeInvisibleTimeProcessor, PopReviveService, QueryAssignmentProcessor): popped messages are invisible to the
group, acked ones never return, un-acked ones come back through the retry topic after their invisible time, also
across a broker restart."""
from __future__ import annotations

import json
import time

import pytest
from broker_process_support import start_broker as start_broker_process
from broker_support import (RawClient, broker_addr, create_topic, decode_messages, heartbeat_request, send_request,
                            start_broker)
from waiting import wait_for

from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.protocol.body.batch_ack import BatchAck
from rocketmq_common.protocol.body.batch_ack_message_request_body import BatchAckMessageRequestBody
from rocketmq_common.protocol.body.query_assignment_request_body import QueryAssignmentRequestBody
from rocketmq_common.protocol.body.query_assignment_response_body import QueryAssignmentResponseBody
from rocketmq_common.protocol.body.set_message_request_mode_request_body import SetMessageRequestModeRequestBody
from rocketmq_common.protocol.header.ack_message_request_header import AckMessageRequestHeader
from rocketmq_common.protocol.header.change_invisible_time_request_header import ChangeInvisibleTimeRequestHeader
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.header.pop_message_request_header import PopMessageRequestHeader
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
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


def change_invisible_request(msg, handle, invisible_time, group=GROUP):
    fields = ExtraInfoUtil.split(handle)
    header = ChangeInvisibleTimeRequestHeader(
        consumer_group=group, topic=ExtraInfoUtil.get_real_topic(fields, msg.topic, group),
        queue_id=ExtraInfoUtil.get_queue_id(fields), extra_info=handle, offset=ExtraInfoUtil.get_queue_offset(fields),
        invisible_time=invisible_time)
    return RemotingCommand.create_request_command(RequestCode.CHANGE_MESSAGE_INVISIBLETIME, header)


def test_change_invisible_time_gives_a_new_handle_and_delays_the_return(broker, client):
    send(client, 1)
    (msg, handle), = handles(client.request(pop_request(invisible_time=60000)))
    response = client.request(change_invisible_request(msg, handle, 1000))
    assert response.code == ResponseCode.SUCCESS
    header = response.ext_fields
    assert int(header["invisibleTime"]) == 1000 and int(header["reviveQid"]) == ExtraInfoUtil.get_revive_qid(
        ExtraInfoUtil.split(handle))
    assert int(header["popTime"]) >= ExtraInfoUtil.get_pop_time(ExtraInfoUtil.split(handle))
    # the old handle (60 s) no longer holds the message: it returns after the new 1 s
    revived = pop_until(client, lambda got: got)
    assert [m.body for m, _ in revived] == [b"m0"] and revived[0][0].reconsume_times == 1


def test_change_invisible_time_of_a_message_outside_the_queue_is_no_message(broker, client):
    send(client, 1)
    (msg, handle), = handles(client.request(pop_request()))
    fields = ExtraInfoUtil.split(handle)
    header = ChangeInvisibleTimeRequestHeader(consumer_group=GROUP, topic=TOPIC, queue_id=0, extra_info=handle,
                                              offset=5, invisible_time=1000)
    r = client.request(RemotingCommand.create_request_command(RequestCode.CHANGE_MESSAGE_INVISIBLETIME, header))
    assert r.code == ResponseCode.NO_MESSAGE
    header.queue_id, header.offset = 7, ExtraInfoUtil.get_queue_offset(fields)
    r = client.request(RemotingCommand.create_request_command(RequestCode.CHANGE_MESSAGE_INVISIBLETIME, header))
    assert r.code == ResponseCode.MESSAGE_ILLEGAL and "queueId[7] is illegal" in r.remark


def test_batch_ack_acks_every_message_of_its_bit_set(broker, client):
    send(client, 4)
    popped = handles(client.request(pop_request(queue_id=0, invisible_time=2000)))
    assert [m.queue_offset for m, _ in popped] == [0, 1, 2, 3]
    fields = ExtraInfoUtil.split(popped[0][1])
    start = ExtraInfoUtil.get_ck_queue_offset(fields)
    mask = sum(1 << (m.queue_offset - start) for m, _ in popped if m.queue_offset != 2)  # all but offset 2
    ack = BatchAck(consumer_group=GROUP, topic=TOPIC, retry=ExtraInfoUtil.get_retry(fields), start_offset=start,
                   queue_id=0, revive_queue_id=ExtraInfoUtil.get_revive_qid(fields),
                   pop_time=ExtraInfoUtil.get_pop_time(fields), invisible_time=ExtraInfoUtil.get_invisible_time(fields),
                   bit_set=mask.to_bytes((mask.bit_length() + 7) // 8, "little"))
    request = RemotingCommand.create_request_command(RequestCode.BATCH_ACK_MESSAGE, None,
                                                     BatchAckMessageRequestBody(broker_name="broker-a",
                                                                                acks=[ack]).encode())
    assert client.request(request).code == ResponseCode.SUCCESS
    revived = pop_until(client, lambda got: got)
    assert [m.body for m, _ in revived] == [b"m2"]
    empty = RemotingCommand.create_request_command(RequestCode.BATCH_ACK_MESSAGE, None,
                                                   BatchAckMessageRequestBody(broker_name="b", acks=[]).encode())
    assert client.request(empty).code == ResponseCode.NO_MESSAGE


def test_long_polling_pop_is_answered_when_a_message_arrives(broker, client):
    opaque = client.send(pop_request(poll_time=20000))
    polling = broker.get_pop_message_processor().get_pop_long_polling_service()
    wait_for(lambda: polling.get_polling_map().get("PopTopic@PopGroup@-1"), 10, "the pop held")
    assert not client.has_response(opaque)
    send(client, 1)
    response = client.wait_response(opaque, 10)
    assert response.code == ResponseCode.SUCCESS and [m.body for m, _ in handles(response)] == [b"m0"]


def test_long_polling_pop_times_out_with_polling_timeout(broker, client):
    began = time.monotonic()
    response = client.request(pop_request(poll_time=1000), timeout=10)
    assert response.code == ResponseCode.POLLING_TIMEOUT
    assert time.monotonic() - began >= 0.9


@pytest.mark.parametrize("overrides, code, remark", [
    ({"max_nums": 33}, ResponseCode.INVALID_PARAMETER, "pop message's num is greater than 32"),
    ({"queue_id": 2}, ResponseCode.INVALID_PARAMETER, "queueId[2] is illegal"),
    ({"topic": "NoSuchTopic"}, ResponseCode.TOPIC_NOT_EXIST, "topic[NoSuchTopic] not exist"),
    ({"exp": "a = ", "exp_type": "SQL92"}, ResponseCode.SUBSCRIPTION_PARSE_FAILED,
     "parse the consumer's subscription failed"),
])
def test_bad_pop_requests_get_javas_answers(broker, client, overrides, code, remark):
    response = client.request(pop_request(**overrides))
    assert response.code == code and remark in response.remark


def test_pop_with_the_timer_wheel_off_names_the_next_step(tmp_path):
    """Java's SYSTEM_ERROR when the broker's timer wheel is off (POP needs it to revive un-acked messages), with
    how to enable it or to read the group by PULL."""
    b = start_broker(tmp_path, store={"timer_wheel_enable": False})
    try:
        create_topic(b, TOPIC, 2)
        raw = RawClient(broker_addr(b))
        try:
            response = raw.request(pop_request())
        finally:
            raw.close()
        assert response.code == ResponseCode.SYSTEM_ERROR
        assert "pop message is forbidden because timerWheelEnable is false" in response.remark
        assert "timer_wheel_enable" in response.remark and "setConsumeMode -m PULL" in response.remark
    finally:
        b.shutdown()


def test_bad_acks_get_javas_answers_and_lose_nothing(broker, client):
    send(client, 1)
    (msg, handle), = handles(client.request(pop_request(invisible_time=1500)))
    fields = ExtraInfoUtil.split(handle)
    header = AckMessageRequestHeader(consumer_group=GROUP, topic=TOPIC, queue_id=0, extra_info=handle, offset=9)
    r = client.request(RemotingCommand.create_request_command(RequestCode.ACK_MESSAGE, header))
    assert r.code == ResponseCode.NO_MESSAGE and r.remark.startswith("offset is illegal")
    header.offset, header.extra_info = 0, "not a handle"
    r = client.request(RemotingCommand.create_request_command(RequestCode.ACK_MESSAGE, header))
    assert r.code == ResponseCode.SYSTEM_ERROR
    # an ack of a handle no checkpoint matches (another pop time): SUCCESS, and the message still comes back
    unknown = handle.replace(" %d " % ExtraInfoUtil.get_pop_time(fields), " 1 ", 1)
    header.extra_info = unknown
    assert client.request(RemotingCommand.create_request_command(RequestCode.ACK_MESSAGE, header)).code == \
        ResponseCode.SUCCESS
    revived = pop_until(client, lambda got: got)
    assert [m.body for m, _ in revived] == [b"m0"]
    # the ack of the expired handle: SUCCESS, the message has already been revived and is not lost
    assert client.request(ack_request(msg, handle)).code == ResponseCode.SUCCESS


def test_clean_restart_loses_no_unacked_message(tmp_path):
    broker = start_broker(tmp_path, revive_queue_num=2, revive_interval=200)
    create_topic(broker, TOPIC, 2)
    client = RawClient(broker_addr(broker))
    try:
        send(client, 3)
        popped = handles(client.request(pop_request(invisible_time=3000)))
        assert len(popped) == 3
        acked = [(m, h) for m, h in popped if m.body == b"m1"][0]
        assert client.request(ack_request(*acked)).code == ResponseCode.SUCCESS
    finally:
        client.close()
        broker.shutdown()
    broker = start_broker(tmp_path, revive_queue_num=2, revive_interval=200)
    client = RawClient(broker_addr(broker))
    try:
        assert client.request(pop_request()).code == ResponseCode.POLLING_TIMEOUT  # still invisible
        revived = pop_until(client, lambda got: len(got) >= 2)
        assert sorted(m.body for m, _ in revived) == [b"m0", b"m2"]
    finally:
        client.close()
        broker.shutdown()


def test_unacked_messages_survive_a_kill_9_of_the_broker(tmp_path):
    config = tmp_path / "broker.properties"
    config.write_text("reviveQueueNum=2\nreviveInterval=200\n", "utf-8")
    store = tmp_path / "store"
    process, addr = start_broker_process(tmp_path, store, "-c", str(config))
    try:
        client = RawClient(addr)
        try:
            send(client, 4)  # PopTopic is created by the first send (4 queues); all go to queue 0
            popped = handles(client.request(pop_request(invisible_time=4000)))
            assert sorted(m.body for m, _ in popped) == [b"m0", b"m1", b"m2", b"m3"]
            assert client.request(ack_request(*popped[0])).code == ResponseCode.SUCCESS
        finally:
            client.close()
    finally:
        process.kill()  # SIGKILL: nothing flushed or persisted at shutdown
    process, addr = start_broker_process(tmp_path, store, "-c", str(config))
    try:
        client = RawClient(addr)
        try:
            unacked = {m.body for m, _ in popped[1:]}
            got = pop_until(client, lambda got: unacked <= {m.body for m, _ in got}, timeout=60)
            assert unacked <= {m.body for m, _ in got}  # at least once: none lost
        finally:
            client.close()
    finally:
        process.stop()


def query_assignment(client, client_id, topic=TOPIC, group=GROUP, strategy="AVG",
                     model=MessageModel.CLUSTERING):
    body = QueryAssignmentRequestBody(topic=topic, consumer_group=group, client_id=client_id, strategy_name=strategy,
                                      message_model=model)
    response = client.request(RemotingCommand.create_request_command(RequestCode.QUERY_ASSIGNMENT, None,
                                                                     body.encode()))
    assert response.code == ResponseCode.SUCCESS, response
    return QueryAssignmentResponseBody.decode(response.body).message_queue_assignments


def set_mode(client, mode, topic=TOPIC, group=GROUP, share=0):
    body = SetMessageRequestModeRequestBody(topic=topic, consumer_group=group, mode=mode, pop_share_queue_num=share)
    return client.request(RemotingCommand.create_request_command(RequestCode.SET_MESSAGE_REQUEST_MODE, None,
                                                                 body.encode()))


def test_query_assignment_gives_a_pop_group_every_queue_for_every_consumer(tmp_path):
    broker = start_broker(tmp_path, revive_queue_num=2)
    create_topic(broker, TOPIC, 2)
    clients = [RawClient(broker_addr(broker)) for _ in range(4)]
    try:
        for i, c in enumerate(clients):
            assert c.request(heartbeat_request("cid-%d" % i, GROUP, {TOPIC: "*"})).code == ResponseCode.SUCCESS
        pull = [query_assignment(c, "cid-%d" % i) for i, c in enumerate(clients)]
        assert all(a.mode is MessageRequestMode.PULL for assignments in pull for a in assignments)
        assert sorted(len(assignments) for assignments in pull) == [0, 0, 1, 1]  # 2 queues, 4 consumers
        assert set_mode(clients[0], MessageRequestMode.POP).code == ResponseCode.SUCCESS
        for i, c in enumerate(clients):
            assignments = query_assignment(c, "cid-%d" % i)
            assert {(a.message_queue.queue_id, a.mode) for a in assignments} == {(-1, MessageRequestMode.POP)}
        retry = query_assignment(clients[0], "cid-0", topic="%RETRY%" + GROUP)
        assert retry is None or all(a.mode is MessageRequestMode.PULL for a in retry)
        assert query_assignment(clients[0], "cid-0", strategy="NoSuchStrategy") is None
        assert set_mode(clients[0], MessageRequestMode.POP, topic="%RETRY%g").code == ResponseCode.NO_PERMISSION
        assert set_mode(clients[0], MessageRequestMode.POP, topic="Nope").code == ResponseCode.TOPIC_NOT_EXIST
    finally:
        for c in clients:
            c.close()
        broker.shutdown()
    saved = json.loads((tmp_path / "config" / "messageRequestMode.json").read_text("utf-8"))
    assert saved == {"messageRequestModeMap": {TOPIC: {GROUP: {
        "consumerGroup": GROUP, "mode": "POP", "popShareQueueNum": 0, "topic": TOPIC}}}}
    broker = start_broker(tmp_path, revive_queue_num=2)
    try:
        reloaded = broker.get_query_assignment_processor().get_message_request_mode_manager()
        assert reloaded.get_message_request_mode(TOPIC, GROUP).mode is MessageRequestMode.POP
    finally:
        broker.shutdown()


def test_a_group_in_pull_mode_may_pop_and_keeps_one_progress(broker, client):
    """As Java 5.3.3: the broker does not check the request mode; pops and pulls share the consumer offsets."""
    send(client, 3)
    popped = handles(client.request(pop_request(queue_id=0)))
    assert [m.queue_offset for m, _ in popped] == [0, 1, 2]
    offsets = broker.get_consumer_offset_manager()
    assert offsets.query_offset(GROUP, TOPIC, 0) == 3  # a pull consumer of the group resumes at 3


def test_invisible_time_beyond_the_timer_max_is_answered_as_java_and_keeps_the_offset_behind(broker, client):
    """Java does not range-check the invisible time: the checkpoint the timer refuses (over 3 days) does not stop
    the messages; the consumer offset stays behind them (at least once after a restart)."""
    send(client, 2)
    huge = client.request(pop_request(queue_id=0, invisible_time=4 * 24 * 3600 * 1000))
    assert huge.code == ResponseCode.SUCCESS and len(handles(huge)) == 2
    assert client.request(pop_request(queue_id=0)).code == ResponseCode.POLLING_TIMEOUT  # not popped twice
    assert broker.get_consumer_offset_manager().query_offset(GROUP, TOPIC, 0) == 0
    send(client, 1, prefix="late")
    later = client.request(pop_request(queue_id=0))
    assert [m.body for m, _ in handles(later)] == [b"late0"]


def test_allocate4_pop_shares_the_queues_of_the_next_consumers(broker):
    processor = broker.get_query_assignment_processor()
    mqs = [MessageQueue(TOPIC, "broker-a", i) for i in range(4)]
    cids = ["c0", "c1", "c2", "c3"]
    strategy = AllocateMessageQueueAveragely()
    assert [mq.queue_id for mq in processor.allocate4_pop(strategy, GROUP, "c1", mqs, cids, 1)] == [1, 2]
    assert [mq.queue_id for mq in processor.allocate4_pop(strategy, GROUP, "c3", mqs, cids, 1)] == [3, 0]
    assert [mq.queue_id for mq in processor.allocate4_pop(strategy, GROUP, "c1", mqs, cids, 3)] == [-1] * 4
    more = ["c%d" % i for i in range(6)]  # more consumers than queues: one queue each, round robin
    assert [mq.queue_id for mq in processor.allocate4_pop(strategy, GROUP, "c5", mqs, more, 1)] == [1]
