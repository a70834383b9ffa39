"""AsyncLitePullConsumer against the embedded cluster: ``async for``, poll, commit, assign and seek, and
shutdown failing a pending poll (a cancelled poll leaks nothing)."""
from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, List

import pytest

from client_support import client_settings, consumer_offsets, unique
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.asyncio import AsyncLitePullConsumer, AsyncProducer
from rocketmq_client.exception import MQClientException
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue

_FIRST = ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET


async def _send(cluster: EmbeddedCluster, topic: str, count: int, **kwargs: Any) -> None:
    async with AsyncProducer(unique("AsyncPG"), **client_settings(cluster)) as producer:
        await asyncio.gather(*(producer.send(Message(topic, b"m%d" % i), **kwargs) for i in range(count)))


def _lite(cluster: EmbeddedCluster, **settings: Any) -> AsyncLitePullConsumer:
    return AsyncLitePullConsumer(unique("AsyncLiteCG"), **client_settings(
        cluster, consume_from_where=_FIRST, poll_timeout_millis=500, **settings))


def test_lite_pull_async_for_and_commit(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("AsyncLiteTopic", 2)

    async def main() -> str:
        await _send(embedded_cluster, "AsyncLiteTopic", 40)
        consumer = _lite(embedded_cluster, auto_commit=False)
        consumer.subscribe("AsyncLiteTopic", "*")
        bodies = set()
        async with consumer:
            async for msg in consumer:
                bodies.add(msg.get_body())
                if len(bodies) == 40:
                    break
            await consumer.commit_sync(persist=True)
            assert await consumer.poll(100) == []
            queues = await consumer.fetch_message_queues("AsyncLiteTopic")
            assert sum([await consumer.committed(mq) for mq in queues]) == 40
        assert bodies == {b"m%d" % i for i in range(40)}
        return consumer.consumer.get_consumer_group()

    group = asyncio.run(main())
    assert sum(consumer_offsets(embedded_cluster.broker_controller, group, "AsyncLiteTopic").values()) == 40


def test_lite_pull_assign_and_seek(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("AsyncSeekTopic", 2)

    async def main() -> None:
        await _send(embedded_cluster, "AsyncSeekTopic", 10, mq=MessageQueue("AsyncSeekTopic",
                                                                           embedded_cluster.broker_name(0), 1))
        consumer = _lite(embedded_cluster)
        mq = MessageQueue("AsyncSeekTopic", embedded_cluster.broker_name(0), 1)
        consumer.assign([mq])
        assert consumer.assignment() == {mq}
        async with consumer:
            await consumer.seek(mq, 7)
            got: List[int] = []
            while len(got) < 3:
                got.extend(m.get_queue_offset() for m in await consumer.poll(2000))
        assert sorted(got) == [7, 8, 9]

    asyncio.run(main())


def test_lite_pull_shutdown_fails_a_pending_poll(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("AsyncLiteEmpty", 1)

    async def main() -> None:
        consumer = _lite(embedded_cluster)
        consumer.subscribe("AsyncLiteEmpty", "*")
        await consumer.start()
        poll = asyncio.ensure_future(consumer.poll(20000))
        await asyncio.sleep(0.1)
        begin = time.monotonic()
        await consumer.shutdown()
        assert time.monotonic() - begin < 5  # the 20 s poll does not hold the shutdown up
        with pytest.raises(MQClientException, match="shut down while this call was pending"):
            await poll
        with pytest.raises(MQClientException):
            await consumer.poll(10)
        iterated = [msg async for msg in consumer]  # ends at once: shut down
        assert iterated == []

    asyncio.run(main())
    assert not [t for t in threading.enumerate() if t.name.startswith("AsyncLitePullConsumer")]


def test_lite_pull_cancelled_poll_leaks_nothing(embedded_cluster: EmbeddedCluster) -> None:
    embedded_cluster.create_topic("AsyncLiteCancel", 1)

    async def main() -> None:
        async with _lite(embedded_cluster) as consumer:
            consumer.subscribe("AsyncLiteCancel", "*")
            polls = [asyncio.ensure_future(consumer.poll(300)) for _ in range(3)]
            await asyncio.sleep(0.05)
            for poll in polls:
                poll.cancel()
            await asyncio.gather(*polls, return_exceptions=True)
            assert len(consumer._pending) == 0
            assert await consumer.poll(10) == []

    asyncio.run(main())
