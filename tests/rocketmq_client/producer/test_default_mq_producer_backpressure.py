"""Async back-pressure (Java 5.3.3 ``enableBackpressureForAsyncMode``): at most ``back_pressure_for_async_send_num``
async sends and ``back_pressure_for_async_send_size`` body bytes wait for the broker's answer; a send over the
limit waits for a permit up to its timeout, then fails with Java's RemotingTooMuchRequestException. The broker is
made unresponsive by holding its SEND_MESSAGE_V2 requests (enough send threads that every request reaches the
interceptor, which counts them)."""
from __future__ import annotations

import asyncio
import os
import threading

import pytest

from client_support import BrokerInterceptor, RecordingSendCallback, client_settings, unique
from waiting import wait_for

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.asyncio import AsyncProducer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.exception import RemotingTooMuchRequestException

TOPIC = "BackPressureTopic"
SLOW = pytest.mark.embedded_cluster(broker_config={"send_message_thread_pool_nums": 32})


def test_defaults_and_minimums() -> None:
    producer = DefaultMQProducer("BackPressurePG")
    assert producer.is_enable_backpressure_for_async_mode() is False
    assert producer.get_back_pressure_for_async_send_num() == 10000
    assert producer.get_back_pressure_for_async_send_size() == 100 * 1024 * 1024
    impl = producer.get_default_mq_producer_impl()
    assert impl.get_semaphore_async_send_num_available_permits() == 10000
    producer.set_back_pressure_for_async_send_num(3)
    producer.back_pressure_for_async_send_size = 1000
    assert producer.get_back_pressure_for_async_send_num() == 10
    assert producer.get_back_pressure_for_async_send_size() == 1024 * 1024
    assert impl.get_semaphore_async_send_num_available_permits() == 10
    assert impl.get_semaphore_async_send_size_available_permits() == 1024 * 1024
    keyworded = DefaultMQProducer("BackPressurePG", enable_backpressure_for_async_mode=True,
                                  back_pressure_for_async_send_num=5, back_pressure_for_async_send_size=2 << 20)
    assert keyworded.is_enable_backpressure_for_async_mode() is True
    assert keyworded.get_back_pressure_for_async_send_num() == 10
    assert keyworded.get_default_mq_producer_impl().get_semaphore_async_send_size_available_permits() == 2 << 20
    with pytest.raises(TypeError):
        producer.set_back_pressure_for_async_send_num("10")  # type: ignore[arg-type]


@SLOW
def test_at_most_num_sends_in_flight(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer(enable_backpressure_for_async_mode=True, back_pressure_for_async_send_num=10)
    producer.send(Message(TOPIC, b"route"))
    impl = producer.get_default_mq_producer_impl()
    callback = RecordingSendCallback()
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2, hold=True) as sends:
        for i in range(10):
            producer.send(Message(TOPIC, b"m%d" % i), callback, 20000)
        sends.wait_requests(10)
        assert impl.get_semaphore_async_send_num_available_permits() == 0
        late = RecordingSendCallback()
        producer.send(Message(TOPIC, b"late"), late, 300)  # waits 300 ms for a permit on this thread
        late.wait()
        assert len(sends.requests) == 10 and not late.results
        assert isinstance(late.errors[0], RemotingTooMuchRequestException)
        assert str(late.errors[0]) == "send message tryAcquire semaphoreAsyncNum timeout"
        # raising the limit while 10 are in flight frees exactly the difference
        producer.set_back_pressure_for_async_send_num(12)
        assert impl.get_semaphore_async_send_num_available_permits() == 2
        producer.send(Message(TOPIC, b"m10"), callback, 20000)
        producer.send(Message(TOPIC, b"m11"), callback, 20000)
        sends.wait_requests(12)
        sends.release_all()
        callback.wait(12)
    assert not callback.errors and len({r.get_msg_id() for r in callback.results}) == 12
    assert impl.get_semaphore_async_send_num_available_permits() == 12


@SLOW
def test_a_waiting_send_goes_once_a_permit_returns(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer(enable_backpressure_for_async_mode=True, back_pressure_for_async_send_num=10)
    producer.send(Message(TOPIC, b"route"))
    callback = RecordingSendCallback()
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2, hold=True) as sends:
        for i in range(10):
            producer.send(Message(TOPIC, b"m%d" % i), callback, 20000)
        sends.wait_requests(10)
        late = RecordingSendCallback()
        sender = threading.Thread(target=producer.send, args=(Message(TOPIC, b"eleventh"), late, 20000))
        sender.start()  # blocks in send until a permit returns
        semaphore = producer.get_default_mq_producer_impl().semaphore_async_send_num
        wait_for(lambda: semaphore._waiters == 1, 10, "the eleventh send to wait for a permit")
        assert sender.is_alive() and len(sends.requests) == 10
        sends.release_all()
        sender.join(10)
        late.wait()
        assert late.results and late.results[0].get_msg_id()
        callback.wait(10)
    assert not callback.errors


@SLOW
def test_size_limit(new_producer, embedded_cluster: EmbeddedCluster) -> None:
    producer = new_producer(enable_backpressure_for_async_mode=True, back_pressure_for_async_send_size=1024 * 1024)
    producer.send(Message(TOPIC, b"route"))
    callback = RecordingSendCallback()
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2, hold=True) as sends:
        for _ in range(3):  # 3 x 300 KiB fit in 1 MiB, a fourth does not
            producer.send(Message(TOPIC, os.urandom(300 * 1024)), callback, 20000)
        sends.wait_requests(3)
        late = RecordingSendCallback()
        producer.send(Message(TOPIC, os.urandom(300 * 1024)), late, 300)
        late.wait()
        assert str(late.errors[0]) == "send message tryAcquire semaphoreAsyncSize timeout"
        assert len(sends.requests) == 3
        sends.release_all()
        callback.wait(3)
    assert not callback.errors
    impl = producer.get_default_mq_producer_impl()
    assert impl.get_semaphore_async_send_size_available_permits() == 1024 * 1024
    assert impl.get_semaphore_async_send_num_available_permits() == 10000


def test_disabled_takes_no_permit(new_producer) -> None:
    producer = new_producer()
    producer.send_async(Message(TOPIC, b"x")).result(10)
    assert producer.get_default_mq_producer_impl().get_semaphore_async_send_num_available_permits() == 10000


@SLOW
def test_asyncio_producer_keeps_its_loop_running(embedded_cluster: EmbeddedCluster) -> None:
    async def scenario() -> None:
        producer = AsyncProducer(unique("AsyncBackPressurePG"), **client_settings(
            embedded_cluster, enable_backpressure_for_async_mode=True, back_pressure_for_async_send_num=10,
            send_msg_timeout=20000))
        async with producer:
            await producer.send(Message(TOPIC, b"route"))
            loop = asyncio.get_running_loop()
            with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2,
                                   hold=True) as sends:
                tasks = [asyncio.ensure_future(producer.send(Message(TOPIC, b"m%d" % i))) for i in range(15)]
                await loop.run_in_executor(None, sends.wait_requests, 10)
                # five sends wait for a permit; the loop still runs timers and other tasks
                ticked = loop.create_future()
                loop.call_later(0.01, ticked.set_result, True)
                assert await asyncio.wait_for(ticked, 5)
                assert len(sends.requests) == 10 and not any(task.done() for task in tasks)
                sends.release_all()
                results = await asyncio.wait_for(asyncio.gather(*tasks), 20)
            assert len({r.get_msg_id() for r in results}) == 15

    asyncio.run(scenario())
