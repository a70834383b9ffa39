"""REGISTER_BROKER / GET_ROUTEINFO_BY_TOPIC / GET_BROKER_CLUSTER_INFO / topic lists / UNREGISTER_BROKER and broker
liveness, through real sockets against a started NameServer."""
from __future__ import annotations

import json
import threading

import pytest
from namesrv_support import (
    addr_of, client, get_route, invoke, make_controller, namesrv, register_broker, request, topic_configs,
    topics_by_cluster, unregister_broker,
)
from waiting import wait_for

from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.data_version import DataVersion
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.header.namesrv import (
    AddWritePermOfBrokerRequestHeader, DeleteTopicFromNamesrvRequestHeader, PutKVConfigRequestHeader,
    QueryDataVersionRequestHeader, RegisterBrokerResponseHeader, WipeWritePermOfBrokerRequestHeader,
)
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.sysflag.topic_sys_flag import TopicSysFlag
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

__all__ = ["namesrv", "client"]  # fixtures

RW = PermName.PERM_READ | PermName.PERM_WRITE
TOPICS = topic_configs({"GoldenTopic": (2, RW), "TBW102": (8, RW | PermName.PERM_INHERIT)})


def _route(client: NettyRemotingClient, addr: str, topic: str, **kwargs) -> TopicRouteData:
    response = get_route(client, addr, topic, **kwargs)
    assert response.code == ResponseCode.SUCCESS, response
    return TopicRouteData.decode(response.body)


def test_registered_broker_serves_routes_as_standard_json_to_current_clients(namesrv, client):
    addr = addr_of(namesrv)
    response = register_broker(client, addr, TOPICS)
    assert response.code == ResponseCode.SUCCESS and response.remark is None
    assert response.body is None  # no ORDER_TOPIC_CONFIG namespace yet

    response = get_route(client, addr, "GoldenTopic")
    assert response.code == ResponseCode.SUCCESS and response.remark is None and response.ext_fields is None
    assert response.body == (b'{"brokerDatas":[{"brokerAddrs":{"0":"127.0.0.1:10911"},"brokerName":"broker-a",'
                             b'"cluster":"DefaultCluster"}],"filterServerTable":{},"queueDatas":[{"brokerName":'
                             b'"broker-a","perm":6,"readQueueNums":2,"topicSysFlag":0,"writeQueueNums":2}]}')
    route = TopicRouteData.decode(response.body)
    assert route.broker_datas[0].broker_addrs == {0: "127.0.0.1:10911"}
    assert route.queue_datas[0].perm == 6


def test_old_clients_get_fastjson_integer_keys_unless_they_accept_standard_json_only(namesrv, client):
    addr = addr_of(namesrv)
    register_broker(client, addr, TOPICS)
    legacy = get_route(client, addr, "TBW102", version=0)
    assert legacy.code == ResponseCode.SUCCESS
    assert b'"brokerAddrs":{0:"127.0.0.1:10911"}' in legacy.body
    with pytest.raises(ValueError):
        json.loads(legacy.body)
    assert TopicRouteData.decode(legacy.body).queue_datas[0].write_queue_nums == 8

    for version, flag in ((400, True), (401, None)):
        standard = get_route(client, addr, "TBW102", version=version, accept_standard_json_only=flag)
        assert json.loads(standard.body)["brokerDatas"][0]["brokerAddrs"] == {"0": "127.0.0.1:10911"}
    explicit_false = get_route(client, addr, "TBW102", version=400, accept_standard_json_only=False)
    assert b"{0:" in explicit_false.body


def test_standard_json_sorts_broker_ids_numerically(namesrv, client):
    addr = addr_of(namesrv)
    register_broker(client, addr, TOPICS, broker_addr="127.0.0.1:10911", broker_id=0)
    register_broker(client, addr, TOPICS, broker_addr="127.0.0.1:10921", broker_id=2)
    register_broker(client, addr, TOPICS, broker_addr="127.0.0.1:10931", broker_id=10)
    body = get_route(client, addr, "GoldenTopic").body
    assert b'{"0":"127.0.0.1:10911","2":"127.0.0.1:10921","10":"127.0.0.1:10931"}' in body
    legacy = get_route(client, addr, "GoldenTopic", version=0).body
    assert b'{0:"127.0.0.1:10911",2:"127.0.0.1:10921",10:"127.0.0.1:10931"}' in legacy


def test_unknown_topic_is_topic_not_exist_with_the_java_remark(namesrv, client):
    response = get_route(client, addr_of(namesrv), "%RETRY%NoSuchGroup")
    assert response.code == ResponseCode.TOPIC_NOT_EXIST
    assert response.remark == ("No topic route info in name server for the topic: %RETRY%NoSuchGroup\n"
                               "See http://rocketmq.apache.org/docs/faq/ for further details.")
    assert response.body is None


def test_cluster_info_is_always_fastjson_and_decodes(namesrv, client):
    addr = addr_of(namesrv)
    empty = invoke(client, addr, request(RequestCode.GET_BROKER_CLUSTER_INFO))
    assert empty.code == ResponseCode.SUCCESS and empty.body == b'{"brokerAddrTable":{},"clusterAddrTable":{}}'
    register_broker(client, addr, TOPICS)
    register_broker(client, addr, TOPICS, broker_addr="127.0.0.1:10921", broker_id=1)
    response = invoke(client, addr, request(RequestCode.GET_BROKER_CLUSTER_INFO))
    assert response.body == (b'{"brokerAddrTable":{"broker-a":{"brokerAddrs":{0:"127.0.0.1:10911",'
                             b'1:"127.0.0.1:10921"},"brokerName":"broker-a","cluster":"DefaultCluster"}},'
                             b'"clusterAddrTable":{"DefaultCluster":["broker-a"]}}')
    info = ClusterInfo.decode(response.body)
    assert info.retrieve_all_addr_by_cluster("DefaultCluster") == ["127.0.0.1:10911", "127.0.0.1:10921"]


def test_topic_lists(namesrv, client):
    addr = addr_of(namesrv)
    register_broker(client, addr, TOPICS)
    register_broker(client, addr, topic_configs({"OtherTopic": (1, RW)}), broker_addr="127.0.0.1:20911",
                    broker_name="broker-b", cluster="OtherCluster")
    register_broker(client, addr, topic_configs({"UnitTopic": (1, RW)}, TopicSysFlag.FLAG_UNIT),
                    broker_addr="127.0.0.1:30911", broker_name="broker-c", cluster="OtherCluster")
    register_broker(client, addr, topic_configs({"UnitSubTopic": (1, RW)}, TopicSysFlag.FLAG_UNIT_SUB),
                    broker_addr="127.0.0.1:40911", broker_name="broker-d", cluster="OtherCluster")

    def topics(code: int) -> TopicList:
        response = invoke(client, addr, request(code))
        assert response.code == ResponseCode.SUCCESS
        return TopicList.decode(response.body)

    assert topics(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER).topic_list == {
        "GoldenTopic", "TBW102", "OtherTopic", "UnitTopic", "UnitSubTopic"}
    assert TopicList.decode(topics_by_cluster(client, addr, "DefaultCluster").body).topic_list == {
        "GoldenTopic", "TBW102"}
    unknown = topics_by_cluster(client, addr, "NoCluster")
    assert unknown.code == ResponseCode.SUCCESS and unknown.body == b'{"topicList":[]}'
    system = topics(RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS)
    assert system.topic_list == {"DefaultCluster", "OtherCluster", "broker-a", "broker-b", "broker-c", "broker-d"}
    assert system.broker_addr in {"127.0.0.1:10911", "127.0.0.1:20911", "127.0.0.1:30911", "127.0.0.1:40911"}
    assert topics(RequestCode.GET_UNIT_TOPIC_LIST).topic_list == {"UnitTopic"}
    assert topics(RequestCode.GET_HAS_UNIT_SUB_TOPIC_LIST).topic_list == {"UnitSubTopic"}
    assert topics(RequestCode.GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST).topic_list == {"UnitSubTopic"}


def test_unregister_drops_the_broker_and_its_topics(namesrv, client):
    addr = addr_of(namesrv)
    register_broker(client, addr, TOPICS)
    response = unregister_broker(client, addr)
    assert response.code == ResponseCode.SUCCESS
    assert get_route(client, addr, "GoldenTopic").code == ResponseCode.TOPIC_NOT_EXIST
    info = ClusterInfo.decode(invoke(client, addr, request(RequestCode.GET_BROKER_CLUSTER_INFO)).body)
    assert info.broker_addr_table == {} and info.cluster_addr_table == {}


def test_closing_the_broker_connection_drops_the_broker_at_once(namesrv, client):
    addr = addr_of(namesrv)
    with NettyRemotingClient() as broker:
        register_broker(broker, addr, TOPICS)
        assert get_route(client, addr, "GoldenTopic").code == ResponseCode.SUCCESS
    wait_for(lambda: get_route(client, addr, "GoldenTopic").code == ResponseCode.TOPIC_NOT_EXIST, 10,
               "the route of the closed broker to disappear")
    assert TopicList.decode(
        invoke(client, addr, request(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER)).body).topic_list == set()


def test_a_broker_that_stops_registering_expires(tmp_path, client):
    controller = make_controller(tmp_path, scan_not_active_broker_delay_millis=50,
                                 scan_not_active_broker_interval_millis=50, broker_channel_expired_time=300)
    with controller, NettyRemotingClient() as broker:
        addr = addr_of(controller)
        register_broker(broker, addr, TOPICS)
        assert get_route(client, addr, "GoldenTopic").code == ResponseCode.SUCCESS
        wait_for(lambda: get_route(client, addr, "GoldenTopic").code == ResponseCode.TOPIC_NOT_EXIST, 10,
                   "the silent broker to expire")
        # Java closes the expired broker's connection
        wait_for(lambda: not broker.channel_tables, 10, "the expired broker's connection to close")


def test_compressed_registration_and_checksum(namesrv, client):
    addr = addr_of(namesrv)
    response = register_broker(client, addr, TOPICS, compressed=True)
    assert response.code == ResponseCode.SUCCESS
    assert _route(client, addr, "TBW102").queue_datas[0].perm == RW | PermName.PERM_INHERIT

    bad = register_broker(client, addr, TOPICS, broker_name="broker-x", body_crc32=12345)
    assert bad.code == ResponseCode.SYSTEM_ERROR and bad.remark == "crc32 not match"
    info = ClusterInfo.decode(invoke(client, addr, request(RequestCode.GET_BROKER_CLUSTER_INFO)).body)
    assert set(info.broker_addr_table) == {"broker-a"}


def test_slave_learns_its_master_and_ha_address(namesrv, client):
    addr = addr_of(namesrv)
    master = register_broker(client, addr, TOPICS, ha_server_addr="127.0.0.1:10912")
    master_header = master.decode_command_custom_header(RegisterBrokerResponseHeader)
    assert master_header.master_addr is None and master_header.ha_server_addr is None
    slave = register_broker(client, addr, TOPICS, broker_addr="127.0.0.1:10921", broker_id=1,
                            ha_server_addr="127.0.0.1:10922")
    header = slave.decode_command_custom_header(RegisterBrokerResponseHeader)
    assert header.master_addr == "127.0.0.1:10911" and header.ha_server_addr == "127.0.0.1:10912"
    # a slave does not change the topic queues
    assert _route(client, addr, "GoldenTopic").broker_datas[0].broker_addrs == {
        0: "127.0.0.1:10911", 1: "127.0.0.1:10921"}


def test_register_returns_order_topic_config_and_routes_carry_it_when_enabled(tmp_path, client):
    with make_controller(tmp_path, order_message_enable=True) as controller:
        addr = addr_of(controller)
        put = PutKVConfigRequestHeader(namespace="ORDER_TOPIC_CONFIG", key="GoldenTopic", value="broker-a:2")
        assert invoke(client, addr, request(RequestCode.PUT_KV_CONFIG, put)).code == ResponseCode.SUCCESS
        response = register_broker(client, addr, TOPICS)
        assert KVTable.decode(response.body).table == {"GoldenTopic": "broker-a:2"}
        assert _route(client, addr, "GoldenTopic").order_topic_conf == "broker-a:2"
        assert _route(client, addr, "TBW102").order_topic_conf is None


def test_order_topic_config_is_not_in_routes_by_default(namesrv, client):
    addr = addr_of(namesrv)
    put = PutKVConfigRequestHeader(namespace="ORDER_TOPIC_CONFIG", key="GoldenTopic", value="broker-a:2")
    invoke(client, addr, request(RequestCode.PUT_KV_CONFIG, put))
    register_broker(client, addr, TOPICS)
    assert b"orderTopicConf" not in get_route(client, addr, "GoldenTopic").body


def test_wipe_and_add_write_permission(namesrv, client):
    addr = addr_of(namesrv)
    register_broker(client, addr, TOPICS)
    wiped = invoke(client, addr, request(RequestCode.WIPE_WRITE_PERM_OF_BROKER,
                                         WipeWritePermOfBrokerRequestHeader(broker_name="broker-a")))
    assert wiped.code == ResponseCode.SUCCESS and wiped.ext_fields == {"wipeTopicCount": "2"}
    assert _route(client, addr, "GoldenTopic").queue_datas[0].perm == PermName.PERM_READ
    assert _route(client, addr, "TBW102").queue_datas[0].perm == PermName.PERM_READ | PermName.PERM_INHERIT
    added = invoke(client, addr, request(RequestCode.ADD_WRITE_PERM_OF_BROKER,
                                         AddWritePermOfBrokerRequestHeader(broker_name="broker-a")))
    assert added.ext_fields == {"addTopicCount": "2"}
    assert _route(client, addr, "TBW102").queue_datas[0].perm == RW


def test_delete_topic_everywhere_or_in_one_cluster(namesrv, client):
    addr = addr_of(namesrv)
    register_broker(client, addr, TOPICS)
    register_broker(client, addr, TOPICS, broker_addr="127.0.0.1:20911", broker_name="broker-b",
                    cluster="OtherCluster")
    delete = DeleteTopicFromNamesrvRequestHeader(topic="GoldenTopic", cluster_name="OtherCluster")
    assert invoke(client, addr, request(RequestCode.DELETE_TOPIC_IN_NAMESRV, delete)).code == ResponseCode.SUCCESS
    assert [qd.broker_name for qd in _route(client, addr, "GoldenTopic").queue_datas] == ["broker-a"]
    delete_all = DeleteTopicFromNamesrvRequestHeader(topic="TBW102")
    invoke(client, addr, request(RequestCode.DELETE_TOPIC_IN_NAMESRV, delete_all))
    assert get_route(client, addr, "TBW102").code == ResponseCode.TOPIC_NOT_EXIST


def test_query_data_version_keeps_an_unchanged_broker_alive(namesrv, client):
    addr = addr_of(namesrv)
    version = DataVersion(timestamp=1700000000000, counter=5)
    register_broker(client, addr, TOPICS, data_version=version)
    header = QueryDataVersionRequestHeader(broker_name="broker-a", broker_addr="127.0.0.1:10911",
                                           cluster_name="DefaultCluster", broker_id=0)
    live = namesrv.get_route_info_manager().broker_live_table["127.0.0.1:10911"]
    live.last_update_timestamp = 0
    same = invoke(client, addr, request(RequestCode.QUERY_DATA_VERSION, header, version.encode()))
    assert same.code == ResponseCode.SUCCESS and same.ext_fields == {"changed": "false"}
    assert DataVersion.decode(same.body) == version
    assert live.last_update_timestamp > 0
    live.last_update_timestamp = 0
    newer = DataVersion(timestamp=1700000000001, counter=6)
    changed = invoke(client, addr, request(RequestCode.QUERY_DATA_VERSION, header, newer.encode()))
    assert changed.ext_fields == {"changed": "true"} and live.last_update_timestamp == 0


def test_unchanged_data_version_does_not_rewrite_topics(namesrv, client):
    addr = addr_of(namesrv)
    version = DataVersion(timestamp=1, counter=1)
    register_broker(client, addr, TOPICS, data_version=version)
    register_broker(client, addr, topic_configs({"GoldenTopic": (4, RW)}), data_version=version)
    assert _route(client, addr, "GoldenTopic").queue_datas[0].write_queue_nums == 2
    register_broker(client, addr, topic_configs({"GoldenTopic": (4, RW)}),
                    data_version=DataVersion(timestamp=2, counter=2))
    assert _route(client, addr, "GoldenTopic").queue_datas[0].write_queue_nums == 4


def test_unknown_request_code_is_not_supported(namesrv, client):
    """As a 5.3.3 NameServer (4.9.7's gave no answer): a controller's code when no controller runs in it."""
    addr = addr_of(namesrv)
    code = RequestCode.CONTROLLER_GET_METADATA_INFO
    response = invoke(client, addr, request(code))
    assert (response.code, response.remark) == (ResponseCode.REQUEST_CODE_NOT_SUPPORTED,
                                                " request type %d not supported" % code)
    assert invoke(client, addr, request(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER)).code == ResponseCode.SUCCESS


def test_missing_required_header_field_is_a_system_error(namesrv, client):
    response = invoke(client, addr_of(namesrv), request(RequestCode.GET_ROUTEINFO_BY_TOPIC))
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert "topic" in response.remark


def test_shutdown_ends_every_thread_the_name_server_started(tmp_path):
    before = set(threading.enumerate())
    controller = make_controller(tmp_path, scan_not_active_broker_delay_millis=10,
                                 scan_not_active_broker_interval_millis=10)
    with controller, NettyRemotingClient() as broker:
        register_broker(broker, addr_of(controller), TOPICS)
        assert {t.name for t in threading.enumerate()} >= {"NSScheduledThread1", "RemotingExecutorThread_1",
                                                          "NettyNIOBoss_1", "NettyEventExecutor"}
    wait_for(lambda: not [t for t in threading.enumerate() if t not in before and t.is_alive()], 5,
               "every thread to end")


JAVA_BROKER_BODY = (
    b'{"filterServerList":[],"topicConfigSerializeWrapper":{"dataVersion":{"counter":3,"timestamp":1700000000000},'
    b'"topicConfigTable":{"TBW102":{"order":false,"perm":7,"readQueueNums":8,"topicFilterType":"SINGLE_TAG",'
    b'"topicName":"TBW102","topicSysFlag":0,"writeQueueNums":8},"SELF_TEST_TOPIC":{"order":false,"perm":6,'
    b'"readQueueNums":1,"topicFilterType":"SINGLE_TAG","topicName":"SELF_TEST_TOPIC","topicSysFlag":0,'
    b'"writeQueueNums":1}}}}')


def test_registration_body_as_the_java_broker_writes_it(namesrv, client):
    addr = addr_of(namesrv)
    cmd = request(RequestCode.REGISTER_BROKER, body=JAVA_BROKER_BODY)
    cmd.ext_fields = {"brokerId": "0", "bodyCrc32": str(UtilAll.crc32(JAVA_BROKER_BODY)),
                      "clusterName": "DefaultCluster", "brokerAddr": "192.168.0.2:10911",
                      "haServerAddr": "192.168.0.2:10912", "compressed": "false",
                      "brokerName": "broker-a"}
    response = invoke(client, addr, cmd)
    assert response.code == ResponseCode.SUCCESS and response.ext_fields == {}
    route = _route(client, addr, "SELF_TEST_TOPIC")
    assert route.broker_datas[0].broker_addrs == {0: "192.168.0.2:10911"}
    assert (route.queue_datas[0].read_queue_nums, route.queue_datas[0].perm) == (1, 6)
    live = namesrv.get_route_info_manager().broker_live_table["192.168.0.2:10911"]
    assert live.data_version == DataVersion(timestamp=1700000000000, counter=3)
    assert live.ha_server_addr == "192.168.0.2:10912"


def test_brokers_older_than_3_0_11_send_a_bare_topic_config_wrapper(namesrv, client):
    addr = addr_of(namesrv)
    wrapper_json = JAVA_BROKER_BODY[JAVA_BROKER_BODY.index(b':{') + 1:-1]
    cmd = request(RequestCode.REGISTER_BROKER, body=wrapper_json, version=36)
    cmd.ext_fields = {"brokerId": "0", "clusterName": "DefaultCluster", "brokerAddr": "192.168.0.2:10911",
                      "haServerAddr": "192.168.0.2:10912", "brokerName": "broker-a"}
    assert invoke(client, addr, cmd).code == ResponseCode.SUCCESS
    assert _route(client, addr, "TBW102").queue_datas[0].write_queue_nums == 8
