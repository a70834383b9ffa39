"""Fixtures of the pull consumer tests (``embedded_cluster`` and ``wait_until`` come from the parent conftest).

``producer``: a started DefaultMQProducer on the cluster. ``make_topic(name, queues=4)``: create a topic (from
TBW102) and wait until the name server routes it. ``send(topic, count, tags=None, body=...)``: produce messages,
returning the SendResults. ``new_pull_consumer(group=None, start=True, **settings)`` /
``new_lite_consumer(group=None, start=False, **settings)``: consumers with a unique group and instance name, the
settings applied through their setters; all are shut down after the test. ``thread_snapshot()`` and
``client_threads_left(before)``: the client threads started since a snapshot that are still alive.
"""
from __future__ import annotations

import itertools
import threading
from typing import Any, Callable, Iterator, List, Optional, Set

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_result import SendResult
from rocketmq_common.message.message import Message
from rocketmq_common.topic.topic_validator import TopicValidator

_ids = itertools.count()

#: thread name prefixes of the embedded NameServer and broker (started lazily when a client connects)
SERVER_THREAD_PREFIXES = ("NettyServerReader_", "SendMessageThread_", "PullMessageThread_", "QueryMessageThread_",
                          "AdminBrokerThread_", "ClientManageThread_", "HeartbeatThread_", "ConsumerManageThread_",
                          "EndTransactionThread_", "RemotingExecutorThread_", "brokerOutApi_thread_")


@pytest.fixture
def producer(embedded_cluster: EmbeddedCluster) -> Iterator[DefaultMQProducer]:
    made = DefaultMQProducer("PULL_TEST_PG_%d" % next(_ids))
    made.set_namesrv_addr(embedded_cluster.namesrv_addr)
    made.set_instance_name("pull-test-producer-%d" % next(_ids))
    made.start()
    yield made
    made.shutdown()


@pytest.fixture
def make_topic(producer: DefaultMQProducer, wait_until: Callable[..., None]) -> Callable[..., str]:
    def make(name: str, queues: int = 4) -> str:
        producer.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, name, queues)
        wait_until(lambda: len(producer.fetch_publish_message_queues(name)) == queues, 10,
                   "route of %s with %d queues" % (name, queues))
        return name

    return make


@pytest.fixture
def send(producer: DefaultMQProducer) -> Callable[..., List[SendResult]]:
    def do_send(topic: str, count: int, tags: Optional[str] = None, body: Optional[bytes] = None,
                start: int = 0) -> List[SendResult]:
        results = []
        for i in range(start, start + count):
            payload = body if body is not None else b"body-%d" % i
            results.append(producer.send(Message(topic, tags, payload) if tags else Message(topic, payload)))
        return results

    return do_send


def _configure(consumer: Any, namesrv_addr: str, settings: Any) -> None:
    consumer.set_namesrv_addr(namesrv_addr)
    consumer.set_instance_name("pull-test-%d" % next(_ids))
    for name, value in settings.items():
        getattr(consumer, "set_" + name)(value)


@pytest.fixture
def new_pull_consumer(embedded_cluster: EmbeddedCluster) -> Iterator[Callable[..., DefaultMQPullConsumer]]:
    made: List[DefaultMQPullConsumer] = []

    def make(group: Optional[str] = None, start: bool = True, namespace: Optional[str] = None,
             **settings: Any) -> DefaultMQPullConsumer:
        consumer = DefaultMQPullConsumer("PULL_CG_%d" % next(_ids) if group is None else group, namespace=namespace)
        _configure(consumer, embedded_cluster.namesrv_addr, settings)
        made.append(consumer)
        if start:
            consumer.start()
        return consumer

    yield make
    for consumer in made:
        consumer.shutdown()


@pytest.fixture
def new_lite_consumer(embedded_cluster: EmbeddedCluster) -> Iterator[Callable[..., DefaultLitePullConsumer]]:
    made: List[DefaultLitePullConsumer] = []

    def make(group: Optional[str] = None, start: bool = False, namespace: Optional[str] = None,
             **settings: Any) -> DefaultLitePullConsumer:
        consumer = DefaultLitePullConsumer("LITE_CG_%d" % next(_ids) if group is None else group,
                                           namespace=namespace)
        _configure(consumer, embedded_cluster.namesrv_addr, settings)
        made.append(consumer)
        if start:
            consumer.start()
        return consumer

    yield make
    for consumer in made:
        consumer.shutdown()


@pytest.fixture
def thread_snapshot() -> Callable[[], Set[threading.Thread]]:
    return lambda: set(threading.enumerate())


@pytest.fixture
def client_threads_left() -> Callable[[Set[threading.Thread]], List[str]]:
    def left(before: Set[threading.Thread]) -> List[str]:
        return sorted(t.name for t in threading.enumerate()
                      if t not in before and t.is_alive() and not t.name.startswith(SERVER_THREAD_PREFIXES))

    return left
