"""DefaultMQProducer start/shutdown: the seed's call sequence, Java's state machine and its messages, threads."""
from __future__ import annotations

import os
import re
import threading
from typing import Set

import pytest

from client_support import wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.service_state import ServiceState

FAQ = "\nSee http://rocketmq.apache.org/docs/faq/ for further details."


def test_seed_call_sequence(embedded_cluster: EmbeddedCluster) -> None:
    port = embedded_cluster.namesrv_addr.rsplit(":", 1)[1]
    producer = DefaultMQProducer("ProducerGroupName")
    producer.set_namesrv_addr("127.0.0.1:" + port)
    producer.start()
    try:
        for i in range(3):
            result = producer.send(Message("TopicTest", "TagA", ("Hello RocketMQ %d" % i).encode()))
            assert result.get_send_status() is SendStatus.SEND_OK
            assert result.get_message_queue().get_topic() == "TopicTest"
            assert result.get_message_queue().get_broker_name() == "broker-a"
            assert str(result).startswith("SendResult [sendStatus=SEND_OK, msgId=")
    finally:
        producer.shutdown()
    assert producer.get_default_mq_producer_impl().get_service_state() is ServiceState.SHUTDOWN_ALREADY


def test_defaults_follow_java() -> None:
    producer = DefaultMQProducer("G")
    assert producer.get_producer_group() == "G"
    assert producer.get_create_topic_key() == "TBW102"
    assert producer.get_default_topic_queue_nums() == 4
    assert producer.get_send_msg_timeout() == 3000
    assert producer.get_compress_msg_body_over_howmuch() == 4096
    assert producer.get_retry_times_when_send_failed() == 2
    assert producer.get_retry_times_when_send_async_failed() == 2
    assert producer.is_retry_another_broker_when_not_store_ok() is False
    assert producer.get_max_message_size() == 4 * 1024 * 1024
    assert producer.is_send_latency_fault_enable() is False
    assert producer.get_latency_max() == [50, 100, 550, 1800, 3000, 5000, 15000]  # 5.3.3's
    assert producer.get_not_available_duration() == [0, 0, 2000, 5000, 6000, 10000, 30000]
    assert producer.get_retry_response_codes() == {17, 14, 1, 16, 204, 205}
    producer.add_retry_response_code(2)
    assert 2 in producer.get_retry_response_codes()
    assert 2 not in DefaultMQProducer("H").get_retry_response_codes()
    assert producer.is_send_message_with_vip_channel() is False
    producer.set_send_message_with_vip_channel(True)
    assert producer.is_vip_channel_enabled()
    assert DefaultMQProducer().get_producer_group() == "DEFAULT_PRODUCER"
    assert DefaultMQProducer("G", namespace="ns").get_namespace() == "ns"
    assert producer.get_trace_dispatcher() is None
    executor = producer.get_default_mq_producer_impl().get_async_sender_executor()
    assert executor.get_core_pool_size() == (os.cpu_count() or 1)
    assert executor.get_queue_capacity() == 50000


def test_constructor_rejects_java_namespace_group_order() -> None:
    with pytest.raises(TypeError, match="namespace="):
        DefaultMQProducer("ns", "group")  # type: ignore[arg-type]


def test_start_twice_and_after_shutdown(new_producer) -> None:
    producer = new_producer()
    with pytest.raises(MQClientException) as info:
        producer.start()
    assert str(info.value) == ("The producer service state not OK, maybe started once, RUNNING" + FAQ
                               + ServiceState.RUNNING.next_step())
    assert info.value.get_response_code() == -1
    producer.shutdown()
    producer.shutdown()  # a second shutdown does nothing, as in Java
    with pytest.raises(MQClientException, match="maybe started once, SHUTDOWN_ALREADY"):
        producer.start()
    with pytest.raises(MQClientException) as info:
        producer.send(Message("TopicTest", b"x"))
    assert str(info.value) == ("The producer service state not OK, SHUTDOWN_ALREADY" + FAQ
                               + ServiceState.SHUTDOWN_ALREADY.next_step())


def test_send_before_start(new_producer) -> None:
    producer = new_producer(start=False)
    with pytest.raises(MQClientException, match="^The producer service state not OK, CREATE_JUST\n"):
        producer.send(Message("TopicTest", b"x"))
    with pytest.raises(MQClientException, match="CREATE_JUST"):
        producer.fetch_publish_message_queues("TopicTest")


@pytest.mark.parametrize("group, message", [
    ("", "the specified group is blank"),
    ("   ", "the specified group is blank"),
    ("G" * 256, "the specified group is longer than group max length 255."),
    ("bad group!", "the specified group[bad group!] contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$"),
    ("DEFAULT_PRODUCER", "producerGroup can not equal DEFAULT_PRODUCER, please specify another one."),
])
def test_group_validation_and_failed_start(new_producer, group: str, message: str) -> None:
    producer = new_producer(group=group, start=False)
    with pytest.raises(MQClientException) as info:
        producer.start()
    assert info.value.get_error_message() == message
    assert producer.get_default_mq_producer_impl().get_service_state() is ServiceState.START_FAILED
    with pytest.raises(MQClientException, match="maybe started once, START_FAILED"):
        producer.start()


def test_duplicate_group_in_one_instance(new_producer) -> None:
    first = new_producer(group="DupGroup", instance_name="shared-instance")
    second = new_producer(group="DupGroup", instance_name="shared-instance", start=False)
    with pytest.raises(MQClientException) as info:
        second.start()
    assert str(info.value) == ("The producer group[DupGroup] has been created before, specify another name please."
                               + FAQ)
    # Java resets the state so that the producer may start under another group
    assert second.get_default_mq_producer_impl().get_service_state() is ServiceState.CREATE_JUST
    second.set_producer_group("DupGroup2")
    second.start()
    assert (first.get_default_mq_producer_impl().get_mq_client_factory()
            is second.get_default_mq_producer_impl().get_mq_client_factory())
    assert second.send(Message("TopicTest", b"x")).get_send_status() is SendStatus.SEND_OK


def test_instance_name_becomes_pid_and_group_gets_namespace(new_producer) -> None:
    producer = new_producer(namespace="ns1")
    assert re.fullmatch(r"%d#\d+" % os.getpid(), producer.get_instance_name())
    assert producer.get_producer_group().startswith("ns1%PG_")
    factory = producer.get_default_mq_producer_impl().get_mq_client_factory()
    assert factory.get_client_id() == "%s@%s" % (producer.get_client_ip(), producer.get_instance_name())
    assert factory.select_producer(producer.get_producer_group()) is producer.get_default_mq_producer_impl()
    assert "TBW102" in producer.get_default_mq_producer_impl().get_publish_topic_list()


def test_context_manager_starts_and_shuts_down(embedded_cluster: EmbeddedCluster) -> None:
    producer = DefaultMQProducer("CtxGroup")
    producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
    with producer as p:
        assert p is producer
        assert p.get_default_mq_producer_impl().get_service_state() is ServiceState.RUNNING
        assert p.send(Message("TopicTest", b"ctx")).get_send_status() is SendStatus.SEND_OK
    assert producer.get_default_mq_producer_impl().get_service_state() is ServiceState.SHUTDOWN_ALREADY
    started = DefaultMQProducer("CtxGroup2")
    started.set_namesrv_addr(embedded_cluster.namesrv_addr)
    started.start()
    with started:  # already started: entering does not start it again
        pass
    assert started.get_default_mq_producer_impl().get_service_state() is ServiceState.SHUTDOWN_ALREADY


def test_send_message_in_transaction_needs_transaction_producer(new_producer) -> None:
    producer = new_producer()
    with pytest.raises(RuntimeError, match="please use TransactionMQProducer class"):
        producer.send_message_in_transaction(Message("TopicTest", b"x"), None)
    tx = new_producer(cls=TransactionMQProducer, start=False)
    with pytest.raises(MQClientException, match="TransactionListener is null"):
        tx.send_message_in_transaction(Message("TopicTest", b"x"), None)


# worker pools of the in-process broker and name server grow on demand (Java ThreadPoolExecutor); they are not ours
_SERVER_POOL_THREAD = re.compile(r"^(\w+Thread|brokerOutApi_thread)_\d+$")


def _client_threads() -> Set[threading.Thread]:
    return {t for t in threading.enumerate() if not _SERVER_POOL_THREAD.match(t.name)}


def _socket_count() -> int:
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink("/proc/self/fd/" + fd).startswith("socket:"):
                count += 1
        except OSError:
            pass
    return count


@pytest.mark.timeout(120)
def test_no_thread_or_socket_left_after_100_producers(embedded_cluster: EmbeddedCluster) -> None:
    def cycle(i: int, send: bool) -> None:
        producer = DefaultMQProducer("ManyGroup%d" % i)
        producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
        producer.start()
        if send:
            producer.send(Message("TopicTest", b"x"))
            callback_done = threading.Event()

            class Callback:
                def on_success(self, result: object) -> None:
                    callback_done.set()

                def on_exception(self, e: BaseException) -> None:
                    callback_done.set()

            producer.send(Message("TopicTest", b"y"), Callback())
            assert callback_done.wait(10)
        producer.shutdown()

    cycle(-1, True)  # warm up the broker's own pools
    baseline_threads = _client_threads()
    baseline_sockets = _socket_count()
    for i in range(100):
        cycle(i, i % 10 == 0)
    wait_for(lambda: _client_threads() <= baseline_threads, 20,
             "client threads to end: %s" % sorted(t.name for t in _client_threads() - baseline_threads))
    wait_for(lambda: _socket_count() <= baseline_sockets, 20, "sockets to close")
    assert not [cid for cid in MQClientManager.get_instance().get_factory_table() if "ManyGroup" in cid]
