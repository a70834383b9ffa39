"""``consumerProgress``, ``consumerConnection`` and ``resetOffsetByTime`` with a push consumer online (and
offline) on the embedded cluster."""
from __future__ import annotations

import threading
import time
from typing import Iterator

import pytest

from rocketmq_client.impl.consumer.default_mq_push_consumer_impl import DefaultMQPushConsumerImpl
from rocketmq_common.mq_version import MQVersion
from tools_support import OnlineConsumer

TOPIC = "ProgressTopic"
GROUP = "ProgressGroup"
#: a persist interval longer than the test's 60 s timeout
QUIET_MILLIS = 120000


def _start_online(cli, cluster, persist_interval: int = 1000) -> OnlineConsumer:
    assert cli.on(cluster, "updateTopic", "-c", "DefaultCluster", "-t", TOPIC, "-r", "2", "-w", "2").code == 0
    return OnlineConsumer(cluster.namesrv_addr, GROUP, TOPIC, "TagA || TagB", persist_interval)


@pytest.fixture
def online(cli, embedded_cluster) -> Iterator[OnlineConsumer]:
    consumer = _start_online(cli, embedded_cluster)
    try:
        yield consumer
    finally:
        consumer.shutdown()


class QuietOnline:
    """An online consumer whose client persists its offsets once while the test runs: the periodic persist's first
    run (10 s after start, as in Java; ``first_persist`` is set when it is done), the next one after the test's
    60 s timeout. A reset (Java's resetOffset, then resume) makes the client wait 10 s, store the new offsets
    one-way and read them back at once; a periodic persist that read the old offsets before that store and sends
    them after it (Java's resetOffset does not stop it) would undo the reset."""

    def __init__(self, cli, cluster, monkeypatch) -> None:
        self.first_persist = threading.Event()
        persist = DefaultMQPushConsumerImpl.persist_consumer_offset

        def persist_and_tell(impl: DefaultMQPushConsumerImpl) -> None:
            persist(impl)
            if impl.group_name() == GROUP:
                self.first_persist.set()

        monkeypatch.setattr(DefaultMQPushConsumerImpl, "persist_consumer_offset", persist_and_tell)
        self.consumer = _start_online(cli, cluster, persist_interval=QUIET_MILLIS)


@pytest.fixture
def quiet_online(cli, embedded_cluster, monkeypatch) -> Iterator[QuietOnline]:
    online = QuietOnline(cli, embedded_cluster, monkeypatch)
    try:
        yield online
    finally:
        online.consumer.shutdown()


def _send(cli, cluster, count: int) -> None:
    result = cli.on(cluster, "send", "-t", TOPIC, "-p", "m", "-c", "TagA", "--count", str(count))
    assert result.code == 0, result.err


def _progress_rows(cli, cluster, *extra):
    result = cli.on(cluster, "consumerProgress", "-g", GROUP, *extra)
    assert result.code == 0, result.err
    return result, [line.split() for line in result.lines[1:] if line.startswith(TOPIC)]


def test_consumer_connection_of_an_online_group(cli, embedded_cluster, online):
    result = cli.on(embedded_cluster, "consumerConnection", "-g", GROUP)
    assert result.code == 0, result.err
    lines = result.lines
    assert lines[0].split() == ["#ClientId", "#ClientAddr", "#Language", "#Version"]
    client = lines[1].split()
    assert client[0] == online.consumer.build_mq_client_id() and client[1].startswith("127.0.0.1:")
    assert client[2:] == ["PYTHON", MQVersion.get_version_desc(MQVersion.CURRENT_VERSION)]
    assert lines[2:5] == ["", "Below is subscription:", "%-20s %s" % ("#Topic", "#SubExpression")]
    subscriptions = {line.split()[0]: line[21:] for line in lines[5:] if line and ":" not in line}
    assert subscriptions[TOPIC] == "TagA || TagB"
    assert "%RETRY%" + GROUP in subscriptions
    assert lines[-3:] == ["ConsumeType: CONSUME_PASSIVELY", "MessageModel: CLUSTERING",
                          "ConsumeFromWhere: CONSUME_FROM_FIRST_OFFSET"]
    by_broker = cli.on(embedded_cluster, "consumerConnection", "-g", GROUP, "-b", embedded_cluster.broker_addr)
    assert by_broker.out == result.out

    offline = cli.on(embedded_cluster, "consumerConnection", "-g", "NobodyHere")
    assert offline.code == 1 and offline.out == "" and offline.err.count("\n") == 1


def test_consumer_progress_of_one_group_and_of_all(cli, embedded_cluster, online, wait_until):
    _send(cli, embedded_cluster, 6)
    wait_until(lambda: online.count() == 6)
    wait_until(lambda: sum(int(r[4]) for r in _progress_rows(cli, embedded_cluster)[1]) == 6, timeout=20)
    result, rows = _progress_rows(cli, embedded_cluster)
    # the embedded broker sends the pull offsets as a 5.3.3 broker does: 5.3.3's columns, with #Inflight
    assert result.lines[0].split() == ["#Topic", "#Broker", "Name", "#QID", "#Broker", "Offset", "#Consumer",
                                       "Offset", "#Diff", "#Inflight", "#LastTime"]
    assert [(r[1], r[2]) for r in rows] == [("broker-a", "0"), ("broker-a", "1")]
    assert all(r[3] == r[4] and r[5] == "0" and r[6] == "0" for r in rows)
    assert result.lines[-3:] == ["Consume TPS: %.2f" % float(result.lines[-3].split()[-1]),
                                 "Consume Diff Total: 0", "Consume Inflight Total: 0"]

    with_ip, rows = _progress_rows(cli, embedded_cluster, "-s", "true")
    assert with_ip.lines[0].split()[8:10] == ["#Client", "IP"]
    assert {r[5] for r in rows} == {online.consumer.get_client_ip()}

    everything = cli.on(embedded_cluster, "consumerProgress")
    assert everything.code == 0, everything.err
    assert everything.lines[0].split() == ["#Group", "#Count", "#Version", "#Type", "#Model", "#TPS", "#Diff",
                                           "Total"]
    row = next(line.split() for line in everything.lines[1:] if line.startswith(GROUP))
    assert row[1:5] == ["1", MQVersion.get_version_desc(MQVersion.CURRENT_VERSION), "PUSH", "CLUSTERING"]
    assert row[-1] == "0"

    unknown = cli.on(embedded_cluster, "consumerProgress", "-g", "NeverSeen")
    assert unknown.code == 1 and unknown.err.count("\n") == 1


# one consumer-manage thread on the broker: the read-back of the reset offsets is answered after the client's
# one-way store of them, which came first on the same connection (with more threads either may run first, in Java
# too, and the consumer would go on from the old offsets); a broker that has the clients reset their offsets
# (5.3.3's useServerSideResetOffset off: 4.x's way)
@pytest.mark.embedded_cluster(broker_config={"consumer_manage_thread_pool_nums": 1,
                                             "use_server_side_reset_offset": False})
def test_reset_offset_by_time_through_the_online_client(cli, embedded_cluster, quiet_online, wait_until):
    online = quiet_online.consumer
    _send(cli, embedded_cluster, 4)
    wait_until(lambda: online.count() == 4)
    # no periodic persist of the old offsets can race the reset's own (see QuietOnline)
    assert quiet_online.first_persist.wait(30), "the client's first periodic persist"
    wait_until(lambda: sum(int(r[4]) for r in _progress_rows(cli, embedded_cluster)[1]) == 4, timeout=20)
    result = cli.on(embedded_cluster, "resetOffsetByTime", "-g", GROUP, "-t", TOPIC, "-s", "0")
    assert result.code == 0, result.err
    assert result.lines[0] == ("start reset consumer offset by specified, group[%s], topic[%s], force[true], "
                               "timestamp(string)[0], timestamp(long)[0]" % (GROUP, TOPIC))
    assert result.lines[1].split() == ["#brokerName", "#queueId", "#offset"]
    assert [line.split() for line in result.lines[2:]] == [["broker-a", "0", "0"], ["broker-a", "1", "0"]]
    # the broker passed the reset to the client: it pauses, waits 10 s (as Java), moves its offsets back, drops
    # its queues and resumes, rebalancing (as Java's resume; triggered here once more rather than waited for):
    # the queues are taken again and the four messages are consumed again
    impl = online.consumer.get_default_mq_push_consumer_impl()
    wait_until(impl.is_pause)
    wait_until(lambda: not impl.is_pause(), timeout=30)
    impl.get_mq_client_factory().rebalance_immediately()
    wait_until(lambda: online.count() == 8, timeout=30)


@pytest.mark.embedded_cluster(broker_config={"use_server_side_reset_offset": False})
def test_reset_offset_by_time_of_an_offline_group_writes_the_offsets(cli, embedded_cluster):
    assert cli.on(embedded_cluster, "updateTopic", "-c", "DefaultCluster", "-t", TOPIC, "-r", "1", "-w", "1").code == 0
    _send(cli, embedded_cluster, 3)
    assert cli.on(embedded_cluster, "consume", "-t", TOPIC, "-g", "OfflineGroup", "--from", "first", "-c",
                  "3").code == 0
    now = cli.on(embedded_cluster, "resetOffsetByTime", "-g", "OfflineGroup", "-t", TOPIC, "-s", "now")
    assert now.code == 0, now.err
    assert now.lines[0].startswith("reset consumer offset by specified consumerGroup[OfflineGroup]")
    assert now.lines[1].split()[-1] == "#resetOffset"
    # "now" is the current time (5.3.3; 4.9.7's -1, the max offset): the offset of the last message stored by then
    assert [line.split() for line in now.lines[2:]] == [["broker-a", "0", "3", "3", "2", "2"]]
    back = cli.on(embedded_cluster, "resetOffsetByTime", "-g", "OfflineGroup", "-t", TOPIC, "-s",
                  time.strftime("%Y-%m-%d#%H:%M:%S:000", time.localtime(time.time() - 3600)))
    assert back.code == 0, back.err
    assert [line.split() for line in back.lines[2:]] == [["broker-a", "0", "3", "2", "0", "0"]]
    again = cli.on(embedded_cluster, "consume", "-t", TOPIC, "-g", "OfflineGroup", "-c", "3", "--timeout", "20")
    assert again.code == 0, again.err                          # the three messages once more
    bad = cli.on(embedded_cluster, "resetOffsetByTime", "-g", "OfflineGroup", "-t", TOPIC, "-s", "soon")
    assert bad.code == 2 and "bad timestamp 'soon'" in bad.err


def test_reset_offset_by_time_on_a_broker_that_resets_offsets_itself(cli, embedded_cluster):
    # 5.3.3's default broker: every queue reset on the broker (no online client needed), or one queue (-b, -q) to
    # an offset (-o); the group's next pull of the queue moves to it
    assert cli.on(embedded_cluster, "updateTopic", "-c", "DefaultCluster", "-t", TOPIC, "-r", "1", "-w", "1").code == 0
    _send(cli, embedded_cluster, 3)
    assert cli.on(embedded_cluster, "consume", "-t", TOPIC, "-g", "ResetGroup", "--from", "first", "-c",
                  "3").code == 0
    offsets = embedded_cluster.broker_controller.get_consumer_offset_manager()
    before = cli.on(embedded_cluster, "resetOffsetByTime", "-g", "ResetGroup", "-t", TOPIC, "-s", "0", "-c",
                    "DefaultCluster")
    assert before.code == 0, before.err
    assert before.lines[0] == ("start reset consumer offset by specified, group[ResetGroup], topic[%s], force[true], "
                               "timestamp(string)[0], timestamp(long)[0]" % TOPIC)
    assert [line.split() for line in before.lines[1:]] == [["#brokerName", "#queueId", "#offset"],
                                                            ["broker-a", "0", "0"]]
    assert offsets.query_offset("ResetGroup", TOPIC, 0) == 0
    one = cli.on(embedded_cluster, "resetOffsetByTime", "-g", "ResetGroup", "-t", TOPIC, "-s", "now", "-b",
                 embedded_cluster.broker_addr, "-q", "0", "-o", "2")
    assert one.code == 0, one.err
    assert one.lines[0].startswith("start reset consumer offset by specified, group[ResetGroup], topic[%s], "
                                   "queueId[0], broker[%s], timestamp(string)[now], timestamp(long)[" % (
                                       TOPIC, embedded_cluster.broker_addr))
    assert one.lines[1:] == ["reset consumer offset to 2"]
    assert offsets.query_offset("ResetGroup", TOPIC, 0) == 2
    # the group's next pull is moved there (a client gets on 10 s later, as Java's: not waited for here)
    assert offsets.has_offset_reset(TOPIC, "ResetGroup", 0)
    out_of_range = cli.on(embedded_cluster, "resetOffsetByTime", "-g", "ResetGroup", "-t", TOPIC, "-s", "0", "-b",
                          embedded_cluster.broker_addr, "-q", "0", "-o", "9")
    assert out_of_range.code == 1 and "Target offset 9 not in consume queue range [0-3]" in out_of_range.err
