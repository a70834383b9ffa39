"""Every send mode of DefaultMQProducer against the embedded broker: sync, async (callback and future), oneway,
to a queue, with selectors, batches, compression, unique ids, namespaces and hooks."""
from __future__ import annotations

import concurrent.futures
import os
import threading
import zlib
from typing import List

import pytest

from client_support import RecordingSendCallback, stored_messages, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.exception import MQClientException
from rocketmq_client.hook.send_message_context import SendMessageContext
from rocketmq_client.hook.send_message_hook import SendMessageHook
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_client.producer.selector.select_message_queue_by_hash import SelectMessageQueueByHash
from rocketmq_client.producer.selector.select_message_queue_by_machine_room import SelectMessageQueueByMachineRoom
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_type import MessageType
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.util_all import UtilAll


def test_sync_send_result_and_unique_id(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    msg = Message("TopicSync", "TagA", "KEY1 KEY2", b"body-1")
    result = producer.send(msg, 5000)
    assert result.get_send_status() is SendStatus.SEND_OK
    uniq = msg.get_property("UNIQ_KEY")
    assert result.get_msg_id() == uniq
    assert len(uniq) in (32, 56) and uniq == uniq.upper()
    assert MessageClientIDSetter.get_pid_from_id(uniq) == os.getpid() & 0xFFFF
    assert len(result.get_offset_msg_id()) == 32  # IPv4 loopback store host
    assert result.get_offset_msg_id().startswith("7F000001")
    assert result.get_queue_offset() == 0
    assert result.get_region_id() == "DefaultRegion"
    stored = stored_messages(embedded_cluster.broker_controller, "TopicSync")
    assert [m.get_body() for m in stored] == [b"body-1"]
    assert stored[0].get_property("UNIQ_KEY") == uniq
    assert stored[0].get_tags() == "TagA" and stored[0].get_keys() == "KEY1 KEY2"
    assert stored[0].get_sys_flag() == 0
    assert stored[0].get_queue_id() == result.get_message_queue().get_queue_id()
    # the unique id is kept: a message sent twice keeps it (Java: set only if absent)
    assert producer.send(msg).get_msg_id() == uniq


def test_async_send_with_callback(new_producer) -> None:
    producer = new_producer()
    callback = RecordingSendCallback()
    for i in range(20):
        assert producer.send(Message("TopicAsync", ("m%d" % i).encode()), callback) is None
    producer.send(Message("TopicAsync", b"with timeout"), callback, 5000)
    callback.wait(21)
    assert not callback.errors
    assert {r.get_send_status() for r in callback.results} == {SendStatus.SEND_OK}
    assert len({r.get_msg_id() for r in callback.results}) == 21
    # callbacks run on the client's callback executor, not on the caller's thread
    assert threading.current_thread().name not in callback.threads


def test_send_async_future_forms(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    futures = [producer.send_async(Message("TopicFuture", b"a")),
               producer.send_async(Message("TopicFuture", b"b"), 4000)]
    mq = producer.send(Message("TopicFuture", b"c")).get_message_queue()
    futures.append(producer.send_async(Message("TopicFuture", b"d"), mq))
    futures.append(producer.send_async(Message("TopicFuture", b"e"), SelectMessageQueueByHash(), "order-7", 4000))
    futures.append(producer.send_async([Message("TopicFuture", b"f1"), Message("TopicFuture", b"f2")]))
    done, not_done = concurrent.futures.wait(futures, 10)  # light futures, still concurrent.futures.Futures
    assert len(done) == 5 and not not_done
    results = [f.result(0) for f in futures]
    assert {r.get_send_status() for r in results} == {SendStatus.SEND_OK}
    assert results[2].get_message_queue() == mq
    assert results[4].get_msg_id().count(",") == 1
    assert len(stored_messages(embedded_cluster.broker_controller, "TopicFuture")) == 7
    with pytest.raises(TypeError):
        producer.send_async(Message("TopicFuture", b"x"), RecordingSendCallback())


def test_async_failure_reaches_callback_and_future(new_producer) -> None:
    producer = new_producer()
    callback = RecordingSendCallback()
    producer.send(Message("TopicAsyncFail", b""), callback)  # empty body: validation fails on the sender thread
    callback.wait()
    assert isinstance(callback.errors[0], MQClientException)
    assert callback.errors[0].get_response_code() == ResponseCode.MESSAGE_ILLEGAL
    future = producer.send_async(Message("TopicAsyncFail", b""))
    with pytest.raises(MQClientException, match="the message body length is zero"):
        future.result(10)


def test_oneway(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    producer.send_oneway(Message("TopicOneway", b"one"))
    mq = MessageQueue("TopicOneway", "broker-a", 1)
    producer.send_oneway(Message("TopicOneway", b"two"), mq)
    producer.send_oneway(Message("TopicOneway", b"three"), SelectMessageQueueByHash(), 2)
    stored = wait_for(lambda: (lambda s: s if len(s) == 3 else None)(
        stored_messages(embedded_cluster.broker_controller, "TopicOneway")), 10, "3 one-way messages")
    assert sorted(m.get_body() for m in stored) == [b"one", b"three", b"two"]
    assert {m.get_queue_id() for m in stored if m.get_body() in (b"two", b"three")} == {1, 2}
    with pytest.raises(TypeError):
        producer.send_oneway(Message("TopicOneway", b"x"), RecordingSendCallback())


def _published_queues(producer, topic: str) -> List[MessageQueue]:
    """The topic's queues from the name server once it knows them: a broker registers an auto-created topic with
    a one-way REGISTER_BROKER (as Java's), which may still be under way when the send that created it returns."""
    def fetch() -> List[MessageQueue]:
        try:
            return producer.fetch_publish_message_queues(topic)
        except MQClientException:
            return []
    return wait_for(fetch, what="the route of %s" % topic)


def test_send_to_queue(new_producer) -> None:
    producer = new_producer()
    producer.send(Message("TopicQueue", b"create"))
    queues = _published_queues(producer, "TopicQueue")
    assert sorted(q.get_queue_id() for q in queues) == [0, 1, 2, 3]
    for mq in queues:
        result = producer.send(Message("TopicQueue", b"q"), mq)
        assert result.get_message_queue() == mq
    callback = RecordingSendCallback()
    producer.send(Message("TopicQueue", b"q"), queues[2], callback)
    producer.send(Message("TopicQueue", b"q"), queues[3], callback, 3000)
    callback.wait(2)
    assert [r.get_message_queue().get_queue_id() for r in sorted(callback.results,
                                                                key=lambda r: r.get_message_queue())] == [2, 3]
    with pytest.raises(MQClientException, match="message's topic not equal mq's topic"):
        producer.send(Message("TopicQueue", b"q"), MessageQueue("Other", "broker-a", 0))


class FirstQueue(MessageQueueSelector):
    def select(self, mqs, msg, arg):  # type: ignore[no-untyped-def]
        assert msg.get_topic() == "TopicSelect"  # the selector sees the topic without namespace
        return mqs[0]


def test_selectors(new_producer) -> None:
    producer = new_producer(namespace="nsSel")
    by_hash = SelectMessageQueueByHash()
    queue_ids = {producer.send(Message("TopicSelect", b"o"), by_hash, "order-42").get_message_queue().get_queue_id()
                 for _ in range(5)}
    assert queue_ids == {abs(UtilAll.string_hash_code("order-42")) % 4}
    assert producer.send(Message("TopicSelect", b"o"), FirstQueue(), None).get_message_queue().get_queue_id() == 0
    result = producer.send(Message("TopicSelect", b"o"), lambda mqs, msg, arg: mqs[arg % len(mqs)], 7, 3000)
    assert result.get_message_queue().get_queue_id() == 3
    assert result.get_message_queue().get_topic() == "TopicSelect"
    callback = RecordingSendCallback()
    producer.send(Message("TopicSelect", b"o"), by_hash, 1, callback)
    callback.wait()
    assert callback.results[0].get_message_queue().get_queue_id() == 1
    with pytest.raises(MQClientException, match="select message queue return null."):
        producer.send(Message("TopicSelect", b"o"), SelectMessageQueueByMachineRoom(), None)

    def broken(mqs, msg, arg):  # type: ignore[no-untyped-def]
        raise ValueError("boom")

    with pytest.raises(MQClientException, match="select message queue threw exception.") as info:
        producer.send(Message("TopicSelect", b"o"), broken, None)
    assert isinstance(info.value.__cause__, ValueError)


def test_batch_send(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    msgs = [Message("TopicBatch", "TagB", ("k%d" % i), ("batch-%d" % i).encode()) for i in range(3)]
    result = producer.send(msgs)
    assert result.get_send_status() is SendStatus.SEND_OK
    uniq_ids = [m.get_property("UNIQ_KEY") for m in msgs]
    assert result.get_msg_id() == ",".join(uniq_ids)
    assert len(result.get_offset_msg_id().split(",")) == 3
    stored = stored_messages(embedded_cluster.broker_controller, "TopicBatch")
    assert [m.get_body() for m in stored] == [b"batch-0", b"batch-1", b"batch-2"]
    assert [m.get_property("UNIQ_KEY") for m in stored] == uniq_ids
    assert [m.get_keys() for m in stored] == ["k0", "k1", "k2"]
    mq = result.get_message_queue()
    assert producer.send(tuple(Message("TopicBatch", b"t") for _ in range(2)), mq, 3000).get_message_queue() == mq
    callback = RecordingSendCallback()
    producer.send([Message("TopicBatch", b"cb")], callback)
    producer.send([Message("TopicBatch", b"cb")], mq, callback)
    callback.wait(2)
    assert not callback.errors
    with pytest.raises(TypeError):
        producer.send([Message("TopicBatch", b"x")], SelectMessageQueueByHash(), 1)


@pytest.mark.parametrize("messages, cause", [
    ([Message("TopicBatch", b"a"), Message("OtherTopic", b"b")],
     "The topic of the messages in one batch should be the same"),
    ([Message("TopicBatch", b"a"), Message("TopicBatch", b"b", wait_store_msg_ok=False)],
     "The waitStoreMsgOK of the messages in one batch should the same"),
    ([Message("%RETRY%G", b"a")], "Retry Group is not supported for batching"),
    ([Message("TopicBatch", b"")], "the message body length is zero"),
])
def test_batch_errors(new_producer, messages: List[Message], cause: str) -> None:
    producer = new_producer()
    with pytest.raises(MQClientException) as info:
        producer.send(messages)
    assert info.value.get_error_message() == "Failed to initiate the MessageBatch"
    assert cause in str(info.value.__cause__)


def test_batch_with_delay_is_refused(new_producer) -> None:
    producer = new_producer()
    msg = Message("TopicBatch", b"a")
    msg.set_delay_time_level(2)
    with pytest.raises(MQClientException, match="Failed to initiate the MessageBatch") as info:
        producer.send([msg])
    assert "TimeDelayLevel is not supported for batching" in str(info.value.__cause__)
    with pytest.raises(TypeError, match="a Message or a collection of Messages"):
        producer.send(b"not a message")


def test_compression(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    body = bytes(range(256)) * 19 + b"x" * 136  # 5000 bytes
    assert len(body) == 5000
    msg = Message("TopicZip", body)
    result = producer.send(msg)
    assert msg.get_body() == body  # the caller's message gets its body back
    small = Message("TopicZip", b"y" * 4095)
    producer.send(small)
    callback = RecordingSendCallback()
    async_msg = Message("TopicZip", body)
    producer.send(async_msg, callback)
    callback.wait()
    assert async_msg.get_body() == body
    stored = {m.get_property("UNIQ_KEY"): m for m in stored_messages(embedded_cluster.broker_controller, "TopicZip")}
    zipped = stored[result.get_msg_id()]
    assert zipped.get_sys_flag() == 769  # COMPRESSED_FLAG | COMPRESSION_ZLIB_TYPE
    assert zipped.get_body()[:2] == b"\x78\x5e"  # zlib level 5
    assert zlib.decompress(zipped.get_body()) == body
    assert stored[small.get_property("UNIQ_KEY")].get_sys_flag() == 0
    assert stored[callback.results[0].get_msg_id()].get_sys_flag() == 769


def test_namespace(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer(namespace="ns1")
    msg = Message("TopicNS", b"ns")
    result = producer.send(msg)
    assert result.get_message_queue().get_topic() == "TopicNS"
    assert msg.get_topic() == "TopicNS"
    stored = stored_messages(embedded_cluster.broker_controller, "ns1%TopicNS")
    assert len(stored) == 1 and stored[0].get_property("INSTANCE_ID") == "ns1"
    assert stored_messages(embedded_cluster.broker_controller, "TopicNS") == []
    mq = MessageQueue("TopicNS", "broker-a", 2)
    assert producer.send(Message("TopicNS", b"q"), mq).get_message_queue() == mq
    future = producer.send_async(Message("TopicNS", b"async"))
    assert future.result(10).get_message_queue().get_topic() == "TopicNS"
    batch = producer.send([Message("TopicNS", b"b1"), Message("TopicNS", b"b2")])
    assert batch.get_message_queue().get_topic() == "TopicNS"
    assert len(stored_messages(embedded_cluster.broker_controller, "ns1%TopicNS")) == 5
    queues = _published_queues(producer, "TopicNS")
    assert queues and {q.get_topic() for q in queues} == {"TopicNS"}
    assert producer.max_offset(MessageQueue("TopicNS", "broker-a", 2)) >= 1


def test_message_validation(new_producer) -> None:
    producer = new_producer(max_message_size=1024)
    with pytest.raises(MQClientException) as info:
        producer.send(Message("TopicV", b"z" * 1025))
    assert info.value.get_response_code() == ResponseCode.MESSAGE_ILLEGAL
    assert info.value.get_error_message() == "the message body size over max value, MAX: 1024"
    with pytest.raises(MQClientException, match=r"The specified topic\[bad topic\] contains illegal characters"):
        producer.send(Message("bad topic", b"x"))
    with pytest.raises(MQClientException, match=r"Sending message to topic\[SCHEDULE_TOPIC_XXXX\] is forbidden."):
        producer.send(Message("SCHEDULE_TOPIC_XXXX", b"x"))


class RecordingHook(SendMessageHook):
    def __init__(self) -> None:
        self.before: List[SendMessageContext] = []
        self.after: List[SendMessageContext] = []

    def hook_name(self) -> str:
        return "recording"

    def send_message_before(self, context: SendMessageContext) -> None:
        self.before.append(context)

    def send_message_after(self, context: SendMessageContext) -> None:
        self.after.append(context)


def test_send_message_hook(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    hook = RecordingHook()
    producer.get_default_mq_producer_impl().register_send_message_hook(hook)
    delayed = Message("TopicHook", b"d")
    delayed.set_delay_time_level(1)
    result = producer.send(delayed)
    assert len(hook.before) == 1 and hook.after == hook.before
    context = hook.after[0]
    assert context.get_producer_group() == producer.get_producer_group()
    assert context.get_communication_mode() is CommunicationMode.SYNC
    assert context.get_broker_addr() == embedded_cluster.broker_addr
    assert context.get_mq() == result.get_message_queue()
    assert context.get_send_result() is result
    assert context.get_msg_type() is MessageType.Delay_Msg
    assert context.get_exception() is None
