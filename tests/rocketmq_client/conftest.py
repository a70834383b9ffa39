"""Fixtures of the client tests.

``embedded_cluster`` comes from ``tests/conftest.py``.

``client_config``: a :class:`ClientConfig` pointing at the cluster, with a unique instance name and short
intervals. ``client_instance``: a factory of started :class:`MQClientInstance` objects from ``MQClientManager``,
all shut down (with their test producers/consumers unregistered) after the test. ``wait_until`` comes from
``tests/conftest.py``.
"""
from __future__ import annotations

import itertools
import threading
import time
from typing import Any, Callable, Dict, Iterator, List, Set

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.client_config import ClientConfig
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.impl.consumer.mq_consumer_inner import MQConsumerInner
from rocketmq_client.impl.producer.mq_producer_inner import MQProducerInner
from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

_instance_names = itertools.count()


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
