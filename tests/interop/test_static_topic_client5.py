"""Static topics (5.3.3) on a real 5.3.3 cluster of two brokers (broker-b started by the test): a topic of 4
logical queues made by our ``updateStaticTopic``, remapped by Java's ``remappingStaticTopic`` and then by ours
while our producer sends and our push consumer consumes: every message sent is consumed, the logical offsets of
each queue continue across the remappings (a moved queue's go on past 10000, Java's block size), and our client
sends to and pulls from the broker of each queue's current leader."""
from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path
from typing import Dict, Iterator, List, Set, Tuple

import pytest
from interop_support import Collected, JavaProcess, RealCluster, unique
from waiting import wait_for

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.rpc.client_metadata import ClientMetadata
from rocketmq_tools.command.support import new_admin

pytestmark = pytest.mark.timeout(600)

MQADMIN = "org.apache.rocketmq.tools.command.MQAdminStartup"
MOCK = "__syslo__global__"
QUEUES = 4


def our_mqadmin(namesrv_addr: str, *argv: str) -> Tuple[int, str]:
    """Exit code and stdout + stderr of our command line."""
    done = subprocess.run([sys.executable, "-m", "rocketmq_tools", *argv, "-n", namesrv_addr], capture_output=True,
                          text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


def java_mqadmin(cluster: RealCluster, work: str, *argv: str) -> str:
    """The output of Java's mqadmin ``argv`` (it exits 0 even when the command failed: the output tells)."""
    run = JavaProcess(cluster.anchors, work, "mqadmin-%s" % argv[0], MQADMIN, [*argv, "-n", cluster.namesrv_addr])
    try:
        assert run.process.wait(120) == 0, run.output()[-5000:]
        return run.output()
    finally:
        run.stop()


@pytest.fixture
def two_brokers(real5_cluster: RealCluster, tmp_path: Path) -> Iterator[RealCluster]:
    """The session's 5.3.3 cluster with a second master, broker-b, for the test."""
    work = tmp_path / "broker-b"
    work.mkdir()
    broker_b, _ = real5_cluster.add_broker(str(work), "broker-b")
    try:
        yield real5_cluster
    finally:
        broker_b.stop()


def leaders(cluster: RealCluster, topic: str) -> Dict[MessageQueue, str]:
    """Each logical queue's broker, as the NameServer's route tells (what our client computes)."""
    with new_admin(cluster.namesrv_addr) as admin:
        route = admin.examine_topic_route_info(topic)
    return ClientMetadata.topic_route_data2_endpoints_for_static_topic(topic, route)


def wait_for_leaders(cluster: RealCluster, topic: str, brokers: Dict[int, str]) -> None:
    expected = {MessageQueue(topic, MOCK, qid): broker for qid, broker in brokers.items()}
    wait_for(lambda: leaders(cluster, topic) == expected, 60, "the route of %s: %s" % (topic, expected),
             interval=0.5)


def refresh_routes(topic: str, *clients: object) -> None:
    """What the clients' route refresh (every 30 s) does, now: a queue that moved is sent to and pulled from its
    new leader from here on (until then a send to the old leader is refused and resent to another queue)."""
    for client in clients:
        impl = getattr(client, "default_mq_producer_impl", None) or getattr(client, "default_mq_push_consumer_impl")
        impl.mq_client_factory.update_topic_route_info_from_name_server(topic)


class Sender:
    """Sends numbered messages one after the other on a thread until stopped; a failed send (a queue moving) is
    sent again. ``sent`` holds the bodies the broker took."""

    def __init__(self, producer: DefaultMQProducer, topic: str) -> None:
        self.producer = producer
        self.topic = topic
        self.sent: List[bytes] = []
        self.failures = 0
        self.stop_event = threading.Event()
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._run, name="static-topic-sender", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        number = 0
        while not self.stop_event.is_set():
            body = b"m-%05d" % number
            try:
                self.producer.send(Message(self.topic, body))
            except Exception:  # noqa: BLE001 - a queue in the middle of a move: send the message again
                self.failures += 1
                self.stop_event.wait(0.1)
                continue
            with self.cond:
                self.sent.append(body)
                self.cond.notify_all()
            number += 1
            self.stop_event.wait(0.02)

    def wait_for_more(self, count: int) -> None:
        with self.cond:
            target = len(self.sent) + count
            assert self.cond.wait_for(lambda: len(self.sent) >= target, 60), "the producer stalled"

    def stop(self) -> Set[bytes]:
        self.stop_event.set()
        self.thread.join(30)
        return set(self.sent)


def offsets_by_queue(collected: Collected) -> Dict[int, List[int]]:
    with collected.cond:
        msgs = list(collected.msgs)
    result: Dict[int, List[int]] = {}
    for msg in msgs:
        assert msg.get_broker_name() == MOCK
        result.setdefault(msg.get_queue_id(), []).append(msg.get_queue_offset())
    return result


def test_static_topic_remapped_while_producing_and_consuming(two_brokers: RealCluster, tmp_path: Path) -> None:
    cluster = two_brokers
    topic = unique("StaticTopic")
    code, out = our_mqadmin(cluster.namesrv_addr, "updateStaticTopic", "-t", topic, "-qn", str(QUEUES),
                            "-b", "broker-a")
    assert code == 0, out
    assert "The old mapping data is written to file" in out and "The new mapping data is written to file" in out
    wait_for_leaders(cluster, topic, {qid: "broker-a" for qid in range(QUEUES)})

    group = unique("StaticGroup")
    collected = Collected()
    consumer = DefaultMQPushConsumer(group, namesrv_addr=cluster.namesrv_addr, instance_name=unique("py"),
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(topic, "*")
    consumer.register_message_listener(collected)
    producer = DefaultMQProducer(unique("StaticPG"), namesrv_addr=cluster.namesrv_addr, instance_name=unique("py"))
    producer.start()
    consumer.start()
    sender = Sender(producer, topic)
    try:
        sender.wait_for_more(40)
        # Java's tools move 2 of the 4 queues to broker-b (its plan is written to the temp directory)
        out = java_mqadmin(cluster, str(tmp_path), "remappingStaticTopic", "-t", topic, "-b", "broker-a,broker-b")
        assert "command failed" not in out, out
        wait_for(lambda: sorted(leaders(cluster, topic).values()) == ["broker-a"] * 2 + ["broker-b"] * 2, 60,
                 "2 queues on broker-b", interval=0.5)
        refresh_routes(topic, producer, consumer)
        sender.wait_for_more(40)
        # ours moves the other two
        code, out = our_mqadmin(cluster.namesrv_addr, "remappingStaticTopic", "-t", topic, "-b", "broker-b")
        assert code == 0, out
        wait_for_leaders(cluster, topic, {qid: "broker-b" for qid in range(QUEUES)})
        refresh_routes(topic, producer, consumer)
        sender.wait_for_more(40)
    finally:
        sent = sender.stop()
    try:
        collected.wait_for_bodies(sent, timeout=120)  # nothing lost
        offsets = offsets_by_queue(collected)
        assert set(offsets) == set(range(QUEUES))
        for qid, queue_offsets in offsets.items():
            # each queue moved once: its offsets run from 0 on broker-a, then (the new leader's logic offset:
            # the old one's end rounded up to Java's block size) from 10000 on broker-b, without a gap
            before = sorted({o for o in queue_offsets if o < 10000})
            after = sorted({o for o in queue_offsets if o >= 10000})
            assert before == list(range(len(before))) and before, (qid, before[:5], before[-5:])
            assert after == list(range(10000, 10000 + len(after))) and after, (qid, after[:5], after[-5:])
        # the group's progress, committed through the mock broker name, is on broker-b's logical offsets
        impl = consumer.default_mq_push_consumer_impl
        store = impl.offset_store
        expected = [max(offsets[qid]) + 1 for qid in range(QUEUES)]

        def committed() -> List[int]:
            impl.persist_consumer_offset()
            return [store.read_offset(MessageQueue(topic, MOCK, qid), ReadOffsetType.READ_FROM_STORE)
                    for qid in range(QUEUES)]

        seen: List[List[int]] = []
        try:
            wait_for(lambda: seen.append(committed()) or seen[-1] == expected, 30,
                     "the committed offsets %s" % expected, interval=0.5)
        except AssertionError as e:
            raise AssertionError("%s; last read %s" % (e, seen[-1:])) from None
        # no pull after this point: a 5.3.3 broker stores the commit offset a pull carries (logical) under the
        # physical queue, where the shutdown's persist (rewritten to the physical offset) is what Java's test reads
        consumer.shutdown()
        # the admin views by logical queue: ours, and Java's topicStatus rows of the mock broker
        with new_admin(cluster.namesrv_addr) as admin:
            stats = admin.examine_topic_stats(topic).offset_table
            progress = admin.examine_consume_stats(group).offset_table
        for qid in range(QUEUES):
            mq = MessageQueue(topic, MOCK, qid)
            assert (stats[mq].min_offset, stats[mq].max_offset) == (0, expected[qid]), qid
            # the broker offset is logical; the consumer offset is the one the leader keeps for its physical
            # queue, as Java's examineConsumeStats gives it (StaticTopicIT.testDoubleReadCheckConsumerOffset)
            assert (progress[mq].broker_offset, progress[mq].consumer_offset) == (expected[qid],
                                                                                  expected[qid] - 10000), qid
        assert not [mq for mq in progress if mq.topic == topic and mq.broker_name != MOCK]
        java_status = [line.split() for line in java_mqadmin(cluster, str(tmp_path), "topicStatus", "-t", topic)
                       .splitlines() if line.startswith(MOCK)]
        assert sorted((int(r[1]), int(r[2]), int(r[3])) for r in java_status) == [
            (qid, 0, expected[qid]) for qid in range(QUEUES)]
        java_progress = [line.split() for line in java_mqadmin(cluster, str(tmp_path), "consumerProgress", "-g",
                                                               group).splitlines() if MOCK in line]
        assert sorted((int(r[2]), int(r[3]), int(r[4])) for r in java_progress) == [
            (qid, expected[qid], expected[qid] - 10000) for qid in range(QUEUES)]
    finally:
        consumer.shutdown()
        producer.shutdown()
