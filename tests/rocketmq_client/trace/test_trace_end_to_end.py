"""Message trace on the embedded cluster: Pub, SubBefore / SubAfter and EndTransaction records land in
RMQ_SYS_TRACE_TOPIC (or a customized topic) and decode back to what was sent and consumed; shutdown flushes and
leaves no trace thread."""
from __future__ import annotations

import itertools
import threading
from typing import Any, Callable, Dict, List

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_listener import TransactionListener
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_type import MessageType
from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator
from client_support import create_topic, stored_messages, trace_records, trace_threads_alive

TRACE_TOPIC = TopicValidator.RMQ_SYS_TRACE_TOPIC
#: ``trace_msg_batch_num`` of the tests that are not about batching: every record leaves at once instead of after
#: the 5 s flush interval (Java's ``flushTraceInterval``), which test_send_traces_land_in_the_trace_topic waits for
AT_ONCE = 1
_names = itertools.count()


def unique(prefix: str) -> str:
    return "%s_%d" % (prefix, next(_names))


def traced_producer(cluster: EmbeddedCluster, closing: Callable[[Any], Any], cls: Any = DefaultMQProducer,
                    **kwargs: Any) -> Any:
    producer = cls(unique("TracePG"), enable_msg_trace=True, **kwargs)
    producer.set_namesrv_addr(cluster.namesrv_addr)
    return producer


def pub_records(cluster: EmbeddedCluster, topic: str = TRACE_TOPIC) -> Dict[str, Any]:
    return {ctx.get_trace_beans()[0].get_msg_id(): (msg, ctx) for msg, ctx in trace_records(
        cluster.broker_controller, topic) if ctx.get_trace_type() is TraceType.Pub}


def test_send_traces_land_in_the_trace_topic(embedded_cluster: EmbeddedCluster, closing, wait_until) -> None:
    topic = unique("TraceTopic")
    create_topic(embedded_cluster.broker_controller, topic)
    producer = closing(traced_producer(embedded_cluster, closing))
    group = producer.get_producer_group()
    producer.start()
    results = []
    for i in range(5):
        msg = Message(topic, "Tag%d" % i, b"x" * (10 + i))
        msg.set_keys(["key%d" % i, "other%d" % i])
        results.append((msg, producer.send(msg)))
    async_result = producer.send_async(Message(topic, "TagAsync", b"async-body")).result(10)

    wanted = {r.get_msg_id() for _, r in results} | {async_result.get_msg_id()}
    wait_until(lambda: wanted <= set(pub_records(embedded_cluster)), 15, "Pub records of every send")
    records = pub_records(embedded_cluster)
    for msg, result in results:
        trace_msg, ctx = records[result.get_msg_id()]
        bean = ctx.get_trace_beans()[0]
        assert (ctx.get_group_name(), ctx.get_region_id(), ctx.is_success()) == (group, MixAll.DEFAULT_TRACE_REGION_ID,
                                                                                  True)
        assert 0 <= ctx.get_cost_time() < 10000
        assert (bean.get_topic(), bean.get_tags(), bean.get_keys(), bean.get_body_length()) == (
            topic, msg.get_tags(), msg.get_keys(), len(msg.get_body()))
        assert bean.get_offset_msg_id() == result.get_offset_msg_id()
        assert bean.get_store_host() == embedded_cluster.broker_addr
        assert bean.get_msg_type() is MessageType.Normal_Msg
        # the trace message is found by the traced message's id and keys
        assert {result.get_msg_id(), *msg.get_keys().split(" ")} <= set(trace_msg.get_keys().split(" "))
    assert records[async_result.get_msg_id()][1].get_trace_beans()[0].get_tags() == "TagAsync"
    # the records of the trace producer itself are not traced
    assert all(ctx.get_trace_beans()[0].get_topic() == topic for _, ctx in records.values())


def test_customized_trace_topic(embedded_cluster: EmbeddedCluster, closing, wait_until) -> None:
    topic, trace_topic = unique("TraceTopic"), unique("MyTraceTopic")
    create_topic(embedded_cluster.broker_controller, topic)
    create_topic(embedded_cluster.broker_controller, trace_topic, 2)
    producer = closing(traced_producer(embedded_cluster, closing, customized_trace_topic=trace_topic,
                                       trace_msg_batch_num=AT_ONCE))
    producer.start()
    result = producer.send(Message(topic, "T", b"body"))
    wait_until(lambda: result.get_msg_id() in pub_records(embedded_cluster, trace_topic), 15, "the Pub record")
    assert producer.get_trace_dispatcher().get_trace_topic_name() == trace_topic
    assert stored_messages(embedded_cluster.broker_controller, TRACE_TOPIC) == []


@pytest.mark.parametrize("orderly", [False, True], ids=["concurrently", "orderly"])
def test_consume_traces(embedded_cluster: EmbeddedCluster, closing, wait_until, orderly: bool) -> None:
    topic = unique("TraceConsumeTopic")
    create_topic(embedded_cluster.broker_controller, topic)
    producer = closing(DefaultMQProducer(unique("PlainPG")))
    producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    producer.start()
    sent = {}
    for i in range(4):
        msg = Message(topic, "TagC", b"consume-%d" % i)
        msg.set_keys("ck%d" % i)
        sent[producer.send(msg).get_msg_id()] = msg

    group = unique("TraceCG")
    consumer = DefaultMQPushConsumer(group, enable_msg_trace=True, trace_msg_batch_num=AT_ONCE)
    consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(topic, "*")
    received: List[Any] = []
    lock = threading.Lock()

    def listener(msgs, context):
        with lock:
            received.extend(msgs)
        return ConsumeOrderlyStatus.SUCCESS if orderly else ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer.register_message_listener(listener, orderly=orderly)
    closing(consumer)
    consumer.start()

    def records_by_type() -> Dict[TraceType, Dict[str, Any]]:
        found: Dict[TraceType, Dict[str, Any]] = {TraceType.SubBefore: {}, TraceType.SubAfter: {}}
        for _, ctx in trace_records(embedded_cluster.broker_controller, TRACE_TOPIC):
            if ctx.get_trace_type() in found:
                found[ctx.get_trace_type()][ctx.get_trace_beans()[0].get_msg_id()] = ctx
        return found

    wait_until(lambda: all(set(sent) <= set(r) for r in records_by_type().values()), 20,
               "SubBefore and SubAfter records of every message")
    found = records_by_type()
    for msg_id, msg in sent.items():
        before, after = found[TraceType.SubBefore][msg_id], found[TraceType.SubAfter][msg_id]
        assert before.get_group_name() == group and after.get_group_name() == group
        assert before.get_request_id() == after.get_request_id()
        # a broker without send hooks stores no MSG_REGION, which Java's encoder writes as null
        assert before.get_region_id() == "null"
        assert before.get_trace_beans()[0].get_keys() == msg.get_keys()
        assert before.get_trace_beans()[0].get_retry_times() == 0
        assert after.is_success() and after.get_context_code() == 0  # ConsumeReturnType.SUCCESS
        assert after.get_trace_beans()[0].get_keys() == msg.get_keys()
        assert after.get_cost_time() >= 0 and after.get_time_stamp() >= before.get_time_stamp()


class CommitListener(TransactionListener):
    def execute_local_transaction(self, msg: Message, arg: Any) -> LocalTransactionState:
        return LocalTransactionState.COMMIT_MESSAGE

    def check_local_transaction(self, msg: Any) -> LocalTransactionState:
        return LocalTransactionState.COMMIT_MESSAGE


def test_end_transaction_traces(embedded_cluster: EmbeddedCluster, closing, wait_until) -> None:
    topic = unique("TraceTxTopic")
    create_topic(embedded_cluster.broker_controller, topic)
    producer = closing(traced_producer(embedded_cluster, closing, cls=TransactionMQProducer,
                                       trace_msg_batch_num=AT_ONCE))
    producer.set_transaction_listener(CommitListener())
    producer.start()
    msg = Message(topic, "TxTag", b"tx-body")
    msg.set_keys("txkey")
    result = producer.send_message_in_transaction(msg, None)
    assert result.get_send_status() is SendStatus.SEND_OK

    def end_records() -> List[Any]:
        return [ctx for _, ctx in trace_records(embedded_cluster.broker_controller, TRACE_TOPIC)
                if ctx.get_trace_type() is TraceType.EndTransaction]

    wait_until(lambda: end_records() and result.get_msg_id() in pub_records(embedded_cluster), 15,
               "the EndTransaction and Pub records")
    [ctx] = end_records()
    bean = ctx.get_trace_beans()[0]
    assert ctx.get_group_name() == producer.get_producer_group()
    assert (bean.get_topic(), bean.get_msg_id(), bean.get_tags(), bean.get_keys()) == (
        topic, result.get_msg_id(), "TxTag", "txkey")
    assert bean.get_transaction_state() is LocalTransactionState.COMMIT_MESSAGE
    # the transaction id of the context is the message's (its unique id), as in Java
    assert bean.get_transaction_id() == msg.get_transaction_id() == result.get_msg_id()
    assert bean.get_msg_type() is MessageType.Trans_msg_Commit and bean.is_from_transaction_check() is False
    assert bean.get_store_host() == embedded_cluster.broker_addr
    half = pub_records(embedded_cluster)[result.get_msg_id()][1]
    assert half.get_trace_beans()[0].get_msg_type() is MessageType.Trans_Msg_Half


def test_shutdown_flushes_and_stops_every_trace_thread(embedded_cluster: EmbeddedCluster, wait_until) -> None:
    topic = unique("TraceFlushTopic")
    create_topic(embedded_cluster.broker_controller, topic)
    producer = DefaultMQProducer(unique("TracePG"), enable_msg_trace=True)
    producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    producer.start()
    dispatcher = producer.get_trace_dispatcher()
    ids = [producer.send(Message(topic, "F", b"flush-%d" % i)).get_msg_id() for i in range(20)]
    producer.shutdown()  # at once: the records are still in the dispatcher
    # shutdown returned once the broker stored them (the wait only covers the store's consume-queue dispatch)
    wait_until(lambda: set(ids) <= set(pub_records(embedded_cluster)), 5, "what shutdown flushed")
    assert not dispatcher.worker.is_alive()
    wait_until(lambda: not trace_threads_alive(dispatcher), 10, "the trace threads to end")
    trace_instance = dispatcher.get_trace_producer().get_default_mq_producer_impl().get_mq_client_factory()
    assert trace_instance.get_service_state().name == "SHUTDOWN_ALREADY"
    assert dispatcher.append(object()) is False


@pytest.mark.embedded_cluster(broker_config={"auto_create_topic_enable": False})
def test_trace_failures_never_fail_user_sends(embedded_cluster: EmbeddedCluster, closing, caplog,
                                              wait_until) -> None:
    """The trace topic does not exist and cannot be created: every trace send fails, every user send works."""
    topic = unique("TraceOkTopic")
    create_topic(embedded_cluster.broker_controller, topic)
    producer = closing(traced_producer(embedded_cluster, closing, trace_msg_batch_num=AT_ONCE))
    producer.start()
    with caplog.at_level("ERROR", logger="rocketmq_client.trace.async_trace_dispatcher"):
        results = [producer.send(Message(topic, "T", b"ok-%d" % i)) for i in range(5)]
        assert all(r.get_send_status() is SendStatus.SEND_OK for r in results)
        wait_until(lambda: any("send trace data failed" in r.getMessage() for r in caplog.records), 15,
                   "the logged trace failure")
    wait_until(lambda: len(stored_messages(embedded_cluster.broker_controller, topic)) == 5, 10, "5 stored")
    assert stored_messages(embedded_cluster.broker_controller, TRACE_TOPIC) == []


def test_lite_pull_consumer_traces(embedded_cluster: EmbeddedCluster, closing, wait_until) -> None:
    from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer

    topic = unique("TraceLiteTopic")
    create_topic(embedded_cluster.broker_controller, topic, 1)
    producer = closing(DefaultMQProducer(unique("PlainPG")))
    producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    producer.start()
    ids = {producer.send(Message(topic, "L", b"lite-%d" % i)).get_msg_id() for i in range(3)}
    consumer = DefaultLitePullConsumer(unique("TraceLiteCG"))
    consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    consumer.set_enable_msg_trace(True)
    consumer.set_trace_msg_batch_num(AT_ONCE)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(topic, "*")
    closing(consumer)
    consumer.start()
    polled: List[Any] = []
    wait_until(lambda: polled.extend(consumer.poll(100)) or len(polled) >= 3, 15, "three polled messages")

    def after_ids() -> set:
        return {ctx.get_trace_beans()[0].get_msg_id() for _, ctx in trace_records(
            embedded_cluster.broker_controller, TRACE_TOPIC) if ctx.get_trace_type() is TraceType.SubAfter}

    wait_until(lambda: ids <= after_ids(), 15, "SubAfter records of the polled messages")
    assert consumer.get_trace_dispatcher().get_trace_producer().get_producer_group().startswith(
        "_INNER_TRACE_PRODUCER-" + consumer.get_consumer_group() + "-CONSUME-")


@pytest.mark.embedded_cluster(brokers=2)
def test_trace_topic_broker_chosen_by_route_and_unreachable(embedded_cluster: EmbeddedCluster, caplog,
                                                             wait_until) -> None:
    """The customized trace topic lives on broker-b only: trace messages go there; once broker-b is down every
    trace send fails (logged) and every user send to broker-a still succeeds; shutdown ends quickly and fully."""
    broker_a, broker_b = embedded_cluster.broker_controllers
    topic, trace_topic = unique("TraceUserTopic"), unique("TraceOnB")
    create_topic(broker_a, topic)
    create_topic(broker_b, trace_topic, 2)
    producer = DefaultMQProducer(unique("TracePG"), enable_msg_trace=True, customized_trace_topic=trace_topic,
                                 trace_msg_batch_num=AT_ONCE)
    producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    producer.start()
    dispatcher = producer.get_trace_dispatcher()
    try:
        first = producer.send(Message(topic, "T", b"first"))
        wait_until(lambda: any(ctx.get_trace_beans()[0].get_msg_id() == first.get_msg_id()
                               for _, ctx in trace_records(broker_b, trace_topic)), 15, "the record on broker-b")
        broker_b.shutdown()
        with caplog.at_level("ERROR", logger="rocketmq_client.trace.async_trace_dispatcher"):
            results = [producer.send(Message(topic, "T", b"after-%d" % i)) for i in range(5)]
            assert all(r.get_send_status() is SendStatus.SEND_OK for r in results)
            wait_until(lambda: any("send trace data failed" in r.getMessage() for r in caplog.records), 15,
                       "the logged trace failure")
    finally:
        producer.shutdown()
    wait_until(lambda: len(stored_messages(broker_a, topic)) == 6, 10, "the 6 user messages")
    wait_until(lambda: not trace_threads_alive(dispatcher), 10, "the trace threads to end")


def test_enable_trace_batches_of_trace_msg_batch_num(embedded_cluster: EmbeddedCluster, closing,
                                                     wait_until) -> None:
    """5.3.3's ClientConfig options: ``enable_trace`` / ``trace_topic`` / ``trace_msg_batch_num`` set up the
    dispatcher at start; 8 sends make 2 trace messages of 4 records each (a full batch leaves at once, long before
    the 5 s flush interval)."""
    topic, trace_topic = unique("TraceBatchTopic"), unique("TraceBatchTrace")
    create_topic(embedded_cluster.broker_controller, topic)
    create_topic(embedded_cluster.broker_controller, trace_topic)
    producer = closing(DefaultMQProducer(unique("TracePG"), namesrv_addr=embedded_cluster.namesrv_addr,
                                         enable_trace=True, trace_topic=trace_topic, trace_msg_batch_num=4))
    assert producer.get_trace_dispatcher() is None  # Java 5.3.3 creates it in start()
    producer.start()
    dispatcher = producer.get_trace_dispatcher()
    assert (dispatcher.batch_num, dispatcher.get_trace_topic_name()) == (4, trace_topic)
    assert dispatcher.get_trace_producer().is_enable_trace() is False
    ids = [producer.send(Message(topic, "B", b"batch-%d" % i)).get_msg_id() for i in range(8)]
    wait_until(lambda: len(stored_messages(embedded_cluster.broker_controller, trace_topic)) == 2, 4.5,
               "two trace messages")
    records = trace_records(embedded_cluster.broker_controller, trace_topic)
    assert sorted(ctx.get_trace_beans()[0].get_msg_id() for _, ctx in records) == sorted(ids)
    by_message: Dict[str, List[str]] = {}
    for msg, ctx in records:
        by_message.setdefault(msg.get_msg_id(), []).append(ctx.get_trace_beans()[0].get_msg_id())
    assert sorted(len(v) for v in by_message.values()) == [4, 4]


def test_the_4x_constructor_arguments_set_the_5x_options() -> None:
    producer = DefaultMQProducer("G", enable_msg_trace=True, customized_trace_topic="T1")
    consumer = DefaultMQPushConsumer("G", enable_msg_trace=True, customized_trace_topic="T2")
    from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer

    lite = DefaultLitePullConsumer("G", enable_msg_trace=True, customized_trace_topic="T3")
    assert [(c.is_enable_trace(), c.get_trace_topic(), c.get_trace_msg_batch_num())
            for c in (producer, consumer, lite)] == [(True, "T1", 10), (True, "T2", 10), (True, "T3", 10)]
    lite.set_enable_msg_trace(False)
    lite.set_customized_trace_topic("T4")
    assert (lite.is_enable_trace(), lite.get_trace_topic(), lite.is_enable_msg_trace(),
            lite.get_customized_trace_topic()) == (False, "T4", False, "T4")
    assert DefaultMQProducer("G").is_enable_trace() is False
