"""Fixtures of the client tests (``embedded_cluster``, ``wait_until`` and ``closing`` come from ``tests/conftest.py``;
as a conftest without ``__init__.py`` this module also puts ``tests/rocketmq_client/`` on ``sys.path`` before the
sub-directories are collected, so every client test imports ``client_support`` by module name).

``client_config``: a :class:`ClientConfig` pointing at the cluster, with a unique instance name and short
intervals. ``client_instance``: a factory of started :class:`MQClientInstance` objects from ``MQClientManager``,
all shut down (with their test producers/consumers unregistered) after the test. ``recording_producer`` /
``recording_consumer``: MQProducerInner / MQConsumerInner stand-ins recording what the instance asks.

``new_producer(group=None, cls=DefaultMQProducer, start=True, namespace=None, **settings)``: a producer pointed at
the cluster, with a unique group unless given and the settings applied through their setters. ``new_consumer(group,
listener, topic="PushTopic", expression="*", start=True, orderly=False, **settings)``: a push consumer pointed at
the cluster, subscribed, with the listener registered and the settings applied through their setters (short
heartbeat, route and persist intervals unless given). ``push_topic``: topic ``PushTopic`` with 8 queues on broker-a.

``producer``: a started DefaultMQProducer on the cluster. ``make_topic(name, queues=4)``: create a topic (from
TBW102) and wait until the name server routes it. ``send(topic, count, tags=None, body=...)``: produce messages,
returning the SendResults. ``new_pull_consumer(group=None, start=True, **settings)`` /
``new_lite_consumer(group=None, start=False, **settings)``: consumers with a unique group and instance name, the
settings applied through their setters. ``thread_snapshot()`` and ``client_threads_left(before)``: the client
threads started since a snapshot that are still alive.

``stub_push_consumer(instance, group, topics, **kw)``: a :class:`client_support.StubPushConsumerImpl` (not
registered). ``unique_group(prefix)``: a group name no other test uses. ``send_messages(mq, count)``: produce
``count`` small messages to the queue ``mq``.

Every producer and consumer these factories make is shut down after the test.
"""
from __future__ import annotations

import itertools
import threading
import time
from typing import Any, Callable, Dict, Iterator, List, Optional, Set

import pytest

from client_support import StubPushConsumerImpl, create_topic
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.client_config import ClientConfig
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.consumer.mq_consumer_inner import MQConsumerInner
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.impl.producer.mq_producer_inner import MQProducerInner
from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_result import SendResult
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.topic.topic_validator import TopicValidator

_instance_names = itertools.count()
_ids = itertools.count()


def new_client_config(namesrv_addr: str, **overrides: Any) -> ClientConfig:
    """A config for ``namesrv_addr`` with a unique instance name (so every test gets its own instance)."""
    config = ClientConfig(namesrv_addr=namesrv_addr, instance_name="test-%d" % next(_instance_names))
    for key, value in overrides.items():
        setattr(config, key, value)
    return config


@pytest.fixture
def make_client_config() -> Callable[..., ClientConfig]:
    """``make_client_config(namesrv_addr, **overrides)`` -> a config with a unique instance name."""
    return new_client_config


@pytest.fixture
def client_config(embedded_cluster: EmbeddedCluster) -> ClientConfig:
    return new_client_config(embedded_cluster.namesrv_addr)


@pytest.fixture
def client_instance() -> Iterator[Callable[..., MQClientInstance]]:
    """``client_instance(config, rpc_hook=None, start=True)`` -> an instance from MQClientManager."""
    created: List[MQClientInstance] = []

    def create(config: ClientConfig, rpc_hook: Any = None, start: bool = True) -> MQClientInstance:
        instance = MQClientManager.get_instance().get_or_create_mq_client_instance(config, rpc_hook)
        created.append(instance)
        if start:
            instance.start()
        return instance

    yield create
    for instance in created:
        instance.consumer_table.clear()
        instance.admin_ext_table.clear()
        for group in list(instance.producer_table):
            if group != MixAll.CLIENT_INNER_PRODUCER_GROUP:
                instance.producer_table.pop(group, None)
        instance.shutdown()
        MQClientManager.get_instance().remove_client_factory(instance.get_client_id())


class RecordingProducer(MQProducerInner):
    """An MQProducerInner that publishes ``topics`` and records the publish infos it gets."""

    def __init__(self, *topics: str) -> None:
        self.topics = set(topics)
        self.publish_infos: Dict[str, TopicPublishInfo] = {}
        self.updates: List[str] = []
        self.list_calls: List[float] = []
        self.cond = threading.Condition()
        self.need_update = False

    def get_publish_topic_list(self) -> Set[str]:
        with self.cond:
            self.list_calls.append(time.monotonic())
            self.cond.notify_all()
        return set(self.topics)

    def is_publish_topic_need_update(self, topic: str) -> bool:
        return self.need_update

    def update_topic_publish_info(self, topic: str, info: TopicPublishInfo) -> None:
        with self.cond:
            self.publish_infos[topic] = info
            self.updates.append(topic)
            self.cond.notify_all()

    def is_unit_mode(self) -> bool:
        return False

    def wait_for(self, predicate: Callable[["RecordingProducer"], bool], timeout: float = 10.0) -> None:
        with self.cond:
            if not self.cond.wait_for(lambda: predicate(self), timeout):
                pytest.fail("RecordingProducer: condition not reached in %.1f s" % timeout)


class RecordingConsumer(MQConsumerInner):
    """An MQConsumerInner of ``group`` subscribed to ``topics`` (tag ``*``), recording what the instance asks."""

    def __init__(self, group: str, *topics: str) -> None:
        self.group = group
        self.subscription_set = {SubscriptionData(topic=t, sub_string="*", expression_type="TAG") for t in topics}
        self.subscribe_infos: Dict[str, Set[MessageQueue]] = {}
        self.rebalances = 0
        self.persists = 0
        self.cond = threading.Condition()

    def group_name(self) -> str:
        return self.group

    def message_model(self) -> MessageModel:
        return MessageModel.CLUSTERING

    def consume_type(self) -> ConsumeType:
        return ConsumeType.CONSUME_PASSIVELY

    def consume_from_where(self) -> ConsumeFromWhere:
        return ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET

    def subscriptions(self) -> Set[SubscriptionData]:
        return set(self.subscription_set)

    def do_rebalance(self) -> None:
        with self.cond:
            self.rebalances += 1
            self.cond.notify_all()

    def persist_consumer_offset(self) -> None:
        with self.cond:
            self.persists += 1
            self.cond.notify_all()

    def update_topic_subscribe_info(self, topic: str, info: Set[MessageQueue]) -> None:
        with self.cond:
            self.subscribe_infos[topic] = info
            self.cond.notify_all()

    def is_subscribe_topic_need_update(self, topic: str) -> bool:
        return False

    def is_unit_mode(self) -> bool:
        return False

    def consumer_running_info(self) -> ConsumerRunningInfo:
        info = ConsumerRunningInfo()
        info.get_properties()["PROP_TEST"] = "yes"
        return info

    def wait_for(self, predicate: Callable[["RecordingConsumer"], bool], timeout: float = 10.0) -> None:
        with self.cond:
            if not self.cond.wait_for(lambda: predicate(self), timeout):
                pytest.fail("RecordingConsumer: condition not reached in %.1f s" % timeout)


@pytest.fixture
def recording_producer() -> Callable[..., RecordingProducer]:
    """``recording_producer(*topics)`` -> a :class:`RecordingProducer`."""
    return RecordingProducer


@pytest.fixture
def recording_consumer() -> Callable[..., RecordingConsumer]:
    """``recording_consumer(group, *topics)`` -> a :class:`RecordingConsumer`."""
    return RecordingConsumer


@pytest.fixture
def new_producer(embedded_cluster: EmbeddedCluster) -> Iterator[Callable[..., DefaultMQProducer]]:
    made: List[DefaultMQProducer] = []

    def make(group: Optional[str] = None, cls: Any = DefaultMQProducer, start: bool = True,
             namespace: Optional[str] = None, **settings: Any) -> DefaultMQProducer:
        producer = cls("PG_%d" % next(_ids) if group is None else group, namespace=namespace)
        producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
        for name, value in settings.items():
            getattr(producer, "set_" + name)(value)
        made.append(producer)
        if start:
            producer.start()
        return producer

    yield make
    for producer in made:
        producer.shutdown()


PUSH_TOPIC = "PushTopic"

_FAST = {"heartbeat_broker_interval": 1000, "poll_name_server_interval": 1000,
         "persist_consumer_offset_interval": 1000}


@pytest.fixture
def push_topic(embedded_cluster: EmbeddedCluster) -> str:
    create_topic(embedded_cluster.broker_controller, PUSH_TOPIC, 8)
    return PUSH_TOPIC


@pytest.fixture
def new_consumer(embedded_cluster: EmbeddedCluster) -> Iterator[Callable[..., DefaultMQPushConsumer]]:
    made: List[DefaultMQPushConsumer] = []

    def make(group: Optional[str], listener: Any, topic: Optional[str] = PUSH_TOPIC, expression: Any = "*",
             start: bool = True, orderly: bool = False, namespace: Optional[str] = None,
             **settings: Any) -> DefaultMQPushConsumer:
        consumer = DefaultMQPushConsumer("PushCG_%d" % next(_ids) if group is None else group, namespace=namespace)
        consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
        consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        for name, value in dict(_FAST, **settings).items():
            getattr(consumer, "set_" + name)(value)
        if topic is not None:
            consumer.subscribe(topic, expression)
        if listener is not None:
            consumer.register_message_listener(listener, orderly=orderly)
        made.append(consumer)
        if start:
            consumer.start()
        return consumer

    yield make
    for consumer in made:
        consumer.shutdown()


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

        def routed() -> bool:
            # A topic the broker already had (a retry topic a heartbeat created) is answered "without changes" and
            # not registered again: its route reaches the NameServer with the broker's own, one-way registration.
            try:
                return len(producer.fetch_publish_message_queues(name)) == queues
            except MQClientException:
                return False

        wait_until(routed, 10, "route of %s with %d queues" % (name, queues))
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


def _pull_consumers(cls: Any, group_format: str, start_by_default: bool, namesrv_addr: str,
                    made: List[Any]) -> Callable[..., Any]:
    """The ``make`` of the pull and lite pull consumer fixtures: a ``cls`` consumer, configured, kept in ``made``
    for the fixture to shut down, started when asked."""
    def make(group: Optional[str] = None, start: bool = start_by_default, namespace: Optional[str] = None,
             **settings: Any) -> Any:
        consumer = cls(group_format % next(_ids) if group is None else group, namespace=namespace)
        _configure(consumer, namesrv_addr, settings)
        made.append(consumer)
        if start:
            consumer.start()
        return consumer
    return make


@pytest.fixture
def new_pull_consumer(embedded_cluster: EmbeddedCluster) -> Iterator[Callable[..., DefaultMQPullConsumer]]:
    made: List[DefaultMQPullConsumer] = []
    yield _pull_consumers(DefaultMQPullConsumer, "PULL_CG_%d", True, embedded_cluster.namesrv_addr, made)
    for consumer in made:
        consumer.shutdown()


@pytest.fixture
def new_lite_consumer(embedded_cluster: EmbeddedCluster) -> Iterator[Callable[..., DefaultLitePullConsumer]]:
    made: List[DefaultLitePullConsumer] = []
    yield _pull_consumers(DefaultLitePullConsumer, "LITE_CG_%d", False, embedded_cluster.namesrv_addr, made)
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


@pytest.fixture
def stub_push_consumer() -> Callable[..., StubPushConsumerImpl]:
    """``stub_push_consumer(instance, group, topics, **kw)`` -> a :class:`StubPushConsumerImpl` (not registered)."""
    return StubPushConsumerImpl


@pytest.fixture
def unique_group() -> Callable[[str], str]:
    return lambda prefix: "%s_%d" % (prefix, next(_ids))


@pytest.fixture
def send_messages(embedded_cluster) -> Iterator[Callable[..., None]]:
    """``send_messages(mq, count)``: produce ``count`` small messages to the queue ``mq``."""
    producers: List[DefaultMQProducer] = []

    def send(mq: MessageQueue, count: int, body: Optional[bytes] = None) -> None:
        if not producers:
            producer = DefaultMQProducer("RebalanceTestProducer_%d" % next(_ids))
            producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
            producer.start()
            producers.append(producer)
        for i in range(count):
            producers[0].send(Message(mq.get_topic(), body or b"m%d" % i), mq)

    yield send
    for producer in producers:
        producer.shutdown()
