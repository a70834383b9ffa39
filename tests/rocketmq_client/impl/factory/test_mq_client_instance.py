"""MQClientManager and MQClientInstance against the embedded cluster: sharing, state machine, routes, publish and
subscribe info, heartbeats, broker versions, offline brokers."""
from __future__ import annotations

import pytest

from rocketmq_client.exception import IllegalStateException, MQClientException
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.route.broker_data import BrokerData
from rocketmq_common.protocol.route.queue_data import QueueData
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.service_state import ServiceState
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.exception import RemotingConnectException
from rocketmq_remoting.protocol.remoting_command import CURRENT_VERSION, LanguageCode


class _DefaultTopicProducer:
    """The two DefaultMQProducer getters the default-topic branch reads."""

    def get_create_topic_key(self) -> str:
        return TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC

    def get_default_topic_queue_nums(self) -> int:
        return 3


def _start_settled(client_instance, config, recording_producer) -> MQClientInstance:
    """Start an instance and wait for its first scheduled route refresh (10 ms after start) to have collected
    its topics; the next refresh is 30 s away, so later route updates of the test are its own."""
    instance = client_instance(config, start=False)
    probe = recording_producer()
    instance.register_producer("ProbePG", probe)
    instance.start()
    probe.wait_for(lambda p: len(p.list_calls) > 0)
    return instance


def _route(*queue_datas: QueueData, brokers=(), order_topic_conf=None) -> TopicRouteData:
    return TopicRouteData(order_topic_conf=order_topic_conf, queue_datas=list(queue_datas),
                          broker_datas=list(brokers), filter_server_table={})


def test_manager_shares_one_instance_per_client_id(client_config, client_instance):
    manager = MQClientManager.get_instance()
    assert MQClientManager.get_instance() is manager
    first = client_instance(client_config, start=False)
    same_id = client_config.clone_client_config()
    assert client_instance(same_id, start=False) is first
    assert first.get_client_config() is not client_config  # the instance keeps a clone
    assert first.get_client_id() == client_config.build_mq_client_id()
    other = client_config.clone_client_config()
    other.set_instance_name(client_config.get_instance_name() + "-other")
    second = client_instance(other, start=False)
    assert second is not first and second.get_client_id() != first.get_client_id()
    assert manager.get_factory_table()[first.get_client_id()] is first


def test_start_twice_and_shutdown_removes_from_manager(client_config, client_instance):
    instance = client_instance(client_config)
    assert instance.get_service_state() == ServiceState.RUNNING
    instance.start()  # RUNNING: nothing happens
    assert instance.get_service_state() == ServiceState.RUNNING
    assert instance.get_default_mq_producer().get_producer_group() == MixAll.CLIENT_INNER_PRODUCER_GROUP
    assert MixAll.CLIENT_INNER_PRODUCER_GROUP in instance.producer_table
    instance.shutdown()
    assert instance.get_service_state() == ServiceState.SHUTDOWN_ALREADY
    assert instance.get_client_id() not in MQClientManager.get_instance().get_factory_table()
    instance.start()  # SHUTDOWN_ALREADY: Java does nothing either
    assert instance.get_service_state() == ServiceState.SHUTDOWN_ALREADY


def test_failed_start_cannot_be_retried(client_config, client_instance, monkeypatch):
    instance = client_instance(client_config, start=False)

    def broken_start() -> None:
        raise RuntimeError("remoting client cannot start")

    monkeypatch.setattr(instance.mq_client_api_impl, "start", broken_start)
    with pytest.raises(RuntimeError, match="cannot start"):
        instance.start()
    assert instance.get_service_state() == ServiceState.START_FAILED
    with pytest.raises(MQClientException) as excinfo:
        instance.start()
    assert excinfo.value.get_error_message() == (
        "The Factory object[" + instance.get_client_id() + "] has been created before, and failed.")


def test_shutdown_waits_for_the_last_producer_and_consumer(client_config, client_instance, recording_producer,
                                                           recording_consumer):
    instance = client_instance(client_config)
    producer = recording_producer("T")
    consumer = recording_consumer("CG", "T")
    assert instance.register_producer("PG", producer)
    assert not instance.register_producer("PG", recording_producer("T"))
    assert instance.register_consumer("CG", consumer)
    assert not instance.register_consumer("CG", recording_consumer("CG"))
    assert not instance.register_producer(None, producer)
    instance.shutdown()
    assert instance.get_service_state() == ServiceState.RUNNING  # a consumer is registered
    instance.unregister_consumer("CG")
    instance.shutdown()
    assert instance.get_service_state() == ServiceState.RUNNING  # inner producer + PG
    instance.unregister_producer("PG")
    instance.shutdown()
    assert instance.get_service_state() == ServiceState.SHUTDOWN_ALREADY


def test_route_of_existing_topic_updates_tables_and_producers(embedded_cluster, client_config, client_instance,
                                                              recording_producer, recording_consumer):
    instance = _start_settled(client_instance, client_config, recording_producer)
    instance.get_mq_admin_impl().create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, "RouteTopic", 6)
    producer = recording_producer("RouteTopic")
    consumer = recording_consumer("RouteGroup", "RouteTopic")
    instance.register_producer("RoutePG", producer)
    instance.register_consumer("RouteGroup", consumer)
    assert instance.update_topic_route_info_from_name_server("RouteTopic") is True
    route = instance.get_an_exist_topic_route_data("RouteTopic")
    assert route is not None and route.queue_datas[0].write_queue_nums == 6
    assert instance.get_broker_addr_table() == {"broker-a": {0: embedded_cluster.broker_addr}}
    info = producer.publish_infos["RouteTopic"]
    assert info.is_have_topic_router_info() and not info.is_order_topic()
    assert info.get_message_queue_list() == [MessageQueue("RouteTopic", "broker-a", i) for i in range(6)]
    assert consumer.subscribe_infos["RouteTopic"] == {MessageQueue("RouteTopic", "broker-a", i) for i in range(6)}
    # unchanged route: nothing is pushed unless a producer asks for it
    assert instance.update_topic_route_info_from_name_server("RouteTopic") is False
    assert producer.updates.count("RouteTopic") == 1  # (the scheduled refresh may push TBW102 meanwhile)
    producer.need_update = True
    assert instance.update_topic_route_info_from_name_server("RouteTopic") is True
    assert producer.updates.count("RouteTopic") >= 2
    assert instance.find_broker_address_in_publish("broker-a") == embedded_cluster.broker_addr
    assert instance.find_broker_address_in_publish("broker-x") is None
    assert instance.find_broker_addr_by_topic("RouteTopic") == embedded_cluster.broker_addr
    assert instance.find_broker_addr_by_topic("NoSuchTopic") is None


def test_route_of_missing_topic_and_default_topic_branch(embedded_cluster, client_config, client_instance,
                                                         recording_producer):
    instance = client_instance(client_config)
    producer = recording_producer("MissingTopic")
    instance.register_producer("MissingPG", producer)
    assert instance.update_topic_route_info_from_name_server("MissingTopic") is False  # TOPIC_NOT_EXIST logged
    assert instance.get_an_exist_topic_route_data("MissingTopic") is None
    assert "MissingTopic" not in producer.updates
    # the default-topic branch: the route of TBW102 with queue counts capped at defaultTopicQueueNums (3 < 8)
    assert instance.update_topic_route_info_from_name_server("MissingTopic", True, _DefaultTopicProducer()) is True
    route = instance.get_an_exist_topic_route_data("MissingTopic")
    assert [(qd.read_queue_nums, qd.write_queue_nums) for qd in route.queue_datas] == [(3, 3)]
    assert producer.publish_infos["MissingTopic"].get_message_queue_list() == [
        MessageQueue("MissingTopic", "broker-a", i) for i in range(3)]


@pytest.mark.embedded_cluster(brokers=2)
def test_publish_info_from_two_brokers(embedded_cluster, client_config, client_instance, recording_producer):
    instance = _start_settled(client_instance, client_config, recording_producer)
    instance.get_mq_admin_impl().create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, "TwoBrokers", 2)
    producer = recording_producer("TwoBrokers")
    instance.register_producer("TwoPG", producer)
    assert instance.update_topic_route_info_from_name_server("TwoBrokers")
    queues = producer.publish_infos["TwoBrokers"].get_message_queue_list()
    assert queues == [MessageQueue("TwoBrokers", "broker-a", 0), MessageQueue("TwoBrokers", "broker-a", 1),
                      MessageQueue("TwoBrokers", "broker-b", 0), MessageQueue("TwoBrokers", "broker-b", 1)]
    assert set(instance.get_broker_addr_table()) == {"broker-a", "broker-b"}
    info = producer.publish_infos["TwoBrokers"]
    assert info.get_write_queue_nums_by_broker("broker-b") == 2
    assert info.get_write_queue_nums_by_broker("broker-z") == -1
    # round robin skips the last failed broker
    assert all(info.select_one_message_queue("broker-a").get_broker_name() == "broker-b" for _ in range(8))


def test_publish_info_conversion_rules():
    master_a = BrokerData("c", "broker-a", {0: "a:1"})
    slave_only = BrokerData("c", "broker-s", {1: "s:1"})
    route = _route(QueueData(broker_name="broker-s", read_queue_nums=2, write_queue_nums=2, perm=6),
                   QueueData(broker_name="broker-r", read_queue_nums=2, write_queue_nums=2, perm=PermName.PERM_READ),
                   QueueData(broker_name="broker-a", read_queue_nums=3, write_queue_nums=2, perm=6),
                   QueueData(broker_name="broker-n", read_queue_nums=1, write_queue_nums=1, perm=6),
                   brokers=[master_a, slave_only, BrokerData("c", "broker-r", {0: "r:1"})])
    info = MQClientInstance.topic_route_data2_topic_publish_info("T", route)
    # sorted by broker name; read-only, master-less and unknown brokers are skipped
    assert info.get_message_queue_list() == [MessageQueue("T", "broker-a", 0), MessageQueue("T", "broker-a", 1)]
    assert info.get_topic_route_data() is route and not info.is_order_topic()
    subscribe = MQClientInstance.topic_route_data2_topic_subscribe_info("T", route)
    assert subscribe == {MessageQueue("T", "broker-s", 0), MessageQueue("T", "broker-s", 1),
                         MessageQueue("T", "broker-r", 0), MessageQueue("T", "broker-r", 1),
                         MessageQueue("T", "broker-a", 0), MessageQueue("T", "broker-a", 1),
                         MessageQueue("T", "broker-a", 2), MessageQueue("T", "broker-n", 0)}
    ordered = _route(QueueData(broker_name="broker-a", read_queue_nums=8, write_queue_nums=8, perm=6),
                     brokers=[master_a], order_topic_conf="broker-b:2;broker-a:1")
    info = MQClientInstance.topic_route_data2_topic_publish_info("T", ordered)
    assert info.is_order_topic()
    assert info.get_message_queue_list() == [MessageQueue("T", "broker-b", 0), MessageQueue("T", "broker-b", 1),
                                             MessageQueue("T", "broker-a", 0)]


def test_heartbeat_reaches_broker_with_language_and_version(embedded_cluster, client_config, client_instance,
                                                            recording_producer, recording_consumer):
    instance = client_instance(client_config)
    instance.register_producer("HbProducerGroup", recording_producer("HbTopic"))
    consumer = recording_consumer("HbConsumerGroup", TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    instance.register_consumer("HbConsumerGroup", consumer)
    instance.update_topic_route_info_from_name_server(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    instance.send_heartbeat_to_all_broker_with_lock()
    broker = embedded_cluster.broker_controller
    producer_channels = broker.get_producer_manager().get_group_channel_table()
    for group in ("HbProducerGroup", MixAll.CLIENT_INNER_PRODUCER_GROUP):
        infos = list(producer_channels[group].values())
        assert [i.get_client_id() for i in infos] == [instance.get_client_id()]
        assert infos[0].get_language() == LanguageCode.PYTHON and infos[0].get_version() == CURRENT_VERSION
    group_info = broker.get_consumer_manager().get_consumer_group_info("HbConsumerGroup")
    assert group_info is not None
    assert instance.get_client_id() in group_info.get_all_client_id()
    assert broker.get_consumer_manager().find_subscription_data(
        "HbConsumerGroup", TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC) is not None
    assert instance.get_broker_version_table() == {"broker-a": {embedded_cluster.broker_addr: CURRENT_VERSION}}
    assert instance.find_broker_version("broker-a", embedded_cluster.broker_addr) == CURRENT_VERSION
    found = instance.find_broker_address_in_subscribe("broker-a", MixAll.MASTER_ID, True)
    assert (found.get_broker_addr(), found.is_slave(), found.get_broker_version()) == (
        embedded_cluster.broker_addr, False, CURRENT_VERSION)
    assert instance.find_broker_address_in_subscribe("broker-a", 1, True) is None
    any_addr = instance.find_broker_address_in_subscribe("broker-a", 1, False)
    assert any_addr.get_broker_addr() == embedded_cluster.broker_addr and not any_addr.is_slave()
    assert instance.find_consumer_id_list(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, "HbConsumerGroup") == [
        instance.get_client_id()]
    # unregistering a group sends UNREGISTER_CLIENT to the broker
    instance.unregister_producer("HbProducerGroup")
    assert "HbProducerGroup" not in broker.get_producer_manager().get_group_channel_table()
    instance.unregister_consumer("HbConsumerGroup")
    assert broker.get_consumer_manager().get_consumer_group_info("HbConsumerGroup") is None


def test_heartbeat_without_groups_is_skipped(client_config, client_instance, monkeypatch):
    instance = client_instance(client_config, start=False)
    calls = []
    monkeypatch.setattr(instance.mq_client_api_impl, "send_heartbeat", lambda *a: calls.append(a) or 0)
    instance.get_broker_addr_table()["broker-a"] = {0: "127.0.0.1:1"}
    instance.send_heartbeat_to_all_broker_with_lock()  # no producer, no consumer: nothing sent
    assert calls == []


@pytest.mark.embedded_cluster(brokers=2, namesrv_scan_interval_millis=200)
def test_clean_offline_broker_after_a_broker_stops(embedded_cluster, client_config, client_instance,
                                                   recording_producer, wait_until):
    instance = client_instance(client_config)
    instance.get_mq_admin_impl().create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, "OfflineTopic", 2)
    producer = recording_producer("OfflineTopic")
    instance.register_producer("OfflinePG", producer)
    instance.update_topic_route_info_from_name_server("OfflineTopic")
    instance.update_topic_route_info_from_name_server(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    assert set(instance.get_broker_addr_table()) == {"broker-a", "broker-b"}
    table_before = instance.get_broker_addr_table()["broker-a"]
    embedded_cluster.broker_controllers[1].shutdown()  # unregisters broker-b from the name server

    def route_lost_broker_b() -> bool:
        instance.update_topic_route_info_from_name_server("OfflineTopic")
        instance.update_topic_route_info_from_name_server(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
        routes = instance.get_topic_route_table().values()
        return all(bd.broker_name != "broker-b" for route in routes for bd in route.broker_datas)

    wait_until(route_lost_broker_b, message="the routes to drop broker-b")
    assert "broker-b" in instance.get_broker_addr_table()  # only the routes changed so far
    instance.clean_offline_broker()
    assert instance.get_broker_addr_table() == {"broker-a": {0: embedded_cluster.broker_addrs[0]}}
    assert instance.get_broker_addr_table()["broker-a"] is not table_before  # copy-on-write
    assert [mq.get_broker_name() for mq in producer.publish_infos["OfflineTopic"].get_message_queue_list()] == [
        "broker-a", "broker-a"]


def test_parse_offset_table_from_broker_strips_namespace():
    table = {MessageQueue("ns%T", "b", 0): 5}
    instance_method = MQClientInstance.parse_offset_table_from_broker
    assert instance_method(None, dict(table), "ns") == {MessageQueue("T", "b", 0): 5}
    assert instance_method(None, {MessageQueue("T", "b", 1): 7}, None) == {MessageQueue("T", "b", 1): 7}


def test_instance_uses_tls_and_callback_threads_from_config(client_config, client_instance, make_client_config):
    config = make_client_config(client_config.get_namesrv_addr(), client_callback_executor_threads=3)
    instance = client_instance(config, start=False)
    assert instance.get_netty_client_config().get_client_callback_executor_threads() == 3
    assert instance.get_netty_client_config().is_use_tls() is False
    assert instance.get_mq_client_api_impl().get_name_server_address_list() == [config.get_namesrv_addr()]


def test_route_refresh_without_reachable_name_server_raises_illegal_state(make_client_config, client_instance):
    instance = client_instance(make_client_config("127.0.0.1:1"))  # nothing listens on port 1
    with pytest.raises(IllegalStateException) as excinfo:
        instance.update_topic_route_info_from_name_server("AnyTopic")
    assert isinstance(excinfo.value.__cause__, RemotingConnectException)


def test_find_broker_address_in_subscribe_rules(make_client_config, client_instance):
    instance = client_instance(make_client_config("127.0.0.1:1"), start=False)
    instance.get_broker_addr_table()["b"] = {2: "slave2:1", 0: "master:1"}
    instance.get_broker_version_table()["b"] = {"slave2:1": 400}
    found = instance.find_broker_address_in_subscribe("b", 1, False)  # id 1 missing: its next id, 2
    assert (found.get_broker_addr(), found.is_slave(), found.get_broker_version()) == ("slave2:1", True, 400)
    assert instance.find_broker_address_in_subscribe("b", 3, True) is None
    fallback = instance.find_broker_address_in_subscribe("b", 3, False)  # the first (smallest) id
    assert (fallback.get_broker_addr(), fallback.is_slave(), fallback.get_broker_version()) == (
        "master:1", False, 0)
    assert instance.find_broker_address_in_subscribe("nobody", 0, False) is None
