"""Fixtures of the rebalance tests: a stand-in for DefaultMQPushConsumerImpl around a real RebalancePushImpl and
RemoteBrokerOffsetStore, and a message sender."""
from __future__ import annotations

import itertools
import threading
from typing import Any, Callable, Iterator, List, Optional, Set

import pytest

from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_client.impl.consumer.mq_consumer_inner import MQConsumerInner
from rocketmq_client.impl.consumer.pull_request import PullRequest
from rocketmq_client.impl.consumer.rebalance_push_impl import RebalancePushImpl
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

_groups = itertools.count()


class PushSettings:
    """The DefaultMQPushConsumer getters/setters RebalancePushImpl uses."""

    def __init__(self) -> None:
        self.consume_from_where = ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET
        self.consume_timestamp = "20000101000000"
        self.pull_threshold_for_topic = -1
        self.pull_threshold_size_for_topic = -1
        self.pull_threshold_for_queue = 1000
        self.pull_threshold_size_for_queue = 100

    def get_consume_from_where(self) -> ConsumeFromWhere:
        return self.consume_from_where

    def get_consume_timestamp(self) -> str:
        return self.consume_timestamp

    def get_pull_threshold_for_topic(self) -> int:
        return self.pull_threshold_for_topic

    def get_pull_threshold_size_for_topic(self) -> int:
        return self.pull_threshold_size_for_topic

    def get_pull_threshold_for_queue(self) -> int:
        return self.pull_threshold_for_queue

    def set_pull_threshold_for_queue(self, value: int) -> None:
        self.pull_threshold_for_queue = value

    def get_pull_threshold_size_for_queue(self) -> int:
        return self.pull_threshold_size_for_queue

    def set_pull_threshold_size_for_queue(self, value: int) -> None:
        self.pull_threshold_size_for_queue = value


class StubPushConsumerImpl(MQConsumerInner):
    """A push consumer without pulling: rebalances through a real RebalancePushImpl and records the pull requests
    it would start."""

    def __init__(self, instance: MQClientInstance, group: str, topics: List[str],
                 message_model: MessageModel = MessageModel.CLUSTERING, orderly: bool = False,
                 strategy: Any = None) -> None:
        self.instance = instance
        self.group = group
        self.orderly = orderly
        self.settings = PushSettings()
        self.offset_store = RemoteBrokerOffsetStore(instance, group)
        self.pull_requests: List[PullRequest] = []
        self.rebalance_lock = threading.Lock()  # assigned() sees whole rebalance rounds only
        self.rebalance_impl = RebalancePushImpl(self)
        self.rebalance_impl.set_consumer_group(group)
        self.rebalance_impl.set_message_model(message_model)
        self.rebalance_impl.set_allocate_message_queue_strategy(strategy or AllocateMessageQueueAveragely())
        self.rebalance_impl.set_mq_client_factory(instance)
        for topic in topics:
            self.rebalance_impl.get_subscription_inner()[topic] = SubscriptionData(topic, "*")

    # what RebalancePushImpl calls
    def get_offset_store(self) -> RemoteBrokerOffsetStore:
        return self.offset_store

    def is_consume_orderly(self) -> bool:
        return self.orderly

    def get_default_mq_push_consumer(self) -> PushSettings:
        return self.settings

    def execute_pull_request_immediately(self, pull_request: PullRequest) -> None:
        self.pull_requests.append(pull_request)

    def assigned(self) -> Set[MessageQueue]:
        with self.rebalance_lock:
            return set(self.rebalance_impl.get_process_queue_table().keys())

    # MQConsumerInner
    def group_name(self) -> str:
        return self.group

    def message_model(self) -> MessageModel:
        return self.rebalance_impl.get_message_model()  # type: ignore[return-value]

    def consume_type(self) -> ConsumeType:
        return ConsumeType.CONSUME_PASSIVELY

    def consume_from_where(self) -> ConsumeFromWhere:
        return self.settings.consume_from_where

    def subscriptions(self) -> Set[SubscriptionData]:
        return set(self.rebalance_impl.get_subscription_inner().values())

    def do_rebalance(self) -> None:
        with self.rebalance_lock:
            self.rebalance_impl.do_rebalance(self.orderly)

    def persist_consumer_offset(self) -> None:
        self.offset_store.persist_all(set(self.rebalance_impl.get_process_queue_table().keys()))

    def update_topic_subscribe_info(self, topic: str, info: Set[MessageQueue]) -> None:
        if topic in self.rebalance_impl.get_subscription_inner():
            self.rebalance_impl.get_topic_subscribe_info_table()[topic] = info

    def is_subscribe_topic_need_update(self, topic: str) -> bool:
        return topic in self.rebalance_impl.get_subscription_inner() and \
            topic not in self.rebalance_impl.get_topic_subscribe_info_table()

    def is_unit_mode(self) -> bool:
        return False

    def consumer_running_info(self) -> ConsumerRunningInfo:
        return ConsumerRunningInfo()


@pytest.fixture
def stub_push_consumer() -> Callable[..., StubPushConsumerImpl]:
    """``stub_push_consumer(instance, group, topics, **kw)`` -> a :class:`StubPushConsumerImpl` (not registered)."""
    return StubPushConsumerImpl


@pytest.fixture
def unique_group() -> Callable[[str], str]:
    return lambda prefix: "%s_%d" % (prefix, next(_groups))


@pytest.fixture
def send_messages(embedded_cluster) -> Iterator[Callable[..., None]]:
    """``send_messages(mq, count)``: produce ``count`` small messages to the queue ``mq``."""
    producers: List[DefaultMQProducer] = []

    def send(mq: MessageQueue, count: int, body: Optional[bytes] = None) -> None:
        if not producers:
            producer = DefaultMQProducer("RebalanceTestProducer_%d" % next(_groups))
            producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
            producer.start()
            producers.append(producer)
        for i in range(count):
            producers[0].send(Message(mq.get_topic(), body or b"m%d" % i), mq)

    yield send
    for producer in producers:
        producer.shutdown()
