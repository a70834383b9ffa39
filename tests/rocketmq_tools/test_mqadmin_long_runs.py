"""mqadmin's long runs in a subprocess: checkMsgSendRT, clusterRT and statsAll print their rows, and stop
cleanly on Ctrl-C (SIGINT: one "interrupted" line, exit code 130, no traceback)."""
from __future__ import annotations

import pytest

from rocketmq_broker.embedded_cluster import start_embedded_cluster

from tools_support import OnlineConsumer, interrupt_after_output, mqadmin, send_messages


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("mqadmin-long")))
    cluster.create_topic("RtTopic", 2)
    cluster.create_topic("broker-a", 1)                    # clusterRT sends to the topic named as the broker
    yield cluster
    cluster.shutdown()


def _assert_interrupted(run, command):
    assert run.code == 130, run.out
    assert "rocketmq %s: interrupted" % command in run.out and "Traceback" not in run.out


def test_check_msg_send_rt(cluster):
    done = mqadmin(cluster, "checkMsgSendRT", "-t", "RtTopic", "-a", "4", "-s", "16")
    assert done.code == 0, done.err
    rows = done.rows()
    assert rows[0] == ["#Broker", "Name", "#QID", "#Send", "Result", "#RT"]
    assert [(r[0], r[1], r[2]) for r in rows[1:5]] == [("broker-a", "0", "true"), ("broker-a", "1", "true"),
                                                       ("broker-a", "0", "true"), ("broker-a", "1", "true")]
    assert done.lines[-1].startswith("Avg RT: ") and float(done.lines[-1].split(": ")[1]) >= 0
    assert mqadmin(cluster, "checkMsgSendRT", "-t", "RtTopic", "-a", "0").code == 2


def test_check_msg_send_rt_stops_on_ctrl_c(cluster):
    run = interrupt_after_output(cluster, "checkMsgSendRT", "-t", "RtTopic", "-a", "1000000", marker="broker-a")
    _assert_interrupted(run, "checkMsgSendRT")


def test_cluster_rt_rounds_and_ctrl_c(cluster):
    done = mqadmin(cluster, "clusterRT", "-a", "3", "-i", "0", "--rounds", "2")
    assert done.code == 0, done.err
    rows = done.rows()
    assert rows[0] == ["#Cluster", "Name", "#Broker", "Name", "#RT", "#successCount", "#failCount"]
    assert [(r[0], r[1], r[3], r[4]) for r in rows[1:]] == [("DefaultCluster", "broker-a", "3", "0")] * 2
    tlog = mqadmin(cluster, "clusterRT", "-a", "2", "--rounds", "1", "-p", "true", "-m", "roomA")
    assert tlog.code == 0 and tlog.lines[0].split("|")[1:4] == ["roomA", "DefaultCluster", "broker-a"]
    unknown = mqadmin(cluster, "clusterRT", "-c", "NoSuchCluster", "--rounds", "1")
    assert unknown.code == 0 and unknown.lines[-1] == "cluster [NoSuchCluster] not exist"
    run = interrupt_after_output(cluster, "clusterRT", "-a", "2", "-i", "60", marker="DefaultCluster")
    _assert_interrupted(run, "clusterRT")


def test_stats_all(cluster, wait_until):
    cluster.create_topic("StatsAllTopic", 1)
    cluster.create_topic("QuietTopic", 1)
    send_messages(cluster.namesrv_addr, "StatsAllTopic", 3)
    online = OnlineConsumer(cluster.namesrv_addr, "StatsAllGroup", "StatsAllTopic")
    try:
        wait_until(lambda: online.count() >= 3, message="3 messages consumed")
        done = mqadmin(cluster, "statsAll", "-t", "StatsAllTopic")
    finally:
        online.shutdown()
    assert done.code == 0, done.err
    assert done.rows()[0] == ["#Topic", "#Consumer", "Group", "#Accumulation", "#InTPS", "#OutTPS", "#InMsg24Hour",
                              "#OutMsg24Hour"]
    row = done.rows()[1]
    # the broker's figures count the 3 messages in and out once its statistics took their first samples (every
    # 10 s, as Java's); until then they are zero
    assert row[0:2] == ["StatsAllTopic", "StatsAllGroup"]
    sampled = row[5:] == ["3", "3"]
    assert sampled and float(row[3]) > 0 and float(row[4]) > 0 or row[3:] == ["0.00", "0.00", "0", "0"], row
    assert done.lines[1].index("StatsAllGroup") == 66                         # %-64s  %-64s
    lonely = mqadmin(cluster, "statsAll", "-t", "RtTopic")
    assert lonely.rows()[1][0] == "RtTopic" and lonely.rows()[1][-1] == "NO_CONSUMER"
    active = mqadmin(cluster, "statsAll", "-a")                   # a topic with messages today is active
    assert active.code == 0
    active_topics = [r[0] for r in active.rows()[1:]]
    assert "QuietTopic" not in active_topics and (not sampled or "StatsAllTopic" in active_topics), active.out


def test_stats_all_over_many_topics_stops_on_ctrl_c(cluster):
    for i in range(300):
        cluster.create_topic("ManyTopic%03d" % i, 1)
    run = interrupt_after_output(cluster, "statsAll", marker="ManyTopic000")
    _assert_interrupted(run, "statsAll")


def test_start_monitoring_reports_rounds_until_ctrl_c(cluster, wait_until):
    cluster.create_topic("MonitoredTopic", 1)
    online = OnlineConsumer(cluster.namesrv_addr, "MonitoredGroup", "MonitoredTopic")
    try:
        send_messages(cluster.namesrv_addr, "MonitoredTopic", 2)
        wait_until(lambda: online.count() >= 2, message="2 messages consumed")
        offsets = cluster.broker_controller.get_consumer_offset_manager()
        wait_until(lambda: offsets.query_offset("MonitoredGroup", "MonitoredTopic", 0) == 2,
                   message="offsets committed")
        run = interrupt_after_output(cluster, "startMonitoring", "--firstRoundDelay", "0", "--roundInterval", "500",
                                     marker="endRound")
    finally:
        online.shutdown()
    _assert_interrupted(run, "startMonitoring")
    assert "[MONITOR] =========================================beginRound" in run.out
    assert ("[MONITOR] reportUndoneMsgs: UndoneMsgs [consumerGroup=MonitoredGroup, topic=MonitoredTopic, "
            "undoneMsgsTotal=0, undoneMsgsSingleMQ=0, undoneMsgsDelayTimeMills=0]") in run.out
    assert mqadmin(cluster, "startMonitoring", "--roundInterval", "0").code == 2
