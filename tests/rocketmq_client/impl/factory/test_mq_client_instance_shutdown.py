"""Shutdown ends every thread and socket: an instance on its own, and 100 producers started and shut down one
after the other."""
from __future__ import annotations

import threading
from typing import Set

from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.service_state import ServiceState
from rocketmq_common.topic.topic_validator import TopicValidator


def _threads() -> Set[threading.Thread]:
    return {t for t in threading.enumerate() if t.is_alive()}


_CLIENT_THREADS = ("MQClientFactoryScheduledThread", "PullMessageService", "PullMessageServiceScheduledThread",
                   "RebalanceService", "ClientHouseKeepingService", "RequestHouseKeepingService",
                   "NettyEventExecutor")
_CLIENT_THREAD_PREFIXES = ("NettyClientReader_", "NettyClientPublicExecutor_", "AsyncSenderExecutor_")


def _client_thread_names(threads: Set[threading.Thread]) -> Set[str]:
    """The client's threads among ``threads`` (the embedded cluster's own threads have other names)."""
    return {t.name for t in threads if t.name in _CLIENT_THREADS or t.name.startswith(_CLIENT_THREAD_PREFIXES)}


def test_instance_shutdown_ends_every_thread_and_socket(embedded_cluster, client_config, client_instance,
                                                        recording_producer, wait_until):
    before = _threads()
    instance = client_instance(client_config)
    instance.register_producer("LifePG", recording_producer(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC))
    instance.update_topic_route_info_from_name_server(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    instance.send_heartbeat_to_all_broker_with_lock()
    instance.get_pull_message_service().execute_task_later(lambda: None, 1)
    remoting = instance.get_mq_client_api_impl().get_remoting_client()
    assert set(remoting.channel_tables) == {embedded_cluster.namesrv_addr, embedded_cluster.broker_addr}
    started = _client_thread_names(_threads() - before)
    assert {"MQClientFactoryScheduledThread", "PullMessageService", "RebalanceService",
            "ClientHouseKeepingService"} <= started
    assert any(name.startswith("NettyClientReader_") for name in started)
    sockets = [cw.get_channel() for cw in remoting.channel_tables.values()]
    instance.unregister_producer("LifePG")
    instance.shutdown()
    assert instance.get_service_state() == ServiceState.SHUTDOWN_ALREADY
    assert remoting.channel_tables == {}
    assert all(not channel.is_active() for channel in sockets)
    wait_until(lambda: not _client_thread_names(_threads() - before), timeout=10,
               message="client threads to end: %s" % sorted(_client_thread_names(_threads() - before)))


def test_hundred_producers_leave_no_thread_or_socket(embedded_cluster, wait_until):
    before = _threads()
    manager = MQClientManager.get_instance()
    factories_before = set(manager.get_factory_table())
    for i in range(100):
        producer = DefaultMQProducer("LoopGroup")
        producer.set_namesrv_addr(embedded_cluster.namesrv_addr)
        producer.start()
        if i % 25 == 0:  # some of them really talk to the broker
            result = producer.send(Message("LoopTopic", b"loop %d" % i))
            assert result.get_send_status().name == "SEND_OK"
        instance = producer.get_default_mq_producer_impl().get_mq_client_factory()
        remoting = instance.get_mq_client_api_impl().get_remoting_client()
        producer.shutdown()
        assert remoting.channel_tables == {}
        assert instance.get_service_state() == ServiceState.SHUTDOWN_ALREADY
    assert set(manager.get_factory_table()) == factories_before
    wait_until(lambda: not _client_thread_names(_threads() - before), timeout=15,
               message="client threads to end: %s" % sorted(_client_thread_names(_threads() - before)))
    broker = embedded_cluster.broker_controller
    assert "LoopGroup" not in broker.get_producer_manager().get_group_channel_table()


def test_instance_is_a_context_manager(client_config):
    with MQClientManager.get_instance().get_or_create_mq_client_instance(client_config) as instance:
        assert instance.get_service_state() == ServiceState.RUNNING
    assert instance.get_service_state() == ServiceState.SHUTDOWN_ALREADY
    assert instance.get_client_id() not in MQClientManager.get_instance().get_factory_table()
