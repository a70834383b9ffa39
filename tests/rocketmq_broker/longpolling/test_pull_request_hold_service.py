"""Long polling: a suspended PULL_MESSAGE is answered as soon as a matching message arrives, not for a
non-matching one, and after its hold time (checked every ``check_interval_millis``) otherwise."""
from __future__ import annotations

import time

import pytest
from broker_support import (RawClient, broker_addr, create_topic, decode_messages, pull_request, put_messages,
                            send_request, start_broker, wait_for)

from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import SerializeType

SUSPEND = 2
SUBSCRIPTION = 4
COMMIT_OFFSET = 1


def _held(broker, topic="TopicTest", queue_id=0):
    mpr = broker.get_pull_request_hold_service().pull_request_table.get("%s@%d" % (topic, queue_id))
    return 0 if mpr is None else len(mpr.get_pull_request_list())


def _suspend(client, broker, subscription="TagA", offset=0, timeout=10000, queue_id=0, count=1, **kwargs):
    request = pull_request("CG", "TopicTest", queue_id, offset, sys_flag=SUSPEND | SUBSCRIPTION | kwargs.pop(
        "extra_flags", 0), subscription=subscription, suspend_timeout=timeout, **kwargs)
    client.send(request)
    assert wait_for(lambda: _held(broker, queue_id=queue_id) >= count), "the pull was not suspended"
    return request.opaque


def _send(sender, tags, queue_id=0):
    response = sender.request(send_request("TopicTest", tags.encode(), {"WAIT": "true", "TAGS": tags},
                                           queue_id=queue_id))
    assert response.code == ResponseCode.SUCCESS


def test_matching_message_wakes_the_pull_at_once(broker, client):
    opaque = _suspend(client, broker)
    sender = RawClient(broker_addr(broker))
    try:
        sent_at = time.monotonic()
        _send(sender, "TagA")
        response = client.wait_response(opaque, 5)
        assert client.arrival_time(opaque) - sent_at < 0.5
    finally:
        sender.close()
    assert response.code == ResponseCode.SUCCESS and response.remark == "FOUND"
    assert [m.body for m in decode_messages(response.body)] == [b"TagA"]
    assert response.ext_fields["nextBeginOffset"] == "1"
    assert _held(broker) == 0


def test_non_matching_message_does_not_wake(broker, client):
    opaque = _suspend(client, broker, subscription="TagA")
    _send(client, "TagB")
    with pytest.raises(TimeoutError):
        client.wait_response(opaque, 0.5)
    assert _held(broker) == 1
    _send(client, "TagA")
    response = client.wait_response(opaque, 5)
    assert response.code == ResponseCode.SUCCESS
    assert [m.get_tags() for m in decode_messages(response.body)] == ["TagA"]
    assert response.ext_fields["nextBeginOffset"] == "2"


def test_every_held_pull_of_the_queue_is_woken(broker, client):
    other = RawClient(broker_addr(broker))
    try:
        first = _suspend(client, broker, count=1)
        second = _suspend(other, broker, subscription="*", count=2)
        held_elsewhere = _suspend(client, broker, queue_id=1, subscription="*")
        _send(client, "TagA")
        assert client.wait_response(first, 5).code == ResponseCode.SUCCESS
        assert other.wait_response(second, 5).code == ResponseCode.SUCCESS
        assert not client.has_response(held_elsewhere) and _held(broker, queue_id=1) == 1
    finally:
        other.close()


def test_hold_time_expiry_answers_not_found(broker, client):
    broker.get_pull_request_hold_service().set_check_interval_millis(100)
    begin = time.monotonic()
    opaque = _suspend(client, broker, timeout=300)
    response = client.wait_response(opaque, 5)
    elapsed = client.arrival_time(opaque) - begin
    assert response.code == ResponseCode.PULL_NOT_FOUND and response.remark == "NO_MESSAGE_IN_QUEUE"
    assert 0.3 <= elapsed < 1.5
    assert _held(broker) == 0


def test_expiry_uses_java_check_period_by_default(broker, client):
    begin = time.monotonic()
    opaque = _suspend(client, broker, timeout=0)
    response = client.wait_response(opaque, 8)
    elapsed = client.arrival_time(opaque) - begin
    assert response.code == ResponseCode.PULL_NOT_FOUND
    assert 0.0 <= elapsed <= 5.5  # Java: a SUSPEND pull with timeout 0 waits for the next 5 s check


def test_woken_pull_answers_in_the_request_serialize_type_and_does_not_commit_again(broker, client):
    offsets = broker.get_consumer_offset_manager()
    opaque = _suspend(client, broker, subscription="*", extra_flags=COMMIT_OFFSET, commit_offset=5,
                      serialize_type=SerializeType.ROCKETMQ)
    assert offsets.query_offset("CG", "TopicTest", 0) == 5  # the first evaluation commits
    offsets.commit_offset("test", "CG", "TopicTest", 0, 9)
    _send(client, "TagX")
    response = client.wait_response(opaque, 5)
    assert response.serialize_type is SerializeType.ROCKETMQ and response.code == ResponseCode.SUCCESS
    assert response.opaque == opaque
    assert offsets.query_offset("CG", "TopicTest", 0) == 9


def test_short_polling_when_long_polling_disabled(tmp_path):
    broker = start_broker(tmp_path, long_polling_enable=False, short_polling_time_mills=300)
    create_topic(broker, "TopicTest", 1)
    client = RawClient(broker_addr(broker))
    try:
        begin = time.monotonic()
        opaque = _suspend(client, broker, timeout=15000)
        response = client.wait_response(opaque, 5)
        elapsed = client.arrival_time(opaque) - begin
        assert response.code == ResponseCode.PULL_NOT_FOUND
        assert 0.3 <= elapsed < 2.0  # shortPollingTimeMills, not the requested 15 s
    finally:
        client.close()
        broker.shutdown()


def test_closed_connection_while_held(broker, client):
    other = RawClient(broker_addr(broker))
    _suspend(other, broker, subscription="*")
    other.close()
    _send(client, "TagA")
    assert wait_for(lambda: _held(broker) == 0)
    # the broker keeps serving
    assert client.request(pull_request("CG", "TopicTest", 0, 0)).code == ResponseCode.SUCCESS


def test_message_arriving_before_suspension_is_not_missed(broker, client, monkeypatch):
    # a message stored after the pull read the queue but before it was parked must wake it at once (Java would
    # leave it to the next 5 s check); stored straight into the store: the pull may run on the event loop that
    # would read a send request
    store = broker.get_message_store()
    original = store.get_message

    def get_message_then_store(*args, **kwargs):
        result = original(*args, **kwargs)
        monkeypatch.setattr(store, "get_message", original)
        put_messages(broker, "TopicTest", 0, 1, "TagA")
        return result

    monkeypatch.setattr(store, "get_message", get_message_then_store)
    request = pull_request("CG", "TopicTest", 0, 0, sys_flag=SUSPEND | SUBSCRIPTION, subscription="TagA",
                           suspend_timeout=20000)
    response = client.request(request, 3)
    assert response.code == ResponseCode.SUCCESS and response.remark == "FOUND"
    assert _held(broker) == 0


def test_delayed_message_wakes_the_pull_when_delivered(broker, client):
    # delay level 1 (1 s): the message first lands in SCHEDULE_TOPIC_XXXX, the held pull on its real queue is
    # answered when the schedule service delivers it
    opaque = _suspend(client, broker, subscription="TagA", timeout=20000)
    sent = client.request(send_request("TopicTest", b"later", {"WAIT": "true", "TAGS": "TagA", "DELAY": "1"}))
    assert sent.code == ResponseCode.SUCCESS
    sent_at = time.monotonic()
    with pytest.raises(TimeoutError):
        client.wait_response(opaque, 0.5)
    response = client.wait_response(opaque, 5)
    assert 0.8 <= client.arrival_time(opaque) - sent_at < 3.0
    assert response.code == ResponseCode.SUCCESS
    (msg,) = decode_messages(response.body)
    assert msg.body == b"later" and msg.properties["REAL_TOPIC"] == "TopicTest"
