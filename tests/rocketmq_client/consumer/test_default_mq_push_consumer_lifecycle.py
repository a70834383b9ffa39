"""DefaultMQPushConsumer against the embedded cluster: the seed's start/shutdown sequence, the state machine, the
duplicate group, the context manager, namespaces, and no thread left after shutdown."""
from __future__ import annotations

import threading

import pytest

from client_support import CLIENT_THREAD_PREFIXES, Recorder, create_topic, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.mix_all import MixAll
from rocketmq_common.service_state import ServiceState


def test_seed_start_and_shutdown_sequence(embedded_cluster: EmbeddedCluster, new_producer) -> None:
    """The quickstart Consumer: group, name server, subscribe TopicTest *, listener, start ... shutdown."""
    create_topic(embedded_cluster.broker_controller, "TopicTest", 4)
    producer = new_producer()
    sent = {}
    for i in range(40):
        result = producer.send(Message("TopicTest", "TagA", ("Hello RocketMQ %d" % i).encode()))
        sent[result.get_msg_id()] = result
    received = []
    done = threading.Event()

    def listener(msgs, context):
        received.extend(msgs)
        if len(received) >= 40:
            done.set()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer = DefaultMQPushConsumer("please_rename_unique_group_name_4")
    consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe("TopicTest", "*")
    consumer.register_message_listener(listener)
    consumer.start()
    try:
        assert done.wait(20), "received %d of 40" % len(received)
        # the last listener call may still be finishing: its offset is committed right after it returns
        store = consumer.get_offset_store()
        wait_for(lambda: sum(store.clone_offset_table("TopicTest").values()) == 40, 10, "the consumed offsets")
    finally:
        consumer.shutdown()
    assert sorted(m.get_body() for m in received) == sorted(("Hello RocketMQ %d" % i).encode() for i in range(40))
    for msg in received:
        assert msg.get_topic() == "TopicTest"
        assert msg.get_tags() == "TagA"
        assert msg.get_reconsume_times() == 0
        assert msg.get_broker_name() == "broker-a"
        assert msg.get_msg_id() in sent  # the unique key, as Java's MessageClientExt.getMsgId
        assert int(msg.get_property(MessageConst.PROPERTY_MIN_OFFSET)) == 0
        assert int(msg.get_property(MessageConst.PROPERTY_MAX_OFFSET)) >= msg.get_queue_offset() + 1
        assert msg.get_property(MessageConst.PROPERTY_CONSUME_START_TIMESTAMP) is not None
    assert consumer.get_default_mq_push_consumer_impl().get_service_state() is ServiceState.SHUTDOWN_ALREADY
    # the clean shutdown committed every offset to the broker
    offsets = embedded_cluster.broker_controller.get_consumer_offset_manager().query_offset_table(
        "please_rename_unique_group_name_4", "TopicTest")
    assert sum(offsets.values()) == 40


def test_shutdown_awaits_consumption_in_flight(embedded_cluster: EmbeddedCluster, new_producer, new_consumer,
                                               push_topic) -> None:
    new_producer().send(Message(push_topic, "TagA", b"in flight"))
    entered, release = threading.Event(), threading.Event()

    def listener(msgs, context):
        entered.set()
        release.wait(10)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer = new_consumer("AwaitGroup", listener, await_termination_millis_when_shutdown=10000)
    assert entered.wait(10)
    stopper = threading.Thread(target=consumer.shutdown)
    stopper.start()
    service = consumer.get_default_mq_push_consumer_impl().get_consume_message_service()
    wait_for(service.consume_executor.is_shutdown, 5, "the shutdown to begin")
    assert stopper.is_alive()  # waiting for the listener
    release.set()
    stopper.join(10)
    assert not stopper.is_alive()
    # the offset of the message consumed during shutdown was persisted by it
    offsets = embedded_cluster.broker_controller.get_consumer_offset_manager().query_offset_table("AwaitGroup",
                                                                                                 push_topic)
    assert sum(offsets.values()) == 1


def test_state_machine_and_java_messages(new_consumer, push_topic) -> None:
    consumer = new_consumer(None, Recorder())
    impl = consumer.get_default_mq_push_consumer_impl()
    assert impl.get_service_state() is ServiceState.RUNNING
    with pytest.raises(MQClientException, match="The PushConsumer service state not OK, maybe started once, RUNNING"):
        consumer.start()
    consumer.shutdown()
    consumer.shutdown()  # a second shutdown does nothing
    assert impl.get_service_state() is ServiceState.SHUTDOWN_ALREADY
    with pytest.raises(MQClientException, match="maybe started once, SHUTDOWN_ALREADY"):
        consumer.start()


def test_failed_check_leaves_start_failed(embedded_cluster: EmbeddedCluster) -> None:
    consumer = DefaultMQPushConsumer()
    consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    consumer.register_message_listener(Recorder())
    with pytest.raises(MQClientException, match="consumerGroup can not equal DEFAULT_CONSUMER"):
        consumer.start()
    assert consumer.get_default_mq_push_consumer_impl().get_service_state() is ServiceState.START_FAILED
    with pytest.raises(MQClientException, match="maybe started once, START_FAILED"):
        consumer.start()


def test_duplicate_group_in_one_client_instance(new_consumer, push_topic) -> None:
    # a named instance is kept in clustering (only DEFAULT becomes pid#nanotime): both share one client instance
    first = new_consumer("DupGroup", Recorder(), instance_name="dup-instance")
    second = new_consumer("DupGroup", Recorder(), instance_name="dup-instance", start=False)
    with pytest.raises(MQClientException, match=r"The consumer group\[DupGroup\] has been created before, "
                                                r"specify another name please\."):
        second.start()
    impl = second.get_default_mq_push_consumer_impl()
    assert impl.get_mq_client_factory() is first.get_default_mq_push_consumer_impl().get_mq_client_factory()
    assert impl.get_service_state() is ServiceState.CREATE_JUST
    assert impl.get_consume_message_service().consume_executor.is_shutdown()


def test_context_manager_and_no_thread_left(embedded_cluster: EmbeddedCluster, new_producer, push_topic) -> None:
    producer = new_producer()
    for i in range(20):
        producer.send(Message(push_topic, "TagA", b"ctx %d" % i))
    producer.shutdown()  # its instance is the consumer's too (same client id) unless shut down first
    before = {t.ident for t in threading.enumerate()}
    recorder = Recorder()
    consumer = DefaultMQPushConsumer("CtxGroup")
    consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(push_topic, "*")
    consumer.register_message_listener(recorder)
    with consumer as entered:
        assert entered is consumer
        recorder.wait_count(20)
        names = {t.name for t in threading.enumerate()}
        assert any(n.startswith("ConsumeMessageThread_CtxGroup_") for n in names)
        assert "PullMessageService" in names and "RebalanceService" in names
    assert consumer.get_default_mq_push_consumer_impl().get_service_state() is ServiceState.SHUTDOWN_ALREADY

    def leftovers():
        return [t.name for t in threading.enumerate()
                if t.ident not in before and t.is_alive() and t.name.startswith(CLIENT_THREAD_PREFIXES)]

    try:
        wait_for(lambda: not leftovers(), 10, "the consumer threads to end")
    except AssertionError:
        raise AssertionError("threads left: %s" % leftovers()) from None
    client_id = consumer.get_default_mq_push_consumer_impl().get_mq_client_factory().get_client_id()
    assert client_id not in MQClientManager.get_instance().get_factory_table()


def test_namespace_wraps_group_and_topics(embedded_cluster: EmbeddedCluster, new_producer, new_consumer) -> None:
    create_topic(embedded_cluster.broker_controller, "NS_A%NsTopic", 2)
    producer = new_producer(namespace=None)
    for i in range(5):
        producer.send(Message("NS_A%NsTopic", "TagA", b"ns %d" % i))
    recorder = Recorder()
    consumer = new_consumer("NsGroup", recorder, topic="NsTopic", namespace="NS_A")
    msgs = recorder.wait_count(5)
    assert consumer.get_consumer_group() == "NS_A%NsGroup"
    assert {m.get_topic() for m in msgs} == {"NsTopic"}
    subscriptions = consumer.get_default_mq_push_consumer_impl().get_subscription_inner()
    assert set(subscriptions) == {"NS_A%NsTopic", MixAll.get_retry_topic("NS_A%NsGroup")}
    queues = consumer.fetch_subscribe_message_queues("NsTopic")
    assert {q.get_topic() for q in queues} == {"NsTopic"} and len(queues) == 2
