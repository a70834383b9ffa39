"""End to end with the client: push and lite pull consumers subscribing with ``MessageSelector.by_sql`` receive
only the messages whose properties match (the push consumer through the group's registered expression, the lite
pull consumer through the pull request's), a group changing its expression gets the new filtering, and the push
consumer's start-up check (CHECK_CLIENT_CONFIG) refuses an expression the broker cannot compile."""
from __future__ import annotations

import itertools
import threading
from typing import Any, Iterator, List, Optional

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_ext import MessageExt
from waiting import wait_for

pytestmark = pytest.mark.embedded_cluster(broker_config={"enable_property_filter": True})

_ids = itertools.count()
_FAST = {"heartbeat_broker_interval": 1000, "poll_name_server_interval": 1000,
         "persist_consumer_offset_interval": 1000}


class Collector:
    """A concurrent listener keeping the bodies it got, in order."""

    def __init__(self) -> None:
        self.bodies: List[str] = []
        self.lock = threading.Lock()

    def __call__(self, msgs: List[MessageExt], context: Any) -> ConsumeConcurrentlyStatus:
        with self.lock:
            self.bodies.extend(m.get_body().decode() for m in msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def got(self) -> List[str]:
        with self.lock:
            return list(self.bodies)


@pytest.fixture
def topic(embedded_cluster: EmbeddedCluster) -> str:
    name = "SqlClientTopic%d" % next(_ids)
    embedded_cluster.create_topic(name, 1)
    return name


@pytest.fixture
def producer(embedded_cluster: EmbeddedCluster) -> Iterator[DefaultMQProducer]:
    made = DefaultMQProducer("SqlClientPG_%d" % next(_ids))
    made.set_namesrv_addr(embedded_cluster.namesrv_addr)
    made.set_instance_name("sql-client-producer-%d" % next(_ids))
    made.start()
    yield made
    made.shutdown()


@pytest.fixture
def consumers() -> Iterator[List[Any]]:
    made: List[Any] = []
    yield made
    for consumer in made:
        consumer.shutdown()


def send(producer: DefaultMQProducer, topic: str, body: str, tags: Optional[str] = None, **properties: str) -> None:
    message = Message(topic, tags, body.encode()) if tags else Message(topic, body.encode())
    for key, value in properties.items():
        message.put_user_property(key, value)
    producer.send(message)


def send_numbers(producer: DefaultMQProducer, topic: str, prefix: str) -> None:
    for i in range(10):
        send(producer, topic, "%s-%d" % (prefix, i), tags="Even" if i % 2 == 0 else "Odd", a=str(i),
             b="x" if i < 5 else "y")
    send(producer, topic, "%s-no-a" % prefix, b="x")


def new_push_consumer(cluster: EmbeddedCluster, consumers: List[Any], group: str, topic: str,
                      selector: Any, listener: Collector, start: bool = True) -> DefaultMQPushConsumer:
    consumer = DefaultMQPushConsumer(group)
    consumer.set_namesrv_addr(cluster.namesrv_addr)
    consumer.set_instance_name("sql-client-%d" % next(_ids))
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.set_consume_thread_min(1)
    consumer.set_consume_thread_max(1)
    for name, value in _FAST.items():
        getattr(consumer, "set_" + name)(value)
    consumer.subscribe(topic, selector)
    consumer.register_message_listener(listener)
    consumers.append(consumer)
    if start:
        consumer.start()
    return consumer


def test_push_consumer_receives_only_matching_messages_and_follows_a_new_expression(
        embedded_cluster: EmbeddedCluster, producer: DefaultMQProducer, consumers: List[Any], topic: str) -> None:
    group = "SqlPushGroup%d" % next(_ids)
    collector = Collector()
    consumer = new_push_consumer(embedded_cluster, consumers, group, topic,
                                 MessageSelector.by_sql("a >= 5 AND a < 8 AND TAGS = 'Odd'"), collector)
    send_numbers(producer, topic, "one")
    send(producer, topic, "one-last", tags="Odd", a="7")
    # one queue, one consume thread: once the last matching message came, every earlier one was decided
    wait_for(lambda: "one-last" in collector.got(), what="the last matching message")
    assert collector.got() == ["one-5", "one-7", "one-last"]

    manager = embedded_cluster.broker_controller.get_consumer_filter_manager()
    first_version = manager.get(topic, group).client_version
    consumer.subscribe(topic, MessageSelector.by_sql("b = 'x' AND a IS NOT NULL"))
    wait_for(lambda: manager.get(topic, group).expression == "b = 'x' AND a IS NOT NULL",
             what="the new expression on the broker")
    assert manager.get(topic, group).client_version > first_version
    send_numbers(producer, topic, "two")
    send(producer, topic, "two-last", a="0", b="x")
    wait_for(lambda: "two-last" in collector.got(), what="the last message of the new expression")
    assert collector.got()[3:] == ["two-0", "two-1", "two-2", "two-3", "two-4", "two-last"]


def test_push_consumers_of_two_groups_filter_independently(
        embedded_cluster: EmbeddedCluster, producer: DefaultMQProducer, consumers: List[Any], topic: str) -> None:
    low, high = Collector(), Collector()
    new_push_consumer(embedded_cluster, consumers, "SqlLow%d" % next(_ids), topic,
                      MessageSelector.by_sql("a BETWEEN 0 AND 2"), low)
    new_push_consumer(embedded_cluster, consumers, "SqlHigh%d" % next(_ids), topic,
                      MessageSelector.by_sql("a NOT BETWEEN 0 AND 7 OR b IN ('z')"), high)
    send_numbers(producer, topic, "m")
    send(producer, topic, "last", a="1", b="z")
    wait_for(lambda: "last" in low.got() and "last" in high.got(), what="the last message in both groups")
    assert low.got() == ["m-0", "m-1", "m-2", "last"]
    assert high.got() == ["m-8", "m-9", "last"]


def test_tag_subscriptions_keep_working(embedded_cluster: EmbeddedCluster, producer: DefaultMQProducer,
                                        consumers: List[Any], topic: str) -> None:
    by_tag, by_selector = Collector(), Collector()
    new_push_consumer(embedded_cluster, consumers, "SqlTag%d" % next(_ids), topic, "Even", by_tag)
    new_push_consumer(embedded_cluster, consumers, "SqlTagSel%d" % next(_ids), topic,
                      MessageSelector.by_tag("Odd || None"), by_selector)
    send_numbers(producer, topic, "t")
    send(producer, topic, "last", tags="Even || Odd")
    send(producer, topic, "last-even", tags="Even")
    send(producer, topic, "last-odd", tags="Odd")
    wait_for(lambda: "last-even" in by_tag.got() and "last-odd" in by_selector.got(), what="the last messages")
    assert by_tag.got() == ["t-0", "t-2", "t-4", "t-6", "t-8", "last-even"]
    assert by_selector.got() == ["t-1", "t-3", "t-5", "t-7", "t-9", "last-odd"]


def test_push_consumer_start_refuses_an_expression_the_broker_cannot_compile(
        embedded_cluster: EmbeddedCluster, consumers: List[Any], topic: str) -> None:
    consumer = new_push_consumer(embedded_cluster, consumers, "SqlBad%d" % next(_ids), topic,
                                 MessageSelector.by_sql("a > 'x'"), Collector(), start=False)
    with pytest.raises(MQClientException) as info:
        consumer.start()
    assert "Value ''x'' cannot be compared." in str(info.value)


def new_lite_consumer(cluster: EmbeddedCluster, consumers: List[Any], group: str, topic: str,
                      selector: MessageSelector) -> DefaultLitePullConsumer:
    consumer = DefaultLitePullConsumer(group)
    consumer.set_namesrv_addr(cluster.namesrv_addr)
    consumer.set_instance_name("sql-lite-%d" % next(_ids))
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumers.append(consumer)
    consumer.subscribe(topic, selector)
    consumer.start()
    return consumer


def poll_until(consumer: DefaultLitePullConsumer, last: str) -> List[str]:
    got: List[str] = []

    def polled() -> bool:
        got.extend(m.get_body().decode() for m in consumer.poll(200))
        return last in got

    wait_for(polled, what="message %s" % last)
    return got


def test_lite_pull_consumer_filters_with_its_request_expression(
        embedded_cluster: EmbeddedCluster, producer: DefaultMQProducer, consumers: List[Any], topic: str) -> None:
    group = "SqlLite%d" % next(_ids)
    consumer = new_lite_consumer(embedded_cluster, consumers, group, topic,
                                 MessageSelector.by_sql("b = 'y' AND a <> 7"))
    send_numbers(producer, topic, "lite")
    send(producer, topic, "lite-last", a="1", b="y")
    assert poll_until(consumer, "lite-last") == ["lite-5", "lite-6", "lite-8", "lite-9", "lite-last"]

    # the group comes back with another expression (a pull already waiting in the broker keeps the expression
    # it was sent with, as in Java, so the consumer is restarted rather than re-subscribed)
    consumer.shutdown()
    consumer = new_lite_consumer(embedded_cluster, consumers, group, topic, MessageSelector.by_sql("a IS NULL"))
    send_numbers(producer, topic, "lite2")
    send(producer, topic, "lite2-last", b="q")
    got = poll_until(consumer, "lite2-last")
    assert [body for body in got if body.startswith("lite2")] == ["lite2-no-a", "lite2-last"]
    assert set(got) <= {"lite-no-a", "lite2-no-a", "lite2-last"}
