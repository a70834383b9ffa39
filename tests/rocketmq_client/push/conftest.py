"""Fixtures of the push consumer tests (``embedded_cluster`` comes from the parent conftest).

``new_producer(group=None, **settings)``: a started producer pointed at the cluster. ``new_consumer(group, listener,
topic="PushTopic", expression="*", start=True, orderly=False, **settings)``: a push consumer pointed at the cluster,
subscribed, with the listener registered and the settings applied through their setters (short heartbeat, route
and persist intervals unless given); every producer and consumer made is shut down after the test.
``push_topic``: topic ``PushTopic`` with 8 queues on broker-a.
"""
from __future__ import annotations

import itertools
from typing import Any, Callable, Iterator, List, Optional

import pytest

from push_test_support import create_topic
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere

_names = itertools.count()

PUSH_TOPIC = "PushTopic"

_FAST = {"heartbeat_broker_interval": 1000, "poll_name_server_interval": 1000,
         "persist_consumer_offset_interval": 1000}


@pytest.fixture
def push_topic(embedded_cluster: EmbeddedCluster) -> str:
    create_topic(embedded_cluster.broker_controller, PUSH_TOPIC, 8)
    return PUSH_TOPIC


@pytest.fixture
def new_producer(embedded_cluster: EmbeddedCluster) -> Iterator[Callable[..., DefaultMQProducer]]:
    made: List[DefaultMQProducer] = []

    def make(group: Optional[str] = None, **settings: Any) -> DefaultMQProducer:
        producer = DefaultMQProducer("PushPG_%d" % next(_names) if group is None else group)
        producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
        for name, value in settings.items():
            getattr(producer, "set_" + name)(value)
        made.append(producer)
        producer.start()
        return producer

    yield make
    for producer in made:
        producer.shutdown()


@pytest.fixture
def new_consumer(embedded_cluster: EmbeddedCluster) -> Iterator[Callable[..., DefaultMQPushConsumer]]:
    made: List[DefaultMQPushConsumer] = []

    def make(group: Optional[str], listener: Any, topic: Optional[str] = PUSH_TOPIC, expression: Any = "*",
             start: bool = True, orderly: bool = False, namespace: Optional[str] = None,
             **settings: Any) -> DefaultMQPushConsumer:
        consumer = DefaultMQPushConsumer("PushCG_%d" % next(_names) if group is None else group, namespace=namespace)
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
