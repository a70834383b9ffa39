"""AsyncPushConsumer against the embedded cluster: coroutine listeners on the loop (concurrently and
orderly), the core's flow control with a slow listener, shutdown waiting for the running listeners and persisting
offsets."""
from __future__ import annotations

import asyncio
import threading
from typing import Any, List

import pytest

from client_support import client_settings, consumer_offsets, eventually, unique
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.asyncio import AsyncProducer, AsyncPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

_FIRST = ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET


async def _send(cluster: EmbeddedCluster, topic: str, count: int, **kwargs: Any) -> None:
    async with AsyncProducer(unique("AsyncPG"), **client_settings(cluster)) as producer:
        await asyncio.gather(*(producer.send(Message(topic, b"m%d" % i), **kwargs) for i in range(count)))


def _push_consumer(cluster: EmbeddedCluster, topic: str, **settings: Any) -> AsyncPushConsumer:
    consumer = AsyncPushConsumer(unique("AsyncCG"), **client_settings(
        cluster, **dict({"consume_from_where": _FIRST, "persist_consumer_offset_interval": 1000}, **settings)))
    consumer.subscribe(topic, "*")
    return consumer


def test_push_listener_runs_on_the_loop(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("AsyncPushTopic", 4)
    received: List[bytes] = []
    threads = set()

    async def main() -> None:
        await _send(embedded_cluster, "AsyncPushTopic", 50)
        consumer = _push_consumer(embedded_cluster, "AsyncPushTopic")

        async def listener(msgs, context):
            await asyncio.sleep(0)
            threads.add(threading.current_thread().name)
            received.extend(m.get_body() for m in msgs)
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

        consumer.register_message_listener(listener)
        async with consumer:
            await eventually(lambda: len(set(received)) == 50, 20, "50 messages")

    asyncio.run(main())
    assert set(received) == {b"m%d" % i for i in range(50)}
    assert threads == {"MainThread"}


def test_push_orderly(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("AsyncOrderTopic", 4)
    received: List[bytes] = []

    async def main() -> None:
        async with AsyncProducer(unique("AsyncPG"), **client_settings(embedded_cluster)) as producer:
            for i in range(30):  # one queue, in order
                await producer.send(Message("AsyncOrderTopic", b"%02d" % i), selector=lambda mqs, msg, arg: mqs[0])
        consumer = _push_consumer(embedded_cluster, "AsyncOrderTopic")

        async def listener(msgs, context):
            received.extend(m.get_body() for m in msgs)
            return ConsumeOrderlyStatus.SUCCESS

        consumer.register_message_listener(listener, orderly=True)
        async with consumer:
            await eventually(lambda: len(received) >= 30, 20, "30 messages")

    asyncio.run(main())
    assert received[:30] == [b"%02d" % i for i in range(30)]


def test_push_listener_must_be_a_coroutine_function() -> None:
    consumer = AsyncPushConsumer("AsyncCG_sync")
    with pytest.raises(TypeError, match="listener must be an async def function"):
        consumer.register_message_listener(lambda msgs, context: ConsumeConcurrentlyStatus.CONSUME_SUCCESS)


def test_slow_listener_slows_pulling(embedded_cluster: EmbeddedCluster) -> None:
    """Two consume threads: never more than two listener calls at once; the one queue's cache stops growing at
    the pull threshold (pulling pauses) while the listener is held."""
    embedded_cluster.create_topic("AsyncSlowTopic", 1)
    running = 0
    most_running = 0
    consumed: List[bytes] = []

    async def main() -> None:
        await _send(embedded_cluster, "AsyncSlowTopic", 200)
        release = asyncio.Event()
        consumer = _push_consumer(embedded_cluster, "AsyncSlowTopic", consume_thread_min=2, consume_thread_max=2,
                                  pull_threshold_for_queue=20, pull_batch_size=10)

        async def listener(msgs, context):
            nonlocal running, most_running
            running += 1
            most_running = max(most_running, running)
            try:
                await release.wait()
            finally:
                running -= 1
            consumed.extend(m.get_body() for m in msgs)
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

        consumer.register_message_listener(listener)
        async with consumer:
            await eventually(lambda: running == 2, 20, "two listener calls running")
            table = consumer.consumer.get_default_mq_push_consumer_impl().rebalance_impl.process_queue_table
            cached = lambda: sum(pq.get_msg_count().get() for pq in table.values())  # noqa: E731
            await eventually(lambda: cached() >= 20, 20, "the cache at the pull threshold")
            # held listeners: the consumer stops pulling (flow control) instead of caching all 200
            for _ in range(25):
                await asyncio.sleep(0.02)
            assert 20 <= cached() <= 30 and running == 2
            release.set()
            await eventually(lambda: len(set(consumed)) == 200, 30, "all 200 messages")

    asyncio.run(main())
    assert most_running == 2


def test_shutdown_waits_for_running_listeners_and_persists_offsets(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("AsyncShutdownTopic", 1)
    finished: List[bytes] = []

    async def main() -> str:
        await _send(embedded_cluster, "AsyncShutdownTopic", 3)
        started = asyncio.Event()
        release = asyncio.Event()
        consumer = _push_consumer(embedded_cluster, "AsyncShutdownTopic", consume_thread_min=1,
                                  consume_thread_max=1, persist_consumer_offset_interval=60000)

        async def listener(msgs, context):
            started.set()
            await release.wait()
            finished.extend(m.get_body() for m in msgs)
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

        consumer.register_message_listener(listener)
        await consumer.start()
        await started.wait()
        shutdown = asyncio.ensure_future(consumer.shutdown())
        await asyncio.sleep(0.2)
        assert not shutdown.done()  # waiting for the listener, the loop free meanwhile
        release.set()
        await asyncio.wait_for(shutdown, 30)
        return consumer.consumer.get_consumer_group()

    group = asyncio.run(main())
    assert sorted(finished) == [b"m0", b"m1", b"m2"]
    assert consumer_offsets(embedded_cluster.broker_controller, group, "AsyncShutdownTopic") == {0: 3}
    assert not [t for t in threading.enumerate() if t.name.startswith("ConsumeMessageThread_")]


def test_push_pop_mode(embedded_cluster: EmbeddedCluster) -> None:
    """``client_rebalance=False`` in a group in POP mode: two async consumers on a 1-queue topic share it (POP),
    the coroutine's RECONSUME_LATER changes the invisible time and the message comes again, each other message is
    acked once."""
    topic, group = unique("AsyncPopTopic"), unique("AsyncPopCG")
    embedded_cluster.create_topic(topic, 1)
    with DefaultMQAdminExt(namesrv_addr=embedded_cluster.namesrv_addr, instance_name=unique("a")) as admin:
        admin.set_message_request_mode(embedded_cluster.broker_addr, topic, group, MessageRequestMode.POP, 0, 5000)
    received: List[bytes] = []
    later = {b"m3"}

    async def listener(msgs, context):
        await asyncio.sleep(0)
        received.extend(m.get_body() for m in msgs)
        if any(m.get_body() in later for m in msgs):
            later.clear()
            return ConsumeConcurrentlyStatus.RECONSUME_LATER
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    async def main() -> None:
        consumers = []
        for _ in range(2):
            consumer = AsyncPushConsumer(group, **client_settings(
                embedded_cluster, consume_from_where=_FIRST, client_rebalance=False, pop_batch_nums=1))
            consumer.subscribe(topic, "*")
            consumer.register_message_listener(listener)
            consumers.append(consumer)
            await consumer.start()
        try:
            assert consumers[0].consumer.is_client_rebalance() is False
            await _send(embedded_cluster, topic, 10)
            await eventually(lambda: received.count(b"m3") == 2 and len(set(received)) == 10, 40, "m3 again")
        finally:
            for consumer in consumers:
                await consumer.shutdown()

    asyncio.run(main())
    assert sorted(received) == sorted([b"m%d" % i for i in range(10)] + [b"m3"])
