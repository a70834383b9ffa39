"""Failures of DefaultMQProducer sends: timeouts, brokers that refuse, a broker down, the async queue full."""
from __future__ import annotations

import threading
from typing import List

import pytest

from client_support import BrokerInterceptor, RecordingSendCallback, stored_messages, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.common.client_error_code import ClientErrorCode
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.hook.send_message_context import SendMessageContext
from rocketmq_client.hook.send_message_hook import SendMessageHook
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor
from rocketmq_remoting.exception import (RemotingConnectException, RemotingTimeoutException,
                                         RemotingTooMuchRequestException)


class AttemptHook(SendMessageHook):
    """Records (broker name, exception) of every send attempt."""

    def __init__(self) -> None:
        self.attempts: List[tuple] = []
        self.lock = threading.Lock()

    def hook_name(self) -> str:
        return "attempts"

    def send_message_before(self, context: SendMessageContext) -> None:
        pass

    def send_message_after(self, context: SendMessageContext) -> None:
        with self.lock:
            self.attempts.append((context.get_mq().get_broker_name(), context.get_exception()))


#: a producer whose route is never refreshed while the test runs (the first refresh is at start, the next one
#: after the test's 60 s timeout): the route keeps the broker the test stops, as a route up to 30 s old does in Java
STALE_ROUTE = {"poll_name_server_interval": 120000}


def stop_and_wait_disconnected(producer, controller) -> None:
    """Shuts ``controller`` down and waits until the producer's client holds no open or opening connection to it:
    a send written to the dead connection before the client saw it close fails on the write instead of at connect
    (so in Java too). A connect refused meanwhile (the heartbeat's) stays in the table as a failed entry, as in
    Java, until the next connect replaces it."""
    addr = controller.get_broker_addr()
    controller.shutdown()
    remoting = producer.get_default_mq_producer_impl().get_mq_client_factory().get_mq_client_api_impl() \
        .get_remoting_client()

    def no_live_connection() -> bool:
        cw = remoting.channel_tables.get(addr)
        return cw is None or (cw.is_done() and not cw.is_ok())

    wait_for(no_live_connection, 10, "the client to drop its connection to " + addr)


def test_zero_timeout_is_a_call_timeout(new_producer) -> None:
    producer = new_producer()
    with pytest.raises(RemotingTooMuchRequestException, match="^sendDefaultImpl call timeout$"):
        producer.send(Message("TopicTimeout", b"x"), 0)
    callback = RecordingSendCallback()
    producer.send(Message("TopicTimeout", b"x"), callback, 0)
    callback.wait()
    assert isinstance(callback.errors[0], RemotingTooMuchRequestException)
    assert str(callback.errors[0]) == "DEFAULT ASYNC send call timeout"


def test_slow_broker_times_out(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer(retry_times_when_send_failed=0)
    producer.send(Message("TopicSlow", b"route"))  # route cached before the broker turns slow
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2, hold=True):
        with pytest.raises(MQClientException) as info:
            producer.send(Message("TopicSlow", b"x"), 300)
        assert info.value.get_response_code() == ClientErrorCode.ACCESS_BROKER_TIMEOUT
        assert isinstance(info.value.__cause__, RemotingTimeoutException)
        assert info.value.get_error_message().startswith("Send [1] times, still failed, cost [")
        assert "Topic: TopicSlow, BrokersSent: [broker-a]" in info.value.get_error_message()
        # with retries the budget is spent by the first attempt: Java's "call timeout"
        producer.set_retry_times_when_send_failed(2)
        with pytest.raises(RemotingTooMuchRequestException, match="sendDefaultImpl call timeout"):
            producer.send(Message("TopicSlow", b"x"), 300)


@pytest.mark.embedded_cluster(broker_config={"reject_transaction_message": True})
def test_broker_refuses_no_permission(new_producer) -> None:
    producer = new_producer()
    hook = AttemptHook()
    producer.get_default_mq_producer_impl().register_send_message_hook(hook)
    msg = Message("TopicNoPerm", b"half")
    msg.put_property("TRAN_MSG", "true")
    with pytest.raises(MQClientException) as info:
        producer.send(msg)
    # NO_PERMISSION is one of the retried codes: 3 attempts, then the code of the last broker error
    assert info.value.get_response_code() == ResponseCode.NO_PERMISSION
    assert isinstance(info.value.__cause__, MQBrokerException)
    assert "Send [3] times, still failed" in info.value.get_error_message()
    assert len(hook.attempts) == 3
    assert all(isinstance(e, MQBrokerException) for _, e in hook.attempts)
    with pytest.raises(MQBrokerException) as broker_info:
        producer.send(msg, MessageQueue("TopicNoPerm", "broker-a", 0))
    assert broker_info.value.get_response_code() == ResponseCode.NO_PERMISSION
    assert broker_info.value.get_error_message() == "the broker[127.0.0.1] sending transaction message is forbidden"


@pytest.mark.embedded_cluster(broker_config={"auto_create_topic_enable": False})
def test_unknown_topic_without_auto_create(new_producer) -> None:
    producer = new_producer()
    with pytest.raises(MQClientException) as info:
        producer.send(Message("TopicUnknown", b"x"))
    assert info.value.get_response_code() == ClientErrorCode.NOT_FOUND_TOPIC_EXCEPTION
    assert info.value.get_error_message().startswith("No route info of this topic: TopicUnknown\nSee ")
    with pytest.raises(MQClientException, match=r"The broker\[broker-a\] not exist"):  # no route knows it yet
        producer.send(Message("TopicUnknown", b"x"), MessageQueue("TopicUnknown", "broker-a", 0))
    # the broker's own topic (brokerTopicEnable) exists: sending to it teaches the client broker-a's address
    assert producer.send(Message("broker-a", b"x")).get_send_status() is SendStatus.SEND_OK
    with pytest.raises(MQBrokerException) as broker_info:
        producer.send(Message("TopicUnknown", b"x"), MessageQueue("TopicUnknown", "broker-a", 0))
    assert broker_info.value.get_response_code() == ResponseCode.TOPIC_NOT_EXIST
    assert broker_info.value.get_error_message().startswith("topic[TopicUnknown] not exist, apply first please!")
    with pytest.raises(MQClientException, match="No route info for this topic, TopicUnknown"):
        producer.send(Message("TopicUnknown", b"x"), lambda mqs, msg, arg: mqs[0], None)


@pytest.mark.embedded_cluster(broker_config={"broker_permission": 4})
def test_read_only_broker_has_no_writable_route(new_producer) -> None:
    producer = new_producer()
    with pytest.raises(MQClientException) as info:
        producer.send(Message("TopicTest", b"x"))
    assert info.value.get_response_code() == ClientErrorCode.NOT_FOUND_TOPIC_EXCEPTION


def test_non_retried_broker_error_is_raised_at_once(new_producer) -> None:
    producer = new_producer()
    hook = AttemptHook()
    producer.get_default_mq_producer_impl().register_send_message_hook(hook)
    msg = Message("TopicBigProps", b"x")
    msg.put_user_property("big", "v" * 33000)  # the broker refuses properties over 32767 bytes
    with pytest.raises(MQBrokerException) as info:
        producer.send(msg)
    assert info.value.get_response_code() == ResponseCode.MESSAGE_ILLEGAL
    assert len(hook.attempts) == 1


@pytest.mark.embedded_cluster(brokers=2)
def test_retry_on_another_broker_when_one_is_down(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer(**STALE_ROUTE)
    producer.create_topic("TBW102", "TopicTwoBrokers", 2)
    route_brokers = wait_for(lambda: {q.get_broker_name() for q in
                                      producer.fetch_publish_message_queues("TopicTwoBrokers")} == {"broker-a",
                                                                                                   "broker-b"},
                             10, "the topic on both brokers")
    assert route_brokers
    producer.send(Message("TopicTwoBrokers", b"warm"))  # publish info cached with both brokers
    stop_and_wait_disconnected(producer, embedded_cluster.broker_controllers[1])
    hook = AttemptHook()
    producer.get_default_mq_producer_impl().register_send_message_hook(hook)
    results = [producer.send(Message("TopicTwoBrokers", ("m%d" % i).encode())) for i in range(8)]
    assert {r.get_send_status() for r in results} == {SendStatus.SEND_OK}
    assert {r.get_message_queue().get_broker_name() for r in results} == {"broker-a"}
    failed = [(b, e) for b, e in hook.attempts if e is not None]
    assert failed and {b for b, _ in failed} == {"broker-b"}
    assert all(isinstance(e, RemotingConnectException) for _, e in failed)
    # each failed attempt was followed by one on the other broker
    assert len(hook.attempts) == 8 + len(failed)
    stored = stored_messages(embedded_cluster.broker_controllers[0], "TopicTwoBrokers")
    assert sorted(m.get_body() for m in stored if m.get_body() != b"warm") == sorted(
        ("m%d" % i).encode() for i in range(8))
    # asynchronous sends are retried too (retryTimesWhenSendAsyncFailed), each on the other broker
    callback = RecordingSendCallback()
    for i in range(8):
        producer.send(Message("TopicTwoBrokers", ("a%d" % i).encode()), callback)
    callback.wait(8)
    assert not callback.errors
    assert {r.get_message_queue().get_broker_name() for r in callback.results} == {"broker-a"}


@pytest.mark.embedded_cluster(brokers=2)
def test_latency_fault_tolerance_isolates_the_down_broker(new_producer,
                                                          embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer(send_latency_fault_enable=True, **STALE_ROUTE)
    strategy = producer.get_default_mq_producer_impl().get_mq_fault_strategy()
    # only a failure (5.3.3: it counts as 10 000 ms) bans a broker (600 s), never a send slower than 5 s
    strategy.set_not_available_duration([0, 0, 0, 0, 0, 600000, 600000])
    tolerance = strategy.get_latency_fault_tolerance()
    producer.create_topic("TBW102", "TopicFault", 2)
    wait_for(lambda: {q.get_broker_name() for q in producer.fetch_publish_message_queues("TopicFault")}
             == {"broker-a", "broker-b"}, 10, "the topic on both brokers")
    producer.send(Message("TopicFault", b"warm"))
    stop_and_wait_disconnected(producer, embedded_cluster.broker_controllers[1])
    hook = AttemptHook()
    producer.get_default_mq_producer_impl().register_send_message_hook(hook)
    for i in range(12):
        assert producer.send(Message("TopicFault", b"x")).get_message_queue().get_broker_name() == "broker-a"
    # round robin reaches broker-b once; that failure isolates it for 600 s, so it is never tried again
    assert [b for b, e in hook.attempts if e is not None] == ["broker-b"]
    assert not tolerance.is_available("broker-b")
    assert tolerance.is_available("broker-a")


def test_async_queue_full_fails_at_once(new_producer) -> None:
    producer = new_producer()
    blocker = threading.Event()
    running = threading.Event()

    def block() -> None:
        running.set()
        blocker.wait(30)

    executor = ThreadPoolExecutor(1, 1, 1, "BlockedSender_")
    try:
        executor.execute(block)
        assert running.wait(10)
        executor.execute(lambda: None)  # fills the queue of 1
        producer.set_async_sender_executor(executor)
        callback = RecordingSendCallback()
        producer.send(Message("TopicFull", b"x"), callback)
        # delivered on the caller's thread before send() returned
        assert len(callback.errors) == 1 and callback.threads == [threading.current_thread().name]
        error = callback.errors[0]
        assert isinstance(error, MQClientException)
        assert "executor rejected" in str(error)
        future = producer.send_async(Message("TopicFull", b"y"))
        assert isinstance(future.exception(0), MQClientException)
    finally:
        blocker.set()
        executor.shutdown()
        executor.await_termination(10)


def _slave_not_available(response) -> None:  # type: ignore[no-untyped-def]
    response.code = ResponseCode.SLAVE_NOT_AVAILABLE


def test_store_not_ok_status_and_retry_another_broker(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer()
    hook = AttemptHook()
    producer.get_default_mq_producer_impl().register_send_message_hook(hook)
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2,
                           rewrite=_slave_not_available) as sends:
        result = producer.send(Message("TopicNotStoreOk", b"x"))
        assert result.get_send_status() is SendStatus.SLAVE_NOT_AVAILABLE
        assert len(sends.requests) == 1
        producer.set_retry_another_broker_when_not_store_ok(True)
        result = producer.send(Message("TopicNotStoreOk", b"y"))
        assert result.get_send_status() is SendStatus.SLAVE_NOT_AVAILABLE  # the last attempt's result
        assert len(sends.requests) == 1 + 3
    assert len(hook.attempts) == 4 and all(e is None for _, e in hook.attempts)
