"""mqadmin's consumer subcommands in a subprocess: updateSubGroup / getConsumerConfig / deleteSubGroup and
consumerStatus with a push consumer online."""
from __future__ import annotations

import os

import pytest

from rocketmq_broker.embedded_cluster import start_embedded_cluster

from tools_support import OnlineConsumer, mqadmin, send_messages


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("mqadmin-consumer")))
    yield cluster
    cluster.shutdown()


def _fields(lines):
    return {line.split("=", 1)[0].strip(): line.split("=", 1)[1].strip() for line in lines if "=  " in line}


def test_update_sub_group_get_consumer_config_and_delete_sub_group(cluster):
    done = mqadmin(cluster, "updateSubGroup", "-c", "DefaultCluster", "-g", "CliGroup", "-r", "3", "-q", "2",
                   "-d", "true", "-o", "true", "-p",
                   '{"type":"EXPONENTIAL","exponentialRetryPolicy":{"initial":1000,"max":60000,"multiplier":3}}')
    assert done.code == 0, done.err
    retry_policy = ("GroupRetryPolicy{type=EXPONENTIAL, exponentialRetryPolicy=ExponentialRetryPolicy{initial=1000, "
                    "max=60000, multiplier=3}, customizedRetryPolicy=null}")
    assert done.out == ("create subscription group to %s success.\n" % cluster.broker_addr +
                        "SubscriptionGroupConfig{groupName=CliGroup, consumeEnable=true, consumeFromMinEnable=false, "
                        "consumeBroadcastEnable=true, consumeMessageOrderly=true, retryQueueNums=2, retryMaxTimes=3, "
                        "groupRetryPolicy=%s, brokerId=0, whichBrokerWhenConsumeSlowly=1, "
                        "notifyConsumerIdsChangedEnable=true, groupSysFlag=0, consumeTimeoutMinute=15, "
                        "subscriptionDataSet=null, attributes={}}" % retry_policy)  # Java's printf: no line end
    manager = cluster.broker_controller.get_subscription_group_manager()
    stored = manager.get_subscription_group_table()["CliGroup"]
    assert (stored.retry_max_times, stored.consume_message_orderly) == (3, True)
    assert stored.group_retry_policy.get_retry_policy().next_delay_duration(2) == 9000

    config = mqadmin(cluster, "getConsumerConfig", "-g", "CliGroup")
    assert config.code == 0, config.err
    assert config.lines[0] == "=============================DefaultCluster:broker-a============================="
    assert list(_fields(config.lines).items()) == [
        ("groupName", "CliGroup"), ("consumeEnable", "true"), ("consumeFromMinEnable", "false"),
        ("consumeBroadcastEnable", "true"), ("consumeMessageOrderly", "true"), ("retryQueueNums", "2"),
        ("retryMaxTimes", "3"), ("groupRetryPolicy", retry_policy), ("brokerId", "0"),
        ("whichBrokerWhenConsumeSlowly", "1"), ("notifyConsumerIdsChangedEnable", "true"), ("groupSysFlag", "0"),
        ("consumeTimeoutMinute", "15"), ("subscriptionDataSet", ""), ("attributes", "{}")]
    assert config.lines[1].index("=  ") == 40

    refused = mqadmin(cluster, "updateSubGroup", "-b", cluster.broker_addr, "-g", "CliGroup", "--attributes", "+a=b")
    assert refused.code == 1 and "unsupported key: a" in refused.err and refused.out == ""  # as a 5.3.3 broker
    assert manager.get_subscription_group_table()["CliGroup"].attributes == {}

    by_broker = mqadmin(cluster, "updateSubGroup", "-b", cluster.broker_addr, "-g", "CliGroup", "-s", "false")
    assert by_broker.code == 0 and by_broker.lines[0] == "create subscription group to %s success." % \
        cluster.broker_addr
    assert manager.get_subscription_group_table()["CliGroup"].consume_enable is False

    deleted = mqadmin(cluster, "deleteSubGroup", "-b", cluster.broker_addr, "-g", "CliGroup")
    assert (deleted.code, deleted.lines) == (0, ["delete subscription group [CliGroup] from broker [%s] success."
                                                 % cluster.broker_addr]), deleted.err
    assert "CliGroup" not in manager.get_subscription_group_table()
    assert mqadmin(cluster, "getConsumerConfig", "-g", "CliGroup").out == ""
    assert mqadmin(cluster, "updateSubGroup", "-g", "X").code == 2


def test_delete_sub_group_of_a_cluster_removes_its_offsets(cluster, wait_until):
    cluster.create_topic("GroupTopic", 2)
    send_messages(cluster.namesrv_addr, "GroupTopic", 4)
    online = OnlineConsumer(cluster.namesrv_addr, "DoomedGroup", "GroupTopic")
    try:
        wait_until(lambda: online.count() >= 4, message="4 messages consumed")
        offsets = cluster.broker_controller.get_consumer_offset_manager()
        wait_until(lambda: offsets.query_offset("DoomedGroup", "GroupTopic", 0) > 0 or
                   offsets.query_offset("DoomedGroup", "GroupTopic", 1) > 0, message="offsets committed")
    finally:
        online.shutdown()
    done = mqadmin(cluster, "deleteSubGroup", "-c", "DefaultCluster", "-g", "DoomedGroup", "-r", "true")
    assert done.code == 0, done.err
    assert done.lines[0] == "delete subscription group [DoomedGroup] from broker [%s] in cluster [DefaultCluster] " \
                            "success." % cluster.broker_addr
    assert "delete topic [%RETRY%DoomedGroup] from NameServer success." in done.lines
    assert offsets.query_offset("DoomedGroup", "GroupTopic", 0) == -1
    assert "%RETRY%DoomedGroup" not in mqadmin(cluster, "topicList").lines


def test_consumer_status_of_an_online_group(cluster, wait_until, body_dir):
    cluster.create_topic("StatusTopic", 2)
    online = OnlineConsumer(cluster.namesrv_addr, "StatusGroup", "StatusTopic")
    try:
        send_messages(cluster.namesrv_addr, "StatusTopic", 2)
        wait_until(lambda: online.count() >= 2, message="2 messages consumed")
        done = mqadmin(cluster, "consumerStatus", "-g", "StatusGroup")
        assert done.code == 0, done.err
        assert done.rows()[0] == ["#Index", "#ClientId", "#Version", "#ConsumerRunningInfoFile"]
        index, client_id, version, path = done.rows()[1]
        assert (index, client_id) == ("1", online.client_id()) and version.startswith("V")
        assert os.path.isfile(path) and "StatusTopic" in open(path).read()
        assert path.startswith(os.path.join(body_dir, "rocketmq", "consumerStatus"))  # not the system's temp dir
        assert "Same subscription in the same group of consumer" in done.out and "Rebalance OK" in done.out
        one = mqadmin(cluster, "consumerStatus", "-g", "StatusGroup", "-i", online.client_id())
        assert one.code == 0 and "#Consumer Subscription#" in one.out and "StatusTopic" in one.out
    finally:
        online.shutdown()
    offline = mqadmin(cluster, "consumerStatus", "-g", "NoSuchGroup")
    assert offline.code == 1 and offline.err.count("\n") == 1 and "%RETRY%NoSuchGroup" in offline.err
