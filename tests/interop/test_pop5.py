"""POP consumption (issue 30) on the real 5.3.3 broker: our POP consumers (the scenarios of
:mod:`pop_scenarios`), ours beside the official Java 5.3.3 POP consumer (:file:`JavaPop5.java`) in one group (there
and on our embedded broker), our
``setConsumeMode`` against Java's, and what a consumer with broker rebalance does on a 4.9.7 broker (no POP
there): the same as Java 5.3.3, no queue and one line at each rebalance."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Iterator

import pytest
from interop_support import Anchors, JavaPeers, JavaProcess, RealCluster
from pop_scenarios import PopCollector, PopScenario, unique
from waiting import wait_for

from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_tools.cli import main as mqadmin

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def scenario(real5_cluster: RealCluster) -> Iterator[PopScenario]:
    s = PopScenario(real5_cluster)
    try:
        yield s
    finally:
        s.close()


def test_four_consumers_share_two_queues(scenario: PopScenario) -> None:
    scenario.four_consumers_share_two_queues()


def test_reconsume_later_redelivers(scenario: PopScenario) -> None:
    scenario.reconsume_later_redelivers()


def test_killed_consumer_messages_reach_another(scenario: PopScenario) -> None:
    scenario.killed_consumer_messages_reach_another()


def test_switch_pull_pop_pull_keeps_progress(scenario: PopScenario) -> None:
    scenario.switch_pull_pop_pull_keeps_progress()


@pytest.fixture(params=["real 5.3.3 broker", "embedded broker"])
def any_scenario(request: pytest.FixtureRequest) -> Iterator[PopScenario]:
    """A scenario on the real 5.3.3 broker, then on ours."""
    s = PopScenario(request.getfixturevalue("real5_cluster" if request.param.startswith("real")
                                            else "embedded_cluster"))
    try:
        yield s
    finally:
        s.close()


def test_java_pop_consumer_and_ours_share_a_group(any_scenario: PopScenario, java5_peer: JavaPeers) -> None:
    scenario = any_scenario
    topic = scenario.topic(2)
    group = unique("PopCG")
    scenario.set_mode(topic, group, MessageRequestMode.POP)
    peer = java5_peer.run_class("JavaPop5.java", "JavaPop5", scenario.cluster.namesrv_addr, topic, group)
    wait_for(lambda: "STARTED" in peer.output(), 60, "the Java POP consumer")
    collector = PopCollector()
    scenario.consumer(topic, group, collector, pop_batch_nums=1, consume_thread_min=1, consume_thread_max=1)

    def java_bodies() -> list:
        return [line[4:].encode() for line in peer.output().splitlines() if line.startswith("GOT ")]

    # one message at a time, each consumed before the next is sent, until both consumers got some (the Java one
    # is assigned the queues a rebalance later than ours, at most 20 s)
    bodies: list = []
    while not (collector.bodies() and java_bodies()) and len(bodies) < 400:
        body = b"shared-%d" % len(bodies)
        bodies.append(body)
        scenario.send(topic, [body])
        wait_for(lambda: body in set(collector.bodies()) | set(java_bodies()), 30, "message " + body.decode())
    got = collector.bodies() + java_bodies()
    assert sorted(got) == sorted(bodies)
    assert collector.bodies() and java_bodies(), (len(collector.bodies()), len(java_bodies()), peer.output())


def test_our_set_consume_mode_as_javas(scenario: PopScenario, anchors5: Anchors, tmp_path: Path,
                                       capsys: pytest.CaptureFixture) -> None:
    """``rocketmq setConsumeMode -b`` prints what Java's ``mqadmin setConsumeMode -b`` prints; after either the
    broker assigns the group's queues in POP mode."""
    topic = scenario.topic(2)
    cluster = scenario.cluster
    ours, javas = unique("PopCG"), unique("PopCG")
    options = ["-n", cluster.namesrv_addr, "-b", cluster.broker_addr, "-t", topic, "-m", "POP", "-q", "1"]
    assert mqadmin(["setConsumeMode", *options, "-g", ours]) == 0
    our_lines = capsys.readouterr().out.splitlines()
    java = JavaProcess(anchors5, str(tmp_path), "mqadmin", "org.apache.rocketmq.tools.command.MQAdminStartup",
                       ["setConsumeMode", *options, "-g", javas])
    assert java.process.wait(120) == 0, java.output()
    java_lines = [line for line in java.output().splitlines() if line.startswith(("set consume mode", "topic["))]
    assert our_lines == [line.replace(javas, ours) for line in java_lines] == [
        "set consume mode to %s success." % cluster.broker_addr,
        "topic[%s] group[%s] consume mode[POP] popShareQueueNum[1]" % (topic, ours)]
    for group in (ours, javas):  # the broker assigns the queues of a group with a consumer online
        consumer = scenario.consumer(topic, group, PopCollector())
        factory = consumer.get_default_mq_push_consumer_impl().get_mq_client_factory()
        assignments = factory.query_assignment(topic, group, "AVG", consumer.get_message_model(), 3000)
        assert assignments and {a.get_mode() for a in assignments} == {MessageRequestMode.POP}, group


def test_broker_rebalance_on_a_4_9_7_broker(real_cluster: RealCluster, caplog: pytest.LogCaptureFixture) -> None:
    """Java 5.3.3 with ``setClientRebalance(false)`` on a 4.x broker: QUERY_ASSIGNMENT is refused, the consumer
    gets no queue (Java does not fall back to its own rebalance) and says so in one line per rebalance."""
    s = PopScenario(real_cluster)
    try:
        topic = s.topic(2)
        with caplog.at_level(logging.ERROR, logger="rocketmq_client.impl.consumer.rebalance_impl"):
            consumer = s.consumer(topic, unique("PopCG"), PopCollector())
            wait_for(lambda: any("QUERY_ASSIGNMENT" in r.getMessage() for r in caplog.records), 30, "the log line")
        line = next(r for r in caplog.records if "QUERY_ASSIGNMENT" in r.getMessage())
        assert "set_client_rebalance(True)" in line.getMessage() and line.exc_info is None
        impl = consumer.get_default_mq_push_consumer_impl().get_rebalance_impl()
        assert not impl.get_process_queue_table() and not impl.get_pop_process_queue_table()
    finally:
        s.close()
