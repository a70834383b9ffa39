"""SEND_REPLY_MESSAGE / SEND_REPLY_MESSAGE_V2 (ReplyMessageProcessor) against the embedded broker with raw
frames: the push to the requester (PUSH_REPLY_MESSAGE_TO_CLIENT) field by field, the response codes and remarks
of Java 4.9.7, the stored reply, and one round trip with the real DefaultMQProducer.request()."""
from __future__ import annotations

import threading
import time
import zlib
from typing import Any, Dict, Iterator, List, Optional

import pytest
from broker_support import RawClient, heartbeat_body, wait_for

from rocketmq_broker.broker_controller import BrokerController
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_broker.processor.reply_message_processor import ReplyMessageProcessor
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.request_callback import RequestCallback
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.utils.message_util import MessageUtil
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.protocol.header.send_message_request_header import (SendMessageRequestHeader,
                                                                         SendMessageRequestHeaderV2)
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

REPLY_TOPIC = "DefaultCluster_REPLY_TOPIC"
REQUESTER_ID = "127.0.0.1@requester"


# ---------------------------------------------------------------------------------------------- fixtures


@pytest.fixture
def broker(embedded_cluster: EmbeddedCluster) -> Iterator[BrokerController]:
    """The embedded broker serving codes 324/325: registered here the way Java's BrokerController does (own
    ``ProcessReplyMessageThread_`` pool) unless the controller already registers the processor itself."""
    controller = embedded_cluster.broker_controller
    server = controller.get_remoting_server()
    executor: Optional[ThreadPoolExecutor] = None
    if RequestCode.SEND_REPLY_MESSAGE_V2 not in server.processor_table:
        config = controller.get_broker_config()
        executor = ThreadPoolExecutor(config.process_reply_message_thread_pool_nums,
                                      config.process_reply_message_thread_pool_nums,
                                      config.reply_thread_pool_queue_capacity, "ProcessReplyMessageThread_")
        processor = ReplyMessageProcessor(controller)
        server.register_processor(RequestCode.SEND_REPLY_MESSAGE, processor, executor)
        server.register_processor(RequestCode.SEND_REPLY_MESSAGE_V2, processor, executor)
    yield controller
    if executor is not None:
        executor.shutdown()
        assert executor.await_termination(10)


def _requester(controller: BrokerController, client_id: str) -> RawClient:
    """A raw connection that heart-beats as producer ``client_id`` (how the broker learns a requester)."""
    client = RawClient(controller.get_broker_addr())
    response = client.request(RemotingCommand.create_request_command(
        RequestCode.HEART_BEAT, None, heartbeat_body(client_id, producer_groups=["RequesterPG"])))
    assert response.code == ResponseCode.SUCCESS, response
    assert controller.get_producer_manager().find_channel(client_id) is not None
    return client


@pytest.fixture
def requester(broker: BrokerController) -> Iterator[RawClient]:
    client = _requester(broker, REQUESTER_ID)
    yield client
    client.close()


@pytest.fixture
def replier(broker: BrokerController) -> Iterator[RawClient]:
    client = RawClient(broker.get_broker_addr())
    yield client
    client.close()


# ---------------------------------------------------------------------------------------------- helpers


def reply_props(reply_to: Optional[str] = REQUESTER_ID, correlation_id: str = "corr-1") -> Dict[str, str]:
    """The properties of a reply as MessageUtil.create_reply_message and the producer write them."""
    props = {"MSG_TYPE": "reply", "CORRELATION_ID": correlation_id}
    if reply_to is not None:
        props["REPLY_TO_CLIENT"] = reply_to
    props["TTL"] = "3000"
    props["UNIQ_KEY"] = "7F00000100002A9F0000000000000001"
    return props


def reply_request(code: int = RequestCode.SEND_REPLY_MESSAGE_V2, body: bytes = b"pong",
                  props: Optional[Dict[str, str]] = None, topic: str = REPLY_TOPIC, queue_id: int = 0,
                  sys_flag: int = 0, flag: int = 0, born_timestamp: int = 1700000000123,
                  oneway: bool = False) -> RemotingCommand:
    """A reply as the Java producer sends it: ``a``..``n`` header for 325, long names for 324."""
    properties = MessageDecoder.message_properties2string(reply_props() if props is None else props)
    if code == RequestCode.SEND_REPLY_MESSAGE:
        header: Any = SendMessageRequestHeader(
            producer_group="ReplierPG", topic=topic, default_topic="TBW102", default_topic_queue_nums=4,
            queue_id=queue_id, sys_flag=sys_flag, born_timestamp=born_timestamp, flag=flag,
            properties=properties, reconsume_times=0, unit_mode=False, batch=False)
    else:
        header = SendMessageRequestHeaderV2(
            a="ReplierPG", b=topic, c="TBW102", d=4, e=queue_id, f=sys_flag, g=born_timestamp, h=flag,
            i=properties, j=0, k=False, m=False, n="broker-a")
    cmd = RemotingCommand.create_request_command(code, header, body)
    if oneway:
        cmd.mark_oneway_rpc()
    return cmd


def pushes(client: RawClient) -> List[RemotingCommand]:
    """The PUSH_REPLY_MESSAGE_TO_CLIENT requests the broker sent to ``client`` so far."""
    return [r for r in list(client.server_requests) if r.code == RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT]


def wait_push(client: RawClient, count: int = 1) -> RemotingCommand:
    """The ``count``-th PUSH_REPLY_MESSAGE_TO_CLIENT the broker sent to ``client``."""
    wait_for(lambda: len(pushes(client)) >= count, what="PUSH_REPLY_MESSAGE_TO_CLIENT number %d" % count)
    return pushes(client)[count - 1]


def answer(client: RawClient, push: RemotingCommand, code: int = ResponseCode.SUCCESS,
           remark: Optional[str] = None) -> None:
    response = RemotingCommand.create_response_command(code, remark)
    response.opaque = push.opaque
    client.send(response)


def stored(controller: BrokerController, topic: str = REPLY_TOPIC, queue_id: int = 0) -> List[MessageExt]:
    store = controller.get_message_store()
    found = []
    for offset in range(store.get_min_offset_in_queue(topic, queue_id), store.get_max_offset_in_queue(topic, queue_id)):
        msg = store.look_message_by_offset(store.get_commit_log_offset_in_queue(topic, queue_id, offset))
        assert msg is not None
        found.append(msg)
    return found


def broker_host(controller: BrokerController) -> str:
    return "127.0.0.1:%d" % controller.get_remoting_server().local_listen_port()


# ---------------------------------------------------------------------------------------------- raw frames


def test_v2_reply_is_pushed_to_the_requester_then_stored(broker, requester, replier):
    body = zlib.compress(b"pong" * 100)
    props = reply_props()
    before = int(time.time() * 1000)
    opaque = replier.send(reply_request(body=body, props=props, sys_flag=1, flag=7))
    push = wait_push(requester)
    assert not replier.has_response(opaque), "the broker answers only once the requester took the reply"
    assert not push.flag & 3 and push.body == body  # a synchronous request; the body as received (compressed)
    ext = dict(push.ext_fields)
    store_timestamp = int(ext.pop("storeTimestamp"))
    pushed_props = MessageDecoder.string2message_properties(ext.pop("properties"))
    assert ext == {"producerGroup": "ReplierPG", "topic": REPLY_TOPIC, "defaultTopic": "TBW102",
                   "defaultTopicQueueNums": "4", "queueId": "0", "sysFlag": "1", "bornTimestamp": "1700000000123",
                   "flag": "7", "reconsumeTimes": "0", "unitMode": "false",
                   "bornHost": "127.0.0.1:%d" % replier.local_port, "storeHost": broker_host(broker)}
    assert before <= store_timestamp <= int(time.time() * 1000)
    push_time = int(pushed_props.pop("PUSH_REPLY_TIME"))
    assert before <= push_time <= int(time.time() * 1000)
    assert pushed_props == props
    answer(requester, push)
    response = replier.wait_response(opaque)
    assert response.code == ResponseCode.SUCCESS and response.remark is None
    (reply,) = stored(broker)
    assert response.ext_fields == {"msgId": reply.msg_id, "queueId": "0", "queueOffset": "0",
                                   "TRACE_ON": "true", "MSG_REGION": "DefaultRegion"}
    # as Java 4.9.7: stored as received, without CLUSTER or PUSH_REPLY_TIME, and without the sender's sysFlag
    assert list(reply.properties.items()) == list(props.items())
    assert reply.body == body and reply.sys_flag == 0 and reply.flag == 7
    assert reply.born_host == ("127.0.0.1", replier.local_port)
    assert reply.store_host == ("127.0.0.1", broker.get_remoting_server().local_listen_port())
    assert reply.born_timestamp == 1700000000123
    # counted in the broker statistics as Java's reply processor counts a stored reply
    put_nums = broker.broker_stats_manager.get_stats_item("TOPIC_PUT_NUMS", REPLY_TOPIC)
    assert put_nums is not None and put_nums.get_value() == 1


def test_v1_long_header_random_queue_and_store_disabled(broker, requester, replier):
    broker.get_broker_config().store_reply_message_enable = False
    opaque = replier.send(reply_request(RequestCode.SEND_REPLY_MESSAGE, body=b"v1", queue_id=-1))
    push = wait_push(requester)
    assert push.ext_fields["queueId"] == "-1"  # the queue id the replier asked for, as Java
    assert push.ext_fields["producerGroup"] == "ReplierPG" and push.body == b"v1"
    answer(requester, push)
    response = replier.wait_response(opaque)
    assert response.code == ResponseCode.SUCCESS and response.remark is None
    # the reply topic has one queue: the random pick is queue 0; not stored, so msgId "0" and offset 0
    assert response.ext_fields == {"msgId": "0", "queueId": "0", "queueOffset": "0", "TRACE_ON": "true",
                                   "MSG_REGION": "DefaultRegion"}
    assert stored(broker) == []


def test_unknown_or_missing_requester(broker, replier):
    response = replier.request(reply_request(props=reply_props("nobody@nowhere")))
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert response.remark == "push reply message fail, channel of <nobody@nowhere> not found."
    first = stored(broker)[0]  # stored all the same, and the response says where
    assert response.ext_fields["msgId"] == first.msg_id and response.ext_fields["queueOffset"] == "0"

    response = replier.request(reply_request(RequestCode.SEND_REPLY_MESSAGE, props=reply_props(None)))
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert response.remark == "reply message properties[REPLY_TO_CLIENT] is null"
    assert response.ext_fields["queueOffset"] == "1"

    broker.get_broker_config().store_reply_message_enable = False
    response = replier.request(reply_request(props=reply_props("nobody@nowhere")))
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert response.ext_fields == {"TRACE_ON": "true", "MSG_REGION": "DefaultRegion"}  # no header fields at all
    assert len(stored(broker)) == 2


def test_requester_refusing_or_vanishing(broker, requester, replier):
    opaque = replier.send(reply_request())
    answer(requester, wait_push(requester), ResponseCode.SYSTEM_ERROR, "process reply message fail")
    response = replier.wait_response(opaque)
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert response.remark == "push reply message to " + REQUESTER_ID + "fail."  # Java's text, no space

    gone = _requester(broker, "127.0.0.1@gone")
    opaque = replier.send(reply_request(props=reply_props("127.0.0.1@gone")))
    wait_push(gone)
    gone.close()  # the broker's synchronous push fails at once with the connection
    response = replier.wait_response(opaque)
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert response.remark == "push reply message to 127.0.0.1@gonefail."
    assert len(stored(broker)) == 2


def test_msg_check_runs_before_any_push(broker, requester, replier):
    response = replier.request(reply_request(topic="SCHEDULE_TOPIC_XXXX"))
    assert response.code == ResponseCode.NO_PERMISSION
    assert response.remark == "Sending message to topic[SCHEDULE_TOPIC_XXXX] is forbidden."
    response = replier.request(reply_request(queue_id=5))
    assert response.code == ResponseCode.SYSTEM_ERROR and response.remark.startswith("request queueId[5] is illegal")
    response = replier.request(reply_request(topic="Bad/Topic"))
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert response.ext_fields == {"TRACE_ON": "true", "MSG_REGION": "DefaultRegion"}

    opaque = replier.send(reply_request(body=b"the only one"))
    answer(requester, wait_push(requester))
    assert replier.wait_response(opaque).code == ResponseCode.SUCCESS
    assert [p.body for p in pushes(requester)] == [b"the only one"]
    assert [m.body for m in stored(broker)] == [b"the only one"]


def test_sys_flag_rules_of_a_send_apply_to_a_reply(broker, requester, replier):
    # a body flagged compressed that is not, and bits no client sets: refused before any push
    for sys_flag in (0x1, -1):
        response = replier.request(reply_request(sys_flag=sys_flag, body=b"not compressed"))
        assert response.code == ResponseCode.MESSAGE_ILLEGAL, response
        assert "sysFlag" in response.remark
    assert pushes(requester) == [] and stored(broker) == []
    # the host bits the broker owns are cleared in what the requester gets; a really compressed body passes
    opaque = replier.send(reply_request(sys_flag=0x1 | 0x10 | 0x20, body=zlib.compress(b"pong")))
    push = wait_push(requester)
    answer(requester, push)
    assert replier.wait_response(opaque).code == ResponseCode.SUCCESS
    assert int(push.ext_fields["sysFlag"]) == 0x1


def test_malformed_v2_header(broker, replier):
    request = reply_request()
    request.make_custom_header_to_net()
    request.custom_header = None
    del request.ext_fields["b"]
    response = replier.request(request)
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert "the custom field <b> is null" in response.remark
    assert stored(broker) == []


def test_oneway_reply_is_pushed_and_stored_without_response(broker, requester, replier):
    oneway = replier.send(reply_request(body=b"one-way", oneway=True))
    answer(requester, wait_push(requester))
    wait_for(lambda: stored(broker), what="the one-way reply stored")
    opaque = replier.send(reply_request(body=b"two-way"))
    answer(requester, wait_push(requester, 2))
    assert replier.wait_response(opaque).ext_fields["queueOffset"] == "1"
    assert not replier.has_response(oneway)
    assert [m.body for m in stored(broker)] == [b"one-way", b"two-way"]


# ---------------------------------------------------------------------------------------------- real clients


class _Callback(RequestCallback):
    def __init__(self) -> None:
        self.replies: List[Message] = []
        self.errors: List[BaseException] = []
        self.done = threading.Event()

    def on_success(self, message: Message) -> None:
        self.replies.append(message)
        self.done.set()

    def on_exception(self, e: BaseException) -> None:
        self.errors.append(e)
        self.done.set()


def _producer(cluster: EmbeddedCluster, group: str, instance: str) -> DefaultMQProducer:
    producer = DefaultMQProducer(group)
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_instance_name(instance)
    producer.start()
    return producer


def test_request_reply_round_trip_with_producers(broker, embedded_cluster):
    requester = _producer(embedded_cluster, "RequestPG", "rr-requester")
    replier = _producer(embedded_cluster, "ReplyPG", "rr-replier")
    try:
        outcome: List[Any] = []

        def ask() -> None:
            try:
                outcome.append(requester.request(Message("TopicRequestReply", "TagQ", b"ping"), 10000))
            except BaseException as e:  # noqa: B902 - reported to the test thread
                outcome.append(e)

        asker = threading.Thread(target=ask)
        asker.start()
        request = wait_for(lambda: [m for q in range(8) for m in stored(broker, "TopicRequestReply", q)],
                           what="the request on the broker")[0]
        requester_id = requester.get_default_mq_producer_impl().get_mq_client_factory().get_client_id()
        assert request.get_property("REPLY_TO_CLIENT") == requester_id
        big = bytes(range(256)) * 40  # over compressMsgBodyOverHowmuch: the replier compresses it
        send_result = replier.send(MessageUtil.create_reply_message(request, big))
        assert send_result.get_send_status() is SendStatus.SEND_OK
        asker.join(10)
        assert len(outcome) == 1 and isinstance(outcome[0], MessageExt), outcome
        reply = outcome[0]
        assert reply.get_body() == big and reply.get_topic() == REPLY_TOPIC
        assert reply.get_property("CORRELATION_ID") == request.get_property("CORRELATION_ID")
        assert reply.get_property("PUSH_REPLY_TIME") and reply.get_property("ARRIVE_TIME")
        assert reply.get_store_host() == ("127.0.0.1", broker.get_remoting_server().local_listen_port())
        (stored_reply,) = stored(broker)
        assert send_result.get_offset_msg_id() == stored_reply.msg_id
        assert stored_reply.body != big and zlib.decompress(stored_reply.body) == big  # stored compressed

        callback = _Callback()
        assert requester.request(Message("TopicRequestReply", b"ping2"), callback, 10000) is None
        second = wait_for(lambda: [m for q in range(8) for m in stored(broker, "TopicRequestReply", q)
                                   if m.body == b"ping2"], what="the second request")[0]
        replier.send(MessageUtil.create_reply_message(second, b"pong2"))
        assert callback.done.wait(10)
        assert [m.get_body() for m in callback.replies] == [b"pong2"] and not callback.errors

        orphan = MessageUtil.create_reply_message(second, b"lost")
        MessageAccessor.put_property(orphan, "REPLY_TO_CLIENT", "ghost@nowhere")
        with pytest.raises(MQClientException) as info:  # after the producer's 3 tries, as Java
            replier.send(orphan)
        assert info.value.get_response_code() == ResponseCode.SYSTEM_ERROR
        cause = info.value.__cause__
        assert isinstance(cause, MQBrokerException) and cause.get_response_code() == ResponseCode.SYSTEM_ERROR
        assert cause.error_message == "push reply message fail, channel of <ghost@nowhere> not found."
    finally:
        replier.shutdown()
        requester.shutdown()
