"""AsyncProducer and AsyncTransactionProducer against the embedded cluster: every send form, request/reply, 10,000
awaited sends in flight from one loop without a thread each, cancellation leaking nothing, shutdown failing what
is pending, keyword configuration, transactions with coroutine listeners (including the broker's check-back)."""
from __future__ import annotations

import asyncio
import threading
from typing import Any, List

import pytest

from client_support import client_settings, eventually, unique
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.asyncio import (AsyncLitePullConsumer, AsyncProducer, AsyncPushConsumer, AsyncTransactionListener,
                                     AsyncTransactionProducer)
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.utils.message_util import MessageUtil
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.netty.netty_system_config import NettySystemConfig
from store_reading import stored_messages

TOPIC = "AsyncTopic"


def _producer(cluster: EmbeddedCluster, **settings: Any) -> AsyncProducer:
    return AsyncProducer(unique("AsyncPG"), **client_settings(cluster, **settings))


def test_keywords_are_the_core_setters() -> None:
    producer = AsyncProducer("KeywordPG", namesrv_addr="127.0.0.1:9876", send_msg_timeout=1234,
                             retry_times_when_send_async_failed=0)
    assert producer.producer.get_send_msg_timeout() == 1234
    assert producer.producer.get_namesrv_addr() == "127.0.0.1:9876"
    assert producer.producer.get_retry_times_when_send_async_failed() == 0
    with pytest.raises(TypeError, match=r"DefaultMQProducer\(\) got an unexpected keyword argument 'send_msg_timout' "
                                        r"\(did you mean 'send_msg_timeout'\?\)"):
        AsyncProducer("KeywordPG", send_msg_timout=1)
    with pytest.raises(TypeError, match="^DefaultMQPushConsumer\\(\\) got an unexpected keyword argument 'zzz'$"):
        AsyncPushConsumer("KeywordCG", zzz=1)
    # the asyncio push consumer waits for listener calls in flight unless told otherwise
    assert AsyncPushConsumer("KeywordCG").consumer.get_await_termination_millis_when_shutdown() == 30000
    consumer = AsyncPushConsumer("KeywordCG", await_termination_millis_when_shutdown=0, consume_thread_max=8)
    assert consumer.consumer.get_await_termination_millis_when_shutdown() == 0
    assert consumer.consumer.get_consume_thread_max() == 8
    assert AsyncLitePullConsumer("KeywordLCG", pull_batch_size=7).consumer.get_pull_batch_size() == 7


def test_every_send_form(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic(TOPIC, 4)

    async def main() -> None:
        async with _producer(embedded_cluster) as producer:
            plain = await producer.send(Message(TOPIC, "TagA", b"plain"))
            assert plain.get_send_status() is SendStatus.SEND_OK
            mq = MessageQueue(TOPIC, embedded_cluster.broker_name(0), 2)
            to_queue = await producer.send(Message(TOPIC, b"to queue"), mq)
            assert to_queue.get_message_queue().get_queue_id() == 2
            keyword_queue = await producer.send(Message(TOPIC, b"to queue"), mq=MessageQueue(
                TOPIC, embedded_cluster.broker_name(0), 3), timeout=5000)
            assert keyword_queue.get_message_queue().get_queue_id() == 3
            selected = await producer.send(Message(TOPIC, b"selected"), selector=lambda mqs, msg, arg: mqs[arg],
                                           arg=1)
            assert selected.get_message_queue().get_queue_id() == 1
            batch = await producer.send([Message(TOPIC, b"b%d" % i) for i in range(5)])
            assert batch.get_send_status() is SendStatus.SEND_OK and len(batch.get_msg_id().split(",")) == 5
            await producer.send_oneway(Message(TOPIC, b"oneway"))
            await producer.send_oneway(Message(TOPIC, b"oneway to queue"), mq)
            with pytest.raises(TypeError, match="mq or selector"):
                await producer.send(Message(TOPIC, b"x"), mq, selector=lambda *a: mq)

    asyncio.run(main())
    bodies = [m.get_body() for m in stored_messages(embedded_cluster.broker_controller, TOPIC)]
    expected = [b"plain", b"to queue", b"to queue", b"selected", b"oneway", b"oneway to queue"] + [
        b"b%d" % i for i in range(5)]
    assert sorted(bodies) == sorted(expected)


def test_send_failure_is_the_core_exception(embedded_cluster: EmbeddedCluster) -> None:
    async def main() -> None:
        producer = _producer(embedded_cluster)
        with pytest.raises(MQClientException, match="The producer service state not OK"):
            await producer.send(Message(TOPIC, b"not started"))

    asyncio.run(main())


def test_ten_thousand_sends_in_flight_from_one_loop(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic(TOPIC, 4)
    count = 10000

    async def main() -> List[Any]:
        async with _producer(embedded_cluster, send_msg_timeout=30000) as producer:
            await producer.send(Message(TOPIC, b"warm up"))  # the route, the connection
            threads_before = threading.active_count()
            most_threads = threads_before
            sends = [asyncio.ensure_future(producer.send(Message(TOPIC, b"m%d" % i))) for i in range(count)]
            pending = set(sends)
            while pending:
                _, pending = await asyncio.wait(pending, timeout=0.05)
                most_threads = max(most_threads, threading.active_count())
            assert most_threads - threads_before < 10, (threads_before, most_threads)
            return [s.result() for s in sends]

    results = asyncio.run(main())
    assert len(results) == count
    assert all(r.get_send_status() is SendStatus.SEND_OK for r in results)
    assert len({r.get_msg_id() for r in results}) == count


def test_cancelled_sends_leak_nothing(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic(TOPIC, 4)

    async def main() -> None:
        async with _producer(embedded_cluster) as producer:
            await producer.send(Message(TOPIC, b"warm up"))
            remoting = producer.producer.get_default_mq_producer_impl().get_mq_client_factory() \
                .get_mq_client_api_impl().get_remoting_client()
            permits = NettySystemConfig.CLIENT_ASYNC_SEMAPHORE_VALUE
            tasks = [asyncio.ensure_future(producer.send(Message(TOPIC, b"c%d" % i))) for i in range(300)]
            await asyncio.sleep(0)
            for task in tasks:
                task.cancel()
            outcomes = await asyncio.gather(*tasks, return_exceptions=True)
            assert any(isinstance(o, asyncio.CancelledError) for o in outcomes)
            assert len(producer._pending) == 0
            # the core completes each cancelled send (response or timeout) and gives its permit back
            await eventually(lambda: remoting.semaphore_async.available_permits() == permits, 15, "the permits")
            assert (await producer.send(Message(TOPIC, b"after"))).get_send_status() is SendStatus.SEND_OK

    asyncio.run(main())


def test_shutdown_fails_pending_requests(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("AsyncRequestNobody", 4)

    async def main() -> None:
        producer = _producer(embedded_cluster)
        await producer.start()
        requests = [asyncio.ensure_future(producer.request(Message("AsyncRequestNobody", b"q"), 30000))
                    for _ in range(3)]
        await eventually(lambda: len(stored_messages(embedded_cluster.broker_controller,
                                                     "AsyncRequestNobody")) == 3, 10, "the requests stored")
        await producer.shutdown()
        for outcome in await asyncio.gather(*requests, return_exceptions=True):
            assert isinstance(outcome, MQClientException), outcome
            assert "shut down while this call was pending" in str(outcome)
        assert len(producer._pending) == 0
        with pytest.raises(MQClientException):
            await producer.send_oneway(Message("AsyncRequestNobody", b"late"))

    asyncio.run(main())
    assert not [t for t in threading.enumerate() if t.name.startswith("AsyncProducer")]


def test_request_reply_round_trip(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("AsyncRequestTopic", 4)

    async def main() -> None:
        async with _producer(embedded_cluster) as requester, _producer(embedded_cluster) as replier:
            responder = AsyncPushConsumer(unique("AsyncResponder"), **client_settings(
                embedded_cluster, consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET))
            responder.subscribe("AsyncRequestTopic", "*")

            async def reply(msgs, context):
                for msg in msgs:
                    await replier.send(MessageUtil.create_reply_message(msg, b"re: " + msg.get_body()))
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

            responder.register_message_listener(reply)
            async with responder:
                answer = await requester.request(Message("AsyncRequestTopic", b"ping"), 15000)
                assert answer.get_body() == b"re: ping"

    asyncio.run(main())


class _Listener(AsyncTransactionListener):
    def __init__(self, outcome: LocalTransactionState) -> None:
        self.outcome = outcome
        self.executed: List[Any] = []
        self.checked: List[Any] = []

    async def execute_local_transaction(self, msg: Message, arg: Any) -> LocalTransactionState:
        await asyncio.sleep(0)
        self.executed.append((msg.get_body(), arg, threading.current_thread().name))
        return self.outcome

    async def check_local_transaction(self, msg: Any) -> LocalTransactionState:
        self.checked.append((msg.get_body(), threading.current_thread().name))
        return LocalTransactionState.COMMIT_MESSAGE


def test_transaction_commits(embedded_cluster: EmbeddedCluster) -> None:
    listener = _Listener(LocalTransactionState.COMMIT_MESSAGE)

    async def main() -> None:
        producer = AsyncTransactionProducer(unique("AsyncTxPG"), listener, **client_settings(embedded_cluster))
        async with producer:
            result = await producer.send_message_in_transaction(Message("AsyncTxTopic", b"committed"), "arg")
            assert result.get_local_transaction_state() is LocalTransactionState.COMMIT_MESSAGE

    asyncio.run(main())
    assert listener.executed == [(b"committed", "arg", "MainThread")]
    stored = [m.get_body() for m in stored_messages(embedded_cluster.broker_controller, "AsyncTxTopic")]
    assert stored == [b"committed"]


@pytest.mark.embedded_cluster(broker_config={"transaction_time_out": 100, "transaction_check_interval": 200})
def test_transaction_check_back_runs_on_the_loop(embedded_cluster: EmbeddedCluster) -> None:
    listener = _Listener(LocalTransactionState.UNKNOW)

    async def main() -> None:
        producer = AsyncTransactionProducer(unique("AsyncTxPG"), listener, **client_settings(embedded_cluster))
        async with producer:
            result = await producer.send_message_in_transaction(Message("AsyncTxCheckTopic", b"checked"))
            assert result.get_local_transaction_state() is LocalTransactionState.UNKNOW
            await eventually(lambda: stored_messages(embedded_cluster.broker_controller, "AsyncTxCheckTopic"),
                             20, "the message committed by the check-back")

    asyncio.run(main())
    assert listener.checked and listener.checked[0] == (b"checked", "MainThread")


def test_transaction_listener_must_be_coroutines(embedded_cluster: EmbeddedCluster) -> None:
    class Blocking:
        def execute_local_transaction(self, msg, arg):
            return LocalTransactionState.COMMIT_MESSAGE

        async def check_local_transaction(self, msg):
            return LocalTransactionState.COMMIT_MESSAGE

    async def main() -> None:
        producer = AsyncTransactionProducer(unique("AsyncTxPG"), Blocking(), **client_settings(embedded_cluster))
        with pytest.raises(TypeError, match="execute_local_transaction must be an async def method"):
            await producer.start()

    asyncio.run(main())
