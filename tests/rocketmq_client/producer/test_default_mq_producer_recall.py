"""Recall (5.3.2+) on the embedded cluster, as Java 5.3.3 has it: the recall handle of a delayed message's
SendResult, ``DefaultMQProducer.recall_message`` / ``AsyncProducer.recall_message`` cancelling it (never delivered,
while another delayed message of the same slot is), and Java's answers: ILLEGAL_OPERATION once the time has
passed or for a handle of another topic or broker, SUCCESS for a well-formed handle of no pending message,
NO_PERMISSION where ``recallMessageEnable`` is off, MQClientException for a malformed handle or an unsupported
topic before any request."""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import time
from typing import Callable, List

import pytest

from client_support import BrokerInterceptor, client_settings, stored_messages, trace_records, unique
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_broker.processor import recall_message_processor
from rocketmq_broker.store.timer.timer_message_store import TimerMessageStore
from rocketmq_client.asyncio import AsyncProducer
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.producer.recall_message_handle import RecallMessageHandle
from rocketmq_common.protocol.header.recall_message_request_header import (
    RecallMessageRequestHeader, RecallMessageResponseHeader)
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.invoke_callback import InvokeCallback
from rocketmq_remoting.netty.response_future import ResponseFuture
from waiting import wait_for

pytestmark = pytest.mark.timeout(90)

RECALL_ON = pytest.mark.embedded_cluster(broker_config={"recall_message_enable": True})
TOPIC = "TopicRecall"


def delayed(body: bytes, delay_ms: int = 2000, topic: str = TOPIC) -> Message:
    msg = Message(topic, body)
    msg.set_delay_time_ms(delay_ms)
    return msg


def bodies(cluster: EmbeddedCluster, topic: str = TOPIC) -> List[bytes]:
    return [m.get_body() for m in stored_messages(cluster.broker_controller, topic)]


def wait_delivered(cluster: EmbeddedCluster, body: bytes, topic: str = TOPIC) -> List[MessageExt]:
    """Wait until ``body`` is in ``topic`` and the timer wheel is empty (its slot was read): every message of that
    slot that is delivered at all is delivered by then."""
    timer = cluster.broker_controller.get_timer_message_store()
    wait_for(lambda: body in bodies(cluster, topic) and timer.get_all_congest_num() == 0, 15,
             "%r delivered to %s" % (body, topic))
    return stored_messages(cluster.broker_controller, topic)


def uniq_id(msg: MessageExt) -> str:
    return MessageClientIDSetter.get_uniq_id(msg)


def recall_error(producer: DefaultMQProducer, topic: str, handle: str) -> MQBrokerException:
    with pytest.raises(MQBrokerException) as info:
        producer.recall_message(topic, handle)
    return info.value


@RECALL_ON
def test_a_recalled_delayed_message_is_never_delivered_while_the_other_is(
        embedded_cluster: EmbeddedCluster, new_producer: Callable[..., DefaultMQProducer]) -> None:
    embedded_cluster.create_topic(TOPIC)
    producer = new_producer()
    kept, recalled = producer.send(delayed(b"kept")), producer.send(delayed(b"recalled"))
    handle = RecallMessageHandle.decode_handle(recalled.get_recall_handle())
    assert isinstance(handle, RecallMessageHandle.HandleV1)
    (pending,) = [m for m in stored_messages(embedded_cluster.broker_controller, TimerMessageStore.TIMER_TOPIC)
                  if m.get_body() == b"recalled"]
    assert (handle.get_version(), handle.get_topic(), handle.get_broker_name(), handle.get_message_id()) == (
        "v1", TOPIC, "broker-a", recalled.get_msg_id())
    assert int(handle.get_timestamp_str()) == int(pending.get_property(MessageConst.PROPERTY_TIMER_OUT_MS)) + 1
    assert kept.get_recall_handle() not in (None, recalled.get_recall_handle())
    assert str(recalled).endswith(", recallHandle=%s]" % recalled.get_recall_handle())

    assert producer.recall_message(TOPIC, recalled.get_recall_handle()) == recalled.get_msg_id()

    assert [uniq_id(m) for m in wait_delivered(embedded_cluster, b"kept")] == [kept.get_msg_id()]
    assert bodies(embedded_cluster) == [b"kept"]  # neither the recalled message nor the marker


def test_only_delayed_messages_get_a_recall_handle(embedded_cluster: EmbeddedCluster,
                                                   new_producer: Callable[..., DefaultMQProducer]) -> None:
    producer = new_producer()
    plain = producer.send(Message(TOPIC, b"now"))
    assert plain.get_recall_handle() is None and str(plain).endswith(", recallHandle=null]")
    level = Message(TOPIC, b"level")
    level.set_delay_time_level(1)
    assert producer.send(level).get_recall_handle() is None
    assert producer.send([Message(TOPIC, b"b1"), Message(TOPIC, b"b2")]).get_recall_handle() is None
    assert producer.send(delayed(b"timer")).get_recall_handle() is not None


@RECALL_ON
def test_recall_after_delivery_is_an_illegal_operation(embedded_cluster: EmbeddedCluster,
                                                       new_producer: Callable[..., DefaultMQProducer]) -> None:
    embedded_cluster.create_topic(TOPIC)
    producer = new_producer()
    result = producer.send(delayed(b"soon", 500))
    wait_delivered(embedded_cluster, b"soon")
    error = recall_error(producer, TOPIC, result.get_recall_handle())
    assert (error.get_response_code(), error.get_error_message()) == (ResponseCode.ILLEGAL_OPERATION,
                                                                      "recall failed, timestamp invalid")
    assert bodies(embedded_cluster) == [b"soon"]


@RECALL_ON
def test_handles_the_broker_refuses_or_accepts_as_java_does(embedded_cluster: EmbeddedCluster,
                                                           new_producer: Callable[..., DefaultMQProducer]) -> None:
    embedded_cluster.create_topic(TOPIC)
    embedded_cluster.create_topic("TopicOther")
    producer = new_producer()
    future = str(int(time.time() * 1000) + 60000)
    unknown = RecallMessageHandle.HandleV1.build_handle(TOPIC, "broker-a", future, "NO_SUCH_MESSAGE")
    # a well-formed handle of no pending message: Java's broker stores the marker and answers SUCCESS
    assert producer.recall_message(TOPIC, unknown) == "NO_SUCH_MESSAGE"
    other_broker = RecallMessageHandle.HandleV1.build_handle(TOPIC, "broker-z", future, "X")
    error = recall_error(producer, TOPIC, other_broker)  # sent to a broker of the topic, which is not broker-z
    assert (error.get_response_code(), error.get_error_message()) == (ResponseCode.ILLEGAL_OPERATION,
                                                                      "recall failed, broker service not available")
    error = recall_error(producer, "TopicOther", unknown)
    assert (error.get_response_code(), error.get_error_message()) == (ResponseCode.ILLEGAL_OPERATION,
                                                                      "recall failed, topic not match")
    too_far = str(int(time.time() * 1000) + 4 * 24 * 3600 * 1000)
    error = recall_error(producer, TOPIC, RecallMessageHandle.HandleV1.build_handle(TOPIC, "broker-a", too_far, "X"))
    assert (error.get_response_code(), error.get_error_message()) == (ResponseCode.ILLEGAL_OPERATION,
                                                                      "recall failed, timestamp invalid")
    error = recall_error(producer, TOPIC, RecallMessageHandle.HandleV1.build_handle(TOPIC, "broker-a", "x1", "X"))
    assert error.get_error_message() == "recall failed, timestamp invalid"


@RECALL_ON
def test_the_broker_refuses_a_malformed_handle_and_an_unknown_topic(
        embedded_cluster: EmbeddedCluster, new_producer: Callable[..., DefaultMQProducer],
        caplog: pytest.LogCaptureFixture) -> None:
    """Past the client's checks (straight through MQClientAPIImpl): ILLEGAL_OPERATION, TOPIC_NOT_EXIST, one INFO
    line each, and the broker goes on serving."""
    embedded_cluster.create_topic(TOPIC)
    producer = new_producer()
    api = producer.get_default_mq_producer_impl().get_mq_client_factory().get_mq_client_api_impl()
    addr = embedded_cluster.broker_addr

    def raw_recall(topic: str, handle: str) -> MQBrokerException:
        header = RecallMessageRequestHeader(producer_group="PG", topic=topic, recall_handle=handle)
        with pytest.raises(MQBrokerException) as info:
            api.recall_message(addr, header, 3000)
        return info.value

    caplog.set_level(logging.INFO, logger=recall_message_processor.__name__)
    error = raw_recall(TOPIC, "not base64!")
    assert (error.get_response_code(), error.get_error_message()) == (ResponseCode.ILLEGAL_OPERATION,
                                                                      "recall handle is invalid")
    error = raw_recall("TopicNowhere", "djEgYSBiIGMgZA==")
    assert (error.get_response_code(), error.get_error_message()) == (
        ResponseCode.TOPIC_NOT_EXIST, "recall failed, the topic[TopicNowhere] not exist")
    records = [r for r in caplog.records if r.name == recall_message_processor.__name__]
    assert len(records) == 2 and all(r.levelno == logging.INFO and r.exc_info is None for r in records)
    assert "ILLEGAL_OPERATION recall handle is invalid" in records[0].getMessage()
    assert producer.send(Message(TOPIC, b"still serving")).get_send_status().name == "SEND_OK"


def test_recall_is_refused_where_the_broker_has_it_off(embedded_cluster: EmbeddedCluster,
                                                       new_producer: Callable[..., DefaultMQProducer]) -> None:
    embedded_cluster.create_topic(TOPIC)
    assert embedded_cluster.broker_controller.get_broker_config().is_recall_message_enable() is False
    producer = new_producer()
    result = producer.send(delayed(b"delivered anyway", 1000))
    error = recall_error(producer, TOPIC, result.get_recall_handle())
    assert (error.get_response_code(), error.get_error_message()) == (ResponseCode.NO_PERMISSION,
                                                                      "recall failed, operation is forbidden")
    wait_delivered(embedded_cluster, b"delivered anyway")


def test_the_client_checks_topic_and_handle_before_any_request(
        embedded_cluster: EmbeddedCluster, new_producer: Callable[..., DefaultMQProducer]) -> None:
    producer = new_producer()
    good = RecallMessageHandle.HandleV1.build_handle(TOPIC, "broker-a", str(int(time.time() * 1000) + 9000), "X")
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.RECALL_MESSAGE) as interceptor:
        for topic, handle, text in (
                (TOPIC, "", "recall handle is invalid: pass the SendResult.get_recall_handle() of a delayed message"),
                (TOPIC, None, "recall handle is invalid"),
                (TOPIC, "djEgYSBiIGM=", "recall handle is invalid"),  # "v1 a b c": four fields
                (TOPIC, "djIgYSBiIGMgZA==", "recall handle is invalid"),  # "v2 a b c d"
                (TOPIC, "v1 a b c d", "recall handle is invalid"),  # not Base64
                ("%RETRY%G", good, "topic is not supported"),
                ("%DLQ%G", good, "topic is not supported"),
                ("", good, "The specified topic is blank"),
                ("bad topic", good, "contains illegal characters")):
            with pytest.raises(MQClientException, match=text.replace("(", r"\(").replace(")", r"\)")):
                producer.recall_message(topic, handle)  # type: ignore[arg-type]
        assert interceptor.requests == []
    with pytest.raises(MQClientException, match="The producer service state not OK"):
        new_producer(start=False).recall_message(TOPIC, good)


@RECALL_ON
def test_recall_message_async_hands_the_response_to_its_callback(
        embedded_cluster: EmbeddedCluster, new_producer: Callable[..., DefaultMQProducer]) -> None:
    embedded_cluster.create_topic(TOPIC)
    producer = new_producer()
    result = producer.send(delayed(b"async recalled"))
    producer.send(delayed(b"async kept"))
    done: "concurrent.futures.Future[str]" = concurrent.futures.Future()

    class Callback(InvokeCallback):
        def operation_complete(self, response_future: ResponseFuture) -> None:
            response = response_future.get_response_command()
            assert response is not None and response.get_code() == ResponseCode.SUCCESS, response
            done.set_result(response.decode_command_custom_header(RecallMessageResponseHeader).msg_id)

    api = producer.get_default_mq_producer_impl().get_mq_client_factory().get_mq_client_api_impl()
    header = RecallMessageRequestHeader(producer_group=producer.get_producer_group(), topic=TOPIC,
                                        recall_handle=result.get_recall_handle(), bname="broker-a")
    api.recall_message_async(embedded_cluster.broker_addr, header, 3000, Callback())
    assert done.result(10) == result.get_msg_id()
    wait_delivered(embedded_cluster, b"async kept")
    assert bodies(embedded_cluster) == [b"async kept"]


@RECALL_ON
def test_async_producer_recall_awaits_off_the_loop(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic(TOPIC)

    async def main() -> List[SendResult]:
        async with AsyncProducer(unique("AsyncRecallPG"), **client_settings(embedded_cluster)) as producer:
            recalled = await producer.send(delayed(b"aio recalled"))
            kept = await producer.send(delayed(b"aio kept"))
            ticks = 0

            async def tick() -> None:
                nonlocal ticks
                while True:
                    ticks += 1
                    await asyncio.sleep(0)

            ticker = asyncio.ensure_future(tick())
            assert await producer.recall_message(TOPIC, recalled.get_recall_handle()) == recalled.get_msg_id()
            ticker.cancel()
            assert ticks > 0  # the loop ran while the recall was on its way
            with pytest.raises(MQClientException, match="recall handle is invalid"):
                await producer.recall_message(TOPIC, "garbage")
            return [recalled, kept]

    recalled, kept = asyncio.run(main())
    assert [uniq_id(m) for m in wait_delivered(embedded_cluster, b"aio kept")] == [kept.get_msg_id()]
    assert recalled.get_msg_id() not in [uniq_id(m) for m in stored_messages(embedded_cluster.broker_controller, TOPIC)]


@RECALL_ON
def test_a_tracing_producer_traces_its_recalls_when_the_recall_trace_is_on(
        embedded_cluster: EmbeddedCluster, new_producer: Callable[..., DefaultMQProducer],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """5.3.3's DefaultRecallMessageTraceHook (on with ``com.rocketmq.recall.default.trace.enable``): a Recall
    record with the handle's message id, the producer's group and the broker's region."""
    monkeypatch.setenv("com.rocketmq.recall.default.trace.enable", "true")
    topic = unique("TopicRecallTraced")
    embedded_cluster.create_topic(topic)
    producer = new_producer(enable_trace=True, trace_msg_batch_num=1)  # each record sent at once
    handle = producer.send(delayed(b"traced", 60_000, topic)).get_recall_handle()
    producer.recall_message(topic, handle)
    msg_id = RecallMessageHandle.decode_handle(handle).get_message_id()

    def recall_records() -> list:
        return [ctx for _, ctx in trace_records(embedded_cluster.broker_controller,
                                                TopicValidator.RMQ_SYS_TRACE_TOPIC)
                if ctx.get_trace_type() is TraceType.Recall and ctx.get_trace_beans()[0].get_msg_id() == msg_id]

    [ctx] = wait_for(recall_records, 15, "the Recall trace record")
    assert (ctx.get_group_name(), ctx.get_region_id(), ctx.is_success(), ctx.get_trace_beans()[0].get_topic()) == (
        producer.get_producer_group(), embedded_cluster.broker_controller.get_broker_config().region_id, True, topic)
