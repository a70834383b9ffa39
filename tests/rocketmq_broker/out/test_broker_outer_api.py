"""Broker <-> NameServer: registration at start, periodic re-registration, expiry, topic creation, unregistration."""
from __future__ import annotations

import json
import os

import pytest
from broker_support import get_route, invoke, wait_for

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient


@pytest.fixture
def client():
    with NettyRemotingClient() as c:
        yield c


def create_topic_header(topic: str, queues: int = 4, perm: int = 6) -> CreateTopicRequestHeader:
    return CreateTopicRequestHeader(topic=topic, default_topic="TBW102", read_queue_nums=queues,
                                    write_queue_nums=queues, perm=perm, topic_filter_type="SINGLE_TAG",
                                    topic_sys_flag=0, order=False)


def test_broker_registers_at_start(embedded_cluster, client):
    route = get_route(client, embedded_cluster.namesrv_addr, "TBW102")
    assert route is not None
    assert len(route.broker_datas) == 1
    broker_data = route.broker_datas[0]
    assert broker_data.broker_name == "broker-a"
    assert broker_data.cluster == "DefaultCluster"
    assert broker_data.broker_addrs == {0: embedded_cluster.broker_addr}
    assert embedded_cluster.broker_addr.startswith("127.0.0.1:")
    queue_data = route.queue_datas[0]
    assert (queue_data.broker_name, queue_data.read_queue_nums, queue_data.write_queue_nums, queue_data.perm) == \
        ("broker-a", 8, 8, PermName.PERM_INHERIT | PermName.PERM_READ | PermName.PERM_WRITE)
    # Java's other system topics are registered too
    for topic, queues in (("SELF_TEST_TOPIC", 1), ("broker-a", 1), ("DefaultCluster", 16), ("OFFSET_MOVED_EVENT", 1),
                          ("SCHEDULE_TOPIC_XXXX", 18), ("DefaultCluster_REPLY_TOPIC", 1), ("BenchmarkTest", 1024)):
        route = get_route(client, embedded_cluster.namesrv_addr, topic)
        assert route is not None, topic
        assert route.queue_datas[0].write_queue_nums == queues, topic
    assert get_route(client, embedded_cluster.namesrv_addr, "RMQ_SYS_TRACE_TOPIC") is None


def test_update_and_create_topic_is_routed_and_persisted(embedded_cluster, client):
    response = invoke(client, embedded_cluster.broker_addr, RequestCode.UPDATE_AND_CREATE_TOPIC,
                      create_topic_header("NewTopic", 3))
    assert response.code == ResponseCode.SUCCESS
    # Java leaves createResponseCommand's placeholder remark on this success (golden frame 231)
    assert response.remark == "not set any response code"
    assert response.ext_fields is None
    # registerIncrementBrokerData is synchronous: the route exists once the response arrived
    route = get_route(client, embedded_cluster.namesrv_addr, "NewTopic")
    assert route is not None
    assert (route.queue_datas[0].read_queue_nums, route.queue_datas[0].write_queue_nums,
            route.queue_datas[0].perm) == (3, 3, 6)
    path = os.path.join(embedded_cluster.broker_store_dir(0), "config", "topics.json")
    with open(path, encoding="utf-8") as f:
        saved = json.load(f)
    assert saved["topicConfigTable"]["NewTopic"]["writeQueueNums"] == 3
    assert saved["dataVersion"]["counter"] >= 1


@pytest.mark.parametrize("topic, remark", [
    ("TBW102", "The topic[TBW102] is conflict with system topic."),
    ("bad topic", "The specified topic contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$"),
    ("x" * 128, "The specified topic is longer than topic max length."),
])
def test_update_and_create_topic_refuses_bad_names(embedded_cluster, client, topic, remark):
    response = invoke(client, embedded_cluster.broker_addr, RequestCode.UPDATE_AND_CREATE_TOPIC,
                      create_topic_header(topic))
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR, remark)


def test_update_and_create_topic_without_required_field_is_a_system_error(embedded_cluster, client):
    header = create_topic_header("T1")
    ext = header.encode_ext_fields()
    del ext["perm"]
    request = RemotingCommand.create_request_command(RequestCode.UPDATE_AND_CREATE_TOPIC)
    request.ext_fields = ext
    response = client.invoke_sync(embedded_cluster.broker_addr, request, 5000)
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert "perm" in response.remark
    assert embedded_cluster.broker_controller.get_topic_config_manager().select_topic_config("T1") is None


@pytest.mark.embedded_cluster(broker_config={"register_name_server_period": 200},
                              namesrv_broker_channel_expired_time=1500, namesrv_scan_interval_millis=100)
def test_periodic_registration_keeps_the_broker_and_expiry_drops_it(embedded_cluster, client):
    route_info = embedded_cluster.namesrv_controller.get_route_info_manager()
    broker_addr = embedded_cluster.broker_addr
    first = route_info.broker_live_table[broker_addr].last_update_timestamp
    # re-registrations move the timestamp on, beyond the namesrv's expiry time
    wait_for(lambda: route_info.broker_live_table[broker_addr].last_update_timestamp > first + 2000, timeout=10,
             what="re-registrations for longer than the expiry time")
    assert get_route(client, embedded_cluster.namesrv_addr, "TBW102") is not None
    # the broker stops registering (its scheduler ends) but keeps its connection: the namesrv drops it
    embedded_cluster.broker_controller.get_scheduled_executor_service().shutdown()
    wait_for(lambda: get_route(client, embedded_cluster.namesrv_addr, "TBW102") is None, timeout=10,
             what="the namesrv to expire the broker")
    assert broker_addr not in route_info.broker_live_table


def test_shutdown_unregisters_the_broker(tmp_path, client):
    cluster = EmbeddedCluster(str(tmp_path))
    cluster.start()
    try:
        namesrv_addr = cluster.namesrv_addr
        assert get_route(client, namesrv_addr, "TBW102") is not None
        cluster.broker_controller.shutdown()
        # UNREGISTER_BROKER was answered before shutdown() returned
        assert get_route(client, namesrv_addr, "TBW102") is None
    finally:
        cluster.shutdown()


@pytest.mark.embedded_cluster(brokers=2)
def test_two_brokers_in_one_cluster(embedded_cluster, client):
    route = get_route(client, embedded_cluster.namesrv_addr, "TBW102")
    assert sorted(b.broker_name for b in route.broker_datas) == ["broker-a", "broker-b"]
    addrs = {b.broker_name: b.broker_addrs[0] for b in route.broker_datas}
    assert addrs == {"broker-a": embedded_cluster.broker_addrs[0], "broker-b": embedded_cluster.broker_addrs[1]}
    assert embedded_cluster.broker_addrs[0] != embedded_cluster.broker_addrs[1]
    invoke(client, embedded_cluster.broker_addrs[1], RequestCode.UPDATE_AND_CREATE_TOPIC,
           create_topic_header("OnlyOnB", 2))
    route = get_route(client, embedded_cluster.namesrv_addr, "OnlyOnB")
    assert [b.broker_name for b in route.broker_datas] == ["broker-b"]


def test_topic_created_in_send_path_is_registered(embedded_cluster, client):
    manager = embedded_cluster.broker_controller.get_topic_config_manager()
    topic_config = manager.create_topic_in_send_message_method("AutoTopic", "TBW102", "127.0.0.1:1", 4, 0)
    assert (topic_config.read_queue_nums, topic_config.write_queue_nums, topic_config.perm) == (4, 4, 6)
    assert manager.create_topic_in_send_message_method("AutoTopic2", "TBW102", "127.0.0.1:1", 99, 0) \
        .write_queue_nums == 8
    assert manager.create_topic_in_send_message_method("X", "NoSuchTemplate", "127.0.0.1:1", 4, 0) is None
    # not inheritable template
    assert manager.create_topic_in_send_message_method("Y", "SELF_TEST_TOPIC", "127.0.0.1:1", 4, 0) is None
    # the one-way registration reaches the namesrv shortly after
    route = wait_for(lambda: get_route(client, embedded_cluster.namesrv_addr, "AutoTopic"), what="AutoTopic route")
    assert route.queue_datas[0].write_queue_nums == 4
