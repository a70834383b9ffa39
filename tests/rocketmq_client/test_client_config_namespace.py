"""Namespaces end to end: a producer and consumers of namespace ``ns1`` exchange messages; the broker sees
``ns1%Topic`` / ``ns1%group`` (retry ``%RETRY%ns1%group``, DLQ ``%DLQ%ns1%group``) while results, messages, queues
and listener arguments show the names without namespace; traces record names without namespace."""
from __future__ import annotations

import itertools
import threading
from typing import Any, List, Set

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.impl.consumer.rebalance_service import RebalanceService
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.trace.trace_data_encoder import TraceDataEncoder
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator
from store_reading import stored_messages

NS = "ns1"
_names = itertools.count()


def unique(prefix: str) -> str:
    return "%s_%d" % (prefix, next(_names))


def stored(cluster: EmbeddedCluster, topic: str) -> List[Any]:
    return stored_messages(cluster.broker_controller, topic)


def ns_producer(cluster: EmbeddedCluster, closing, **kwargs: Any) -> DefaultMQProducer:
    producer = closing(DefaultMQProducer(unique("NsPG"), namespace=NS, **kwargs))
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.start()
    return producer


class Listener:
    """Records (message topic, message, context queue) per call; ``decide(msg, context)`` may return a status."""

    def __init__(self, decide: Any = None) -> None:
        self.decide = decide
        self.calls: List[Any] = []
        self.context_topics: Set[str] = set()
        self.cond = threading.Condition()

    def __call__(self, msgs: List[Any], context: Any) -> Any:
        status = self.decide(msgs[0], context) if self.decide is not None else None
        with self.cond:
            self.calls.extend(msgs)
            self.context_topics.add(context.get_message_queue().get_topic())
            self.cond.notify_all()
        return status or ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def wait(self, predicate: Any, timeout: float = 20.0) -> List[Any]:
        with self.cond:
            assert self.cond.wait_for(lambda: predicate(self.calls), timeout), "listener condition not reached"
            return list(self.calls)


def ns_consumer(cluster: EmbeddedCluster, closing, topic: str, listener: Any, poll_name_server_interval: int = 30000,
                **kwargs: Any) -> DefaultMQPushConsumer:
    consumer = DefaultMQPushConsumer(unique("NsCG"), namespace=NS, **kwargs)
    consumer.set_namesrv_addr(cluster.namesrv_addr)
    consumer.set_poll_name_server_interval(poll_name_server_interval)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.set_persist_consumer_offset_interval(500)
    consumer.subscribe(topic, "*")
    consumer.register_message_listener(listener)
    closing(consumer)
    consumer.start()
    return consumer


def test_producer_and_push_consumer_exchange(embedded_cluster: EmbeddedCluster, closing, wait_until) -> None:
    topic = unique("NsTopic")
    embedded_cluster.create_topic(NS + "%" + topic)
    producer = ns_producer(embedded_cluster, closing)
    sent = []
    for i in range(4):
        msg = Message(topic, "TagN", b"ns-%d" % i)
        result = producer.send(msg)
        assert msg.get_topic() == topic and result.get_message_queue().get_topic() == topic
        sent.append(result)
    assert producer.get_producer_group().startswith(NS + "%")
    assert {q.get_topic() for q in producer.fetch_publish_message_queues(topic)} == {topic}
    wait_until(lambda: len(stored(embedded_cluster, NS + "%" + topic)) == 4, 10, "4 messages in ns1%topic")
    assert stored(embedded_cluster, topic) == []
    # (skipped when the periodic heartbeat holds the lock: that one registers the group instead)
    producer.get_default_mq_producer_impl().get_mq_client_factory().send_heartbeat_to_all_broker_with_lock()
    wait_until(lambda: producer.get_producer_group() in embedded_cluster.broker_controller.get_producer_manager()
               .get_group_channel_table(), 10, "the namespaced producer group registered")

    listener = Listener()
    consumer = ns_consumer(embedded_cluster, closing, topic, listener)
    group = consumer.get_consumer_group()
    msgs = listener.wait(lambda calls: len(calls) >= 4)
    assert {m.get_topic() for m in msgs} == {topic}
    assert listener.context_topics == {topic}
    assert {m.get_msg_id() for m in msgs} >= {r.get_msg_id() for r in sent}
    assert group == NS + "%" + group.split("%", 1)[1]
    broker = embedded_cluster.broker_controller
    info = broker.get_consumer_manager().get_consumer_group_info(group)
    assert info is not None and set(info.get_subscription_table()) == {NS + "%" + topic,
                                                                        MixAll.get_retry_topic(group)}
    assert MixAll.get_retry_topic(group) == "%RETRY%" + group
    queues = consumer.fetch_subscribe_message_queues(topic)
    assert {q.get_topic() for q in queues} == {topic}
    wait_until(lambda: sum((broker.get_consumer_offset_manager().query_offset_table(group, NS + "%" + topic)
                            or {}).values()) == 4, 10, "the offsets of ns1%group on ns1%topic")


def test_retry_and_dlq_topics_carry_the_namespace(embedded_cluster: EmbeddedCluster, closing, wait_until,
                                                  monkeypatch) -> None:
    topic = unique("NsRetryTopic")
    embedded_cluster.create_topic(NS + "%" + topic)
    producer = ns_producer(embedded_cluster, closing)
    producer.send(Message(topic, "R", b"retry-me"))
    producer.send(Message(topic, "D", b"dlq-me"))

    def decide(msg: Any, context: Any) -> Any:
        if msg.get_tags() == "D":
            context.set_delay_level_when_next_consume(-1)  # straight to the DLQ
            return ConsumeConcurrentlyStatus.RECONSUME_LATER
        if msg.get_reconsume_times() == 0:
            context.set_delay_level_when_next_consume(1)  # 1 s
            return ConsumeConcurrentlyStatus.RECONSUME_LATER
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    listener = Listener(decide)
    # a new group's retry topic exists once its first heartbeat is handled: the route of %RETRY%ns1%group may
    # come with the next route update only, after the first rebalance, and the next rebalance picks its queue up
    # (as in Java), hence the short intervals
    monkeypatch.setattr(RebalanceService, "wait_interval", 500)
    consumer = ns_consumer(embedded_cluster, closing, topic, listener, poll_name_server_interval=1000)
    group = consumer.get_consumer_group()
    calls = listener.wait(lambda calls: any(m.get_tags() == "R" and m.get_reconsume_times() == 1 for m in calls))
    # redelivered from %RETRY%ns1%group, handed over with the user's topic
    assert {m.get_topic() for m in calls} == {topic}
    assert [m.get_body() for m in stored(embedded_cluster, "%RETRY%" + group)] == [b"retry-me"]
    wait_until(lambda: [m.get_body() for m in stored(embedded_cluster, "%DLQ%" + group)] == [b"dlq-me"], 10,
               "the message in %DLQ%ns1%group")
    assert group.startswith(NS + "%")


def test_lite_pull_consumer_shows_queues_without_namespace(embedded_cluster: EmbeddedCluster, closing,
                                                           wait_until) -> None:
    topic = unique("NsLiteTopic")
    embedded_cluster.create_topic(NS + "%" + topic, 2)
    producer = ns_producer(embedded_cluster, closing)
    for i in range(3):
        producer.send(Message(topic, b"lite-%d" % i), MessageQueue(topic, embedded_cluster.broker_name(0), 0))
    consumer = DefaultLitePullConsumer(unique("NsLiteCG"), namespace=NS)
    consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    consumer.set_auto_commit(False)
    closing(consumer)
    consumer.start()
    queues = consumer.fetch_message_queues(topic)
    assert {q.get_topic() for q in queues} == {topic}
    consumer.assign(queues)
    assert {q.get_topic() for q in consumer.assignment()} == {topic}
    got: List[Any] = []
    wait_until(lambda: got.extend(consumer.poll(100)) or len(got) >= 3, 10, "three polled messages")
    assert {m.get_topic() for m in got} == {topic}
    queue0 = MessageQueue(topic, embedded_cluster.broker_name(0), 0)
    consumer.commit_sync({queue0: 3}, True)
    assert consumer.committed(queue0) == 3
    group = consumer.get_consumer_group()
    wait_until(lambda: (embedded_cluster.broker_controller.get_consumer_offset_manager()
                        .query_offset_table(group, NS + "%" + topic) or {}).get(0) == 3, 10, "the committed offset")


def test_traces_name_topics_and_groups_without_namespace(embedded_cluster: EmbeddedCluster, closing,
                                                         wait_until) -> None:
    topic = unique("NsTraceTopic")
    embedded_cluster.create_topic(NS + "%" + topic)
    # a batch of one: the record leaves at once instead of after the 5 s flush interval
    producer = ns_producer(embedded_cluster, closing, enable_msg_trace=True, trace_msg_batch_num=1)
    result = producer.send(Message(topic, "T", b"traced"))

    def pub_records() -> List[Any]:
        return [ctx for msg in stored(embedded_cluster, TopicValidator.RMQ_SYS_TRACE_TOPIC)
                for ctx in TraceDataEncoder.decoder_from_trace_data_string(msg.get_body().decode())
                if ctx.get_trace_type() is TraceType.Pub]

    wait_until(pub_records, 15, "the Pub record")
    [ctx] = pub_records()
    assert ctx.get_trace_beans()[0].get_topic() == topic
    assert ctx.get_trace_beans()[0].get_msg_id() == result.get_msg_id()
    assert ctx.get_group_name() == producer.get_producer_group().split("%", 1)[1]


def test_push_consumer_unsubscribes_with_or_without_the_namespace() -> None:
    consumer = DefaultMQPushConsumer("NsUnsub", namespace=NS)
    consumer.subscribe("T1", "*")
    consumer.subscribe("T2", "*")
    subscriptions = consumer.get_default_mq_push_consumer_impl().get_subscription_inner()
    assert set(subscriptions) == {NS + "%T1", NS + "%T2"}
    consumer.unsubscribe("T1")
    consumer.unsubscribe(NS + "%T2")
    assert subscriptions == {}


def test_request_reply_between_namespaced_clients(embedded_cluster: EmbeddedCluster, closing) -> None:
    from rocketmq_client.utils.message_util import MessageUtil

    topic = unique("NsRequestTopic")
    embedded_cluster.create_topic(NS + "%" + topic)
    responder_producer = ns_producer(embedded_cluster, closing)
    seen: List[Any] = []

    def respond(msg: Any, context: Any) -> Any:
        seen.append(msg.get_topic())
        responder_producer.send(MessageUtil.create_reply_message(msg, b"reply:" + msg.get_body()))
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    ns_consumer(embedded_cluster, closing, topic, Listener(respond))
    requester = ns_producer(embedded_cluster, closing)
    request = Message(topic, b"question")
    reply = requester.request(request, 15000)
    assert reply.get_body() == b"reply:question"
    assert request.get_topic() == topic and seen == [topic]
    assert [m.get_body() for m in stored(embedded_cluster, NS + "%" + topic)] == [b"question"]


def test_queue_without_namespace() -> None:
    consumer = DefaultLitePullConsumer("G", namespace=NS)
    wrapped = MessageQueue(NS + "%T", "broker-a", 1)
    assert consumer.queue_without_namespace(wrapped) == MessageQueue("T", "broker-a", 1)
    assert wrapped.get_topic() == NS + "%T"
    plain = DefaultLitePullConsumer("G")
    plain.set_namesrv_addr("127.0.0.1:9876")
    assert plain.queue_without_namespace(wrapped) is wrapped
