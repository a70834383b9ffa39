"""mqadmin's topic subcommands in a subprocess against one embedded cluster: deleteTopic, updateTopicPerm,
topicClusterList, updateOrderConf, allocateMQ (output parsed, effect checked through another command or the
admin API)."""
from __future__ import annotations

import json

import pytest

from rocketmq_broker.embedded_cluster import start_embedded_cluster
from rocketmq_common.namesrv.namesrv_util import NamesrvUtil
from rocketmq_tools.command.support import new_admin

from tools_support import mqadmin


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("mqadmin-topic")))
    yield cluster
    cluster.shutdown()


def test_delete_topic_removes_it_from_the_broker_and_the_name_server(cluster):
    cluster.create_topic("DoomedTopic", 2)
    assert "DoomedTopic" in mqadmin(cluster, "topicList").lines
    done = mqadmin(cluster, "deleteTopic", "-t", "DoomedTopic", "-c", "DefaultCluster")
    assert done.code == 0, done.err
    assert done.lines == ["delete topic [DoomedTopic] from cluster [DefaultCluster] success.",
                          "delete topic [DoomedTopic] from NameServer success."]
    assert "DoomedTopic" not in mqadmin(cluster, "topicList").lines
    route = mqadmin(cluster, "topicRoute", "-t", "DoomedTopic")
    assert route.code == 1 and "No topic route info" in route.err
    assert "DoomedTopic" not in cluster.broker_controller.get_topic_config_manager().get_topic_config_table()
    missing = mqadmin(cluster, "deleteTopic", "-t", "X")
    assert missing.code == 2 and "-c/--clusterName" in missing.err


def test_update_topic_perm_on_a_broker_and_on_the_cluster(cluster):
    cluster.create_topic("PermTopic", 3)
    done = mqadmin(cluster, "updateTopicPerm", "-b", cluster.broker_addr, "-t", "PermTopic", "-p", "4")
    assert done.code == 0, done.err
    assert done.lines[0] == "update topic perm from 6 to 4 in %s success." % cluster.broker_addr
    assert done.lines[1].startswith("TopicConfig [topicName=PermTopic, readQueueNums=3, writeQueueNums=3, perm=R--")
    with new_admin(cluster.namesrv_addr) as admin:
        assert admin.examine_topic_route_info("PermTopic").queue_datas[0].perm == 4
    same = mqadmin(cluster, "updateTopicPerm", "-b", cluster.broker_addr, "-t", "PermTopic", "-p", "4")
    assert same.code == 0 and same.lines == ["new perm equals to the old one!"]
    back = mqadmin(cluster, "updateTopicPerm", "-c", "DefaultCluster", "-t", "PermTopic", "-p", "6")
    assert back.code == 0 and back.lines == ["update topic perm from 4 to 6 in %s success." % cluster.broker_addr]
    with new_admin(cluster.namesrv_addr) as admin:
        assert admin.examine_topic_route_info("PermTopic").queue_datas[0].perm == 6
    not_master = mqadmin(cluster, "updateTopicPerm", "-b", "127.0.0.1:1", "-t", "PermTopic", "-p", "2")
    assert not_master.code == 1 and not_master.lines == ["updateTopicPerm error broker not exit or broker is not "
                                                         "master!."]
    assert mqadmin(cluster, "updateTopicPerm", "-c", "DefaultCluster", "-t", "PermTopic", "-p", "3").code == 2


def test_topic_cluster_list(cluster):
    cluster.create_topic("WhereTopic")
    done = mqadmin(cluster, "topicClusterList", "-t", "WhereTopic")
    assert (done.code, done.lines) == (0, ["DefaultCluster"]), done.err
    missing = mqadmin(cluster, "topicClusterList", "-t", "NoSuchTopic")
    assert missing.code == 1 and missing.err.count("\n") == 1


def test_update_order_conf_put_get_delete(cluster):
    put = mqadmin(cluster, "updateOrderConf", "-t", "OrderedTopic", "-m", "put", "-v", "broker-a:4")
    assert put.code == 0 and put.out == "update orderConf success. topic=[OrderedTopic], orderConf=[broker-a:4]\n"
    with new_admin(cluster.namesrv_addr) as admin:
        assert admin.get_kv_config(NamesrvUtil.NAMESPACE_ORDER_TOPIC_CONFIG, "OrderedTopic") == "broker-a:4"
    got = mqadmin(cluster, "updateOrderConf", "-t", "OrderedTopic", "-m", "get")
    assert got.code == 0 and got.out == "get orderConf success. topic=[OrderedTopic], orderConf=[broker-a:4] \n"
    deleted = mqadmin(cluster, "updateOrderConf", "-t", "OrderedTopic", "-m", "delete")
    assert deleted.code == 0 and deleted.out == "delete orderConf success. topic=[OrderedTopic]\n"
    gone = mqadmin(cluster, "updateOrderConf", "-t", "OrderedTopic", "-m", "get")
    assert gone.code == 1 and "(code 22)" in gone.err                      # QUERY_NOT_FOUND
    assert mqadmin(cluster, "updateOrderConf", "-t", "OrderedTopic", "-m", "put").code == 2


def test_allocate_mq_spreads_the_queues_averagely(cluster):
    cluster.create_topic("SpreadTopic", 4)
    done = mqadmin(cluster, "allocateMQ", "-t", "SpreadTopic", "-i", "10.0.0.1,10.0.0.2,10.0.0.3")
    assert done.code == 0, done.err
    result = json.loads(done.out)["result"]
    # the queues in the order of Java's HashSet of them (by MessageQueue.hashCode), the IPs in its HashMap's
    assert [(ip, [q["queueId"] for q in queues]) for ip, queues in result.items()] == \
        [("10.0.0.3", [0]), ("10.0.0.2", [3]), ("10.0.0.1", [2, 1])]
    assert result["10.0.0.1"][0] == {"brokerName": "broker-a", "queueId": 2, "topic": "SpreadTopic"}
