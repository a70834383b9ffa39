"""mqadmin's export subcommands in a subprocess: exportMetadata, exportConfigs and exportMetrics write their JSON
files (read back and checked)."""
from __future__ import annotations

import json

import pytest

from rocketmq_broker.embedded_cluster import start_embedded_cluster

from tools_support import OnlineConsumer, mqadmin, send_messages


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("mqadmin-export")))
    cluster.create_topic("ExportTopic", 3)
    yield cluster
    cluster.shutdown()


def test_export_metadata_of_the_cluster_and_of_a_broker(cluster, tmp_path):
    assert mqadmin(cluster, "updateSubGroup", "-c", "DefaultCluster", "-g", "ExportGroup").code == 0
    done = mqadmin(cluster, "exportMetadata", "-c", "DefaultCluster", "-f", str(tmp_path))
    assert (done.code, done.out) == (0, "export %s/metadata.json success\n" % tmp_path), done.err
    metadata = json.loads((tmp_path / "metadata.json").read_text())
    assert metadata["topicConfigTable"]["ExportTopic"]["readQueueNums"] == 3
    assert "SELF_TEST_TOPIC" not in metadata["topicConfigTable"] and "TBW102" not in metadata["topicConfigTable"]
    assert metadata["subscriptionGroupTable"]["ExportGroup"]["groupName"] == "ExportGroup"
    assert "TOOLS_CONSUMER" not in metadata["subscriptionGroupTable"] and metadata["exportTime"] > 0
    topics_only = mqadmin(cluster, "exportMetadata", "-b", cluster.broker_addr, "-t", "-f", str(tmp_path))
    assert topics_only.code == 0, topics_only.err
    assert "ExportTopic" in json.loads((tmp_path / "topic.json").read_text())["topicConfigTable"]
    groups_only = mqadmin(cluster, "exportMetadata", "-b", cluster.broker_addr, "-g", "-f", str(tmp_path))
    assert groups_only.code == 0
    assert "ExportGroup" in json.loads((tmp_path / "subscriptionGroup.json").read_text())["subscriptionGroupTable"]
    assert mqadmin(cluster, "exportMetadata", "-b", cluster.broker_addr, "-f", str(tmp_path)).code == 2
    assert mqadmin(cluster, "exportMetadata").code == 2


def test_export_configs(cluster, tmp_path):
    done = mqadmin(cluster, "exportConfigs", "-c", "DefaultCluster", "-f", str(tmp_path))
    assert (done.code, done.out) == (0, "export %s/configs.json success\n" % tmp_path), done.err
    configs = json.loads((tmp_path / "configs.json").read_text())
    assert configs["clusterScale"] == {"namesrvSize": 1, "masterBrokerSize": 1, "slaveBrokerSize": 0}
    broker = configs["brokerConfigs"]["broker-a"]
    assert broker["brokerClusterName"] == "DefaultCluster" and broker["brokerId"] == "0"
    assert broker["autoCreateTopicEnable"] == "true"


def test_export_metrics(cluster, tmp_path, wait_until):
    send_messages(cluster.namesrv_addr, "ExportTopic", 2)
    online = OnlineConsumer(cluster.namesrv_addr, "MetricsGroup", "ExportTopic")
    try:
        wait_until(lambda: online.count() >= 2, message="2 messages consumed")
        done = mqadmin(cluster, "exportMetrics", "-c", "DefaultCluster", "-f", str(tmp_path))
    finally:
        online.shutdown()
    assert (done.code, done.out) == (0, "export %s/metrics.json success\n" % tmp_path), done.err
    metrics = json.loads((tmp_path / "metrics.json").read_text())
    report = metrics["evaluateReport"]["broker-a"]
    assert report["runtimeQuota"]["topicSize"] >= 1 and report["runtimeQuota"]["groupSize"] >= 1
    assert set(report["runtimeQuota"]["tps"]) == {"normalInTps", "normalOutTps", "transInTps", "scheduleInTps"}
    assert report["runtimeVersion"]["clientInfo"] == ["PYTHON%V5_3_3"]
    assert set(metrics["totalData"]["totalTps"]) == {"totalNormalInTps", "totalNormalOutTps", "totalTransInTps",
                                                     "totalScheduleInTps"}
    unknown = mqadmin(cluster, "exportMetrics", "-c", "NoSuchCluster", "-f", str(tmp_path))
    assert unknown.code == 1 and "cluster [NoSuchCluster] not exist" in unknown.err
