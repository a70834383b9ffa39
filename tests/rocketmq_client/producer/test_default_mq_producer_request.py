"""Request/reply: the requester side of DefaultMQProducer.request and MessageUtil.create_reply_message.

The embedded broker may not serve SEND_REPLY_MESSAGE(_V2) yet (issue 5); the tests then push the reply to the
requester exactly as the Java broker's ReplyMessageProcessor does (PUSH_REPLY_MESSAGE_TO_CLIENT on the requester's
connection), and the full round trip through the broker runs when it does.
"""
from __future__ import annotations

import re
import threading
import time
from typing import Any, List

import pytest

from client_support import RecordingRequestCallback, push_to_client, stored_messages, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.exception import MQClientException, RequestTimeoutException
from rocketmq_client.producer.request_future_holder import RequestFutureHolder
from rocketmq_client.producer.selector.select_message_queue_by_hash import SelectMessageQueueByHash
from rocketmq_client.utils.message_util import MessageUtil
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.header.reply_message_request_header import ReplyMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode

UUID_RE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def _wait_request(cluster: EmbeddedCluster, topic: str, count: int = 1) -> List[MessageExt]:
    return wait_for(lambda: (lambda s: s if len(s) >= count else None)(
        stored_messages(cluster.broker_controller, topic)), 10, "the request message on the broker")


def _push_reply(cluster: EmbeddedCluster, reply: Message) -> None:
    """What the Java broker's ReplyMessageProcessor does with a stored reply (pushReplyMessage)."""
    props = dict(reply.get_properties())
    props["PUSH_REPLY_TIME"] = str(int(time.time() * 1000))
    header = ReplyMessageRequestHeader(
        producer_group="ReplierGroup", topic=reply.get_topic(), default_topic="TBW102", default_topic_queue_nums=4,
        queue_id=0, sys_flag=0, born_timestamp=int(time.time() * 1000), flag=0,
        properties=MessageDecoder.message_properties2string(props), reconsume_times=0, unit_mode=False,
        born_host="127.0.0.1:40000", store_host=cluster.broker_addr,
        store_timestamp=int(time.time() * 1000))
    response = push_to_client(cluster.broker_controller, reply.get_property("REPLY_TO_CLIENT"),
                              RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, header, reply.get_body())
    assert response is not None and response.code == ResponseCode.SUCCESS, response


def test_blocking_request_gets_the_reply(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    requester = new_producer()
    outcome: List[Any] = []

    def ask() -> None:
        try:
            outcome.append(requester.request(Message("TopicRequest", "TagQ", b"question"), 10000))
        except BaseException as e:  # noqa: B902 - reported to the test thread
            outcome.append(e)

    asker = threading.Thread(target=ask)
    asker.start()
    request = _wait_request(embedded_cluster, "TopicRequest")[0]
    client_id = requester.get_default_mq_producer_impl().get_mq_client_factory().get_client_id()
    assert request.get_property("REPLY_TO_CLIENT") == client_id
    assert request.get_property("TTL") == "10000"
    assert UUID_RE.match(request.get_property("CORRELATION_ID"))
    assert request.get_property("CLUSTER") == "DefaultCluster"
    reply = MessageUtil.create_reply_message(request, b"answer")
    assert reply.get_topic() == "DefaultCluster_REPLY_TOPIC"
    _push_reply(embedded_cluster, reply)
    asker.join(10)
    assert len(outcome) == 1 and isinstance(outcome[0], Message), outcome
    assert outcome[0].get_body() == b"answer"
    assert outcome[0].get_property("CORRELATION_ID") == request.get_property("CORRELATION_ID")
    assert request.get_property("CORRELATION_ID") not in RequestFutureHolder.get_instance().get_request_future_table()


def test_callback_request_and_queue_forms(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    requester = new_producer()
    callback = RecordingRequestCallback()
    assert requester.request(Message("TopicRequestCb", b"q1"), callback, 10000) is None
    request = _wait_request(embedded_cluster, "TopicRequestCb")[0]
    assert not callback.done.is_set()  # no on_success(None) when the request is merely sent
    _push_reply(embedded_cluster, MessageUtil.create_reply_message(request, b"a1"))
    assert callback.done.wait(10)
    assert [m.get_body() for m in callback.replies] == [b"a1"] and not callback.errors

    mq = MessageQueue("TopicRequestCb", "broker-a", 3)
    outcome: List[Any] = []
    asker = threading.Thread(target=lambda: outcome.append(requester.request(Message("TopicRequestCb", b"q2"), mq,
                                                                             10000)))
    asker.start()
    second = [m for m in _wait_request(embedded_cluster, "TopicRequestCb", 2) if m.get_body() == b"q2"][0]
    assert second.get_queue_id() == 3
    _push_reply(embedded_cluster, MessageUtil.create_reply_message(second, b"a2"))
    asker.join(10)
    assert outcome and outcome[0].get_body() == b"a2"

    selected = RecordingRequestCallback()
    requester.request(Message("TopicRequestCb", b"q3"), SelectMessageQueueByHash(), 2, selected, 10000)
    third = [m for m in _wait_request(embedded_cluster, "TopicRequestCb", 3) if m.get_body() == b"q3"][0]
    assert third.get_queue_id() == 2
    _push_reply(embedded_cluster, MessageUtil.create_reply_message(third, b"a3"))
    assert selected.done.wait(10) and selected.replies[0].get_body() == b"a3"


def test_request_timeout(new_producer) -> None:
    requester = new_producer()
    started = time.monotonic()
    with pytest.raises(RequestTimeoutException) as info:
        requester.request(Message("TopicNoReply", b"q"), 300)
    assert time.monotonic() - started >= 0.25
    assert info.value.get_response_code() == 10006
    assert info.value.get_error_message() == ("send request message to <TopicNoReply> OK, but wait reply message "
                                              "timeout, 300 ms.")
    assert not [f for f in RequestFutureHolder.get_instance().get_request_future_table().values()
                if f.get_timeout_millis() == 300]
    callback = RecordingRequestCallback()
    requester.request(Message("TopicNoReply", b"q"), callback, 200)
    assert callback.done.wait(10), "the 1 s sweep (after 3 s) should expire the request"
    assert isinstance(callback.errors[0], RequestTimeoutException)
    assert str(callback.errors[0]) == "CODE: 10006  DESC: request timeout, no reply message."


def test_request_needs_a_timeout(new_producer) -> None:
    with pytest.raises(TypeError, match="needs the timeout"):
        new_producer().request(Message("TopicRequest", b"q"))


@pytest.mark.embedded_cluster(broker_config={"auto_create_topic_enable": False})
def test_request_send_failure(new_producer) -> None:
    requester = new_producer()
    with pytest.raises(MQClientException, match="No route info of this topic: TopicNowhere"):
        requester.request(Message("TopicNowhere", b"q"), 1000)
    callback = RecordingRequestCallback()
    with pytest.raises(MQClientException, match="No route info of this topic"):
        requester.request(Message("TopicNowhere", b"q"), callback, 1000)


def test_round_trip_through_the_broker(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    requester, replier = new_producer(), new_producer()
    outcome: List[Any] = []
    asker = threading.Thread(target=lambda: outcome.append(requester.request(Message("TopicRoundTrip", b"ping"),
                                                                             10000)))
    asker.start()
    request = _wait_request(embedded_cluster, "TopicRoundTrip")[0]
    replier.send(MessageUtil.create_reply_message(request, b"pong"))
    asker.join(10)
    assert outcome and outcome[0].get_body() == b"pong"
