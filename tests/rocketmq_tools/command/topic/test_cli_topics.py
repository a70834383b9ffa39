"""``updateTopic``, ``topicRoute``, ``topicStatus``, ``topicList`` and ``clusterList`` against the embedded cluster:
the mqadmin layouts parsed, the effect checked through the admin API."""
from __future__ import annotations


import pytest

from rocketmq_common.namesrv.namesrv_util import NamesrvUtil
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.protocol import fastjson
from rocketmq_tools.command.support import new_admin


def _rows(lines):
    return [line.split() for line in lines]


def test_update_topic_on_the_cluster_and_on_a_broker(cli, embedded_cluster):
    result = cli.on(embedded_cluster, "updateTopic", "-c", "DefaultCluster", "-t", "CliTopic", "-r", "4",
                    "-w", "3", "-p", "6")
    assert result.code == 0, result.err
    # 5.3.3's TopicConfig prints its attributes
    assert result.lines == ["create topic to %s success." % embedded_cluster.broker_addr,
                            "TopicConfig [topicName=CliTopic, readQueueNums=4, writeQueueNums=3, perm=RW-, "
                            "topicFilterType=SINGLE_TAG, topicSysFlag=0, order=false, attributes={}]"]
    result = cli.on(embedded_cluster, "updateTopic", "-b", embedded_cluster.broker_addr, "-t", "OrderTopic", "-o",
                    "true")
    assert result.code == 0, result.err
    assert result.lines[0] == "set broker orderConf. isOrder=true, orderConf=[broker-a:8]"
    assert result.lines[1] == "create topic to %s success." % embedded_cluster.broker_addr
    assert "order=true" in result.lines[2]
    with new_admin(embedded_cluster.namesrv_addr) as admin:
        route = admin.examine_topic_route_info("CliTopic")
        assert [(q.broker_name, q.read_queue_nums, q.write_queue_nums, q.perm) for q in route.queue_datas] == \
            [("broker-a", 4, 3, 6)]
        api = admin.default_mq_admin_ext_impl.mq_client_instance.get_mq_client_api_impl()
        assert api.get_kv_config_value(NamesrvUtil.NAMESPACE_ORDER_TOPIC_CONFIG, "OrderTopic", 3000) == "broker-a:8"


def test_update_topic_argument_errors(cli, embedded_cluster):
    missing_target = cli.on(embedded_cluster, "updateTopic", "-t", "X")
    assert missing_target.code == 2 and missing_target.out == ""
    assert missing_target.err.count("\n") == 1 and "one of the arguments -b/--brokerAddr -c/--clusterName" in \
        missing_target.err
    both = cli.on(embedded_cluster, "updateTopic", "-t", "X", "-b", "a:1", "-c", "C")
    assert both.code == 2 and "not allowed with argument" in both.err
    bad_perm = cli.on(embedded_cluster, "updateTopic", "-t", "X", "-c", "DefaultCluster", "-p", "5")
    assert bad_perm.code == 2 and bad_perm.err.strip().endswith("bad permission 5: expected 2 (W), 4 (R) or 6 (RW)")
    not_int = cli.on(embedded_cluster, "updateTopic", "-t", "X", "-c", "DefaultCluster", "-r", "many")
    assert not_int.code == 2 and "invalid int value: 'many'" in not_int.err
    unknown_cluster = cli.on(embedded_cluster, "updateTopic", "-t", "X", "-c", "NoSuchCluster")
    assert unknown_cluster.code == 1
    assert unknown_cluster.err.count("\n") == 1 and "no master broker in cluster NoSuchCluster" in unknown_cluster.err


def test_topic_route_json_and_list(cli, embedded_cluster):
    assert cli.on(embedded_cluster, "updateTopic", "-c", "DefaultCluster", "-t", "RouteTopic", "-r", "2", "-w",
                  "2").code == 0
    result = cli.on(embedded_cluster, "topicRoute", "-t", "RouteTopic")
    assert result.code == 0, result.err
    assert result.lines[1].startswith('\t"brokerDatas":[')               # tab-indented like fastjson's pretty form
    assert result.lines[3:5] == ['\t\t\t"brokerAddrs":{0:"%s"' % embedded_cluster.broker_addr, "\t\t\t},"]
    route = fastjson.loads(result.out)                                 # broker ids unquoted, as fastjson writes them
    assert route["brokerDatas"] == [{"brokerAddrs": {0: embedded_cluster.broker_addr}, "brokerName": "broker-a",
                                     "cluster": "DefaultCluster"}]
    assert route["queueDatas"][0]["readQueueNums"] == 2 and route["queueDatas"][0]["perm"] == 6

    listed = cli.on(embedded_cluster, "topicRoute", "-t", "RouteTopic", "-l")
    assert listed.code == 0, listed.err
    rows = _rows(listed.lines)
    assert rows[0] == ["#ClusterName", "#BrokerName", "#BrokerAddrs", "#ReadQueue", "#WriteQueue", "#Perm"]
    assert rows[1] == ["DefaultCluster", "broker-a", "{0=%s}" % embedded_cluster.broker_addr, "2", "2", "6"]
    assert listed.lines[2] == "-" * 158
    assert rows[3] == ["Total:", "1", "2", "2"]
    assert listed.lines[1].index("broker-a") == 46 and listed.lines[1].index("{0=") == 79   # %-45s %-32s columns

    missing = cli.on(embedded_cluster, "topicRoute", "-t", "NoSuchTopic")
    assert missing.code == 1 and missing.out == ""
    assert missing.err.count("\n") == 1
    assert missing.err.startswith("rocketmq topicRoute: No topic route info in name server for the topic: "
                                  "NoSuchTopic")


def test_topic_status_after_sends(cli, embedded_cluster):
    assert cli.on(embedded_cluster, "updateTopic", "-c", "DefaultCluster", "-t", "StatusTopic", "-r", "2", "-w",
                  "2").code == 0
    assert cli.on(embedded_cluster, "send", "-t", "StatusTopic", "-p", "x", "--count", "5").code == 0
    result = cli.on(embedded_cluster, "topicStatus", "-t", "StatusTopic")
    assert result.code == 0, result.err
    assert _rows(result.lines[:1]) == [["#Broker", "Name", "#QID", "#Min", "Offset", "#Max", "Offset", "#Last",
                                        "Updated"]]
    rows = _rows(result.lines[1:])
    assert [(r[0], r[1], r[2]) for r in rows] == [("broker-a", "0", "0"), ("broker-a", "1", "0")]
    assert sum(int(r[3]) for r in rows) == 5
    assert all(len(r) == 6 for r in rows)                     # a last-updated date and time on every used queue
    # 5.3.3's -c: the topic's queues on every broker of the cluster's route, the TPS of a new table (0.0)
    by_cluster = cli.on(embedded_cluster, "topicStatus", "-t", "StatusTopic", "-c", "DefaultCluster")
    assert by_cluster.code == 0, by_cluster.err
    assert _rows(by_cluster.lines[1:3]) == rows and by_cluster.lines[-1] == "Topic Put TPS: 0.0"


def _java_bucket(key: str, capacity: int) -> int:
    h = UtilAll.string_hash_code(key) & 0xFFFFFFFF
    return (h ^ (h >> 16)) & (capacity - 1)


def test_topic_list_plain_and_cluster_mode(cli, embedded_cluster):
    assert cli.on(embedded_cluster, "updateTopic", "-c", "DefaultCluster", "-t", "ListedTopic").code == 0
    assert cli.on(embedded_cluster, "send", "-t", "ListedTopic", "-p", "x").code == 0
    consumed = cli.on(embedded_cluster, "consume", "-t", "ListedTopic", "-g", "ListedGroup", "--from", "first",
                      "-c", "1")
    assert consumed.code == 0, consumed.err
    plain = cli.on(embedded_cluster, "topicList")
    assert plain.code == 0
    assert {"ListedTopic", "TBW102", "%RETRY%ListedGroup"} <= set(plain.lines)
    # in the order of the Java HashSet mqadmin decodes them into: by bucket of its table (16 bins up to 12 topics)
    capacity = 16 if len(plain.lines) <= 12 else 32
    buckets = [_java_bucket(topic, capacity) for topic in plain.lines]
    assert buckets == sorted(buckets)

    cluster_mode = cli.on(embedded_cluster, "topicList", "-c")
    assert cluster_mode.code == 0, cluster_mode.err
    rows = _rows(cluster_mode.lines)
    assert rows[0] == ["#Cluster", "Name", "#Topic", "#Consumer", "Group"]
    assert ["DefaultCluster", "ListedTopic", "ListedGroup"] in rows
    assert not any(row[1].startswith("%RETRY%") for row in rows[1:])


def test_cluster_list_base_and_more_stats(cli, embedded_cluster):
    assert cli.on(embedded_cluster, "send", "-t", "TBW102", "-p", "x").code == 0
    base = cli.on(embedded_cluster, "clusterList")
    assert base.code == 0, base.err
    header = base.lines[0]
    assert header.split() == ["#Cluster", "Name", "#Broker", "Name", "#BID", "#Addr", "#Version", "#InTPS(LOAD)",
                              "#OutTPS(LOAD)", "#PCWait(ms)", "#Hour", "#SPACE"]
    row = base.lines[1].split()
    assert row[:5] == ["DefaultCluster", "broker-a", "0", embedded_cluster.broker_addr, "V5_3_3"]
    assert float(row[-1]) >= 0 and float(row[-2]) >= 0
    assert len(base.lines) == 2

    more = cli.on(embedded_cluster, "clusterList", "-m")
    assert more.code == 0, more.err
    assert more.lines[0].split() == ["#Cluster", "Name", "#Broker", "Name", "#InTotalYest", "#OutTotalYest",
                                     "#InTotalToday", "#OutTotalToday"]
    row = more.lines[1].split()
    assert row[:2] == ["DefaultCluster", "broker-a"] and int(row[4]) >= 1
    # 5.3.3's -c: one cluster (an unknown one has no broker)
    assert len(cli.on(embedded_cluster, "clusterList", "-c", "DefaultCluster").lines) == 2
    assert len(cli.on(embedded_cluster, "clusterList", "-m", "-c", "NoSuchCluster").lines) == 1


@pytest.mark.embedded_cluster(brokers=2)
def test_cluster_list_and_update_topic_with_two_brokers(cli, embedded_cluster):
    base = cli.on(embedded_cluster, "clusterList")
    assert [line.split()[1] for line in base.lines[1:]] == ["broker-a", "broker-b"]
    created = cli.on(embedded_cluster, "updateTopic", "-c", "DefaultCluster", "-t", "Wide", "-w", "2", "-o", "true")
    assert created.code == 0, created.err
    assert sorted(created.lines[:2]) == sorted("create topic to %s success." % a for a in embedded_cluster.broker_addrs)
    assert created.lines[2] == "set cluster orderConf. isOrder=true, orderConf=[broker-a:2;broker-b:2]"
    listed = cli.on(embedded_cluster, "topicRoute", "-t", "Wide", "-l")
    assert _rows(listed.lines)[-1] == ["Total:", "2", "16", "4"]
