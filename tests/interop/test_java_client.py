"""The official Java client (4.9.7, :file:`JavaPeer.java`) with ours, on our embedded cluster and on a real 4.9.7
broker (skipped without the anchors build): what a Java producer sends, our consumer gets, and the other way
round, with tags, keys and user properties; Java's mqadmin reads our embedded cluster."""
from __future__ import annotations

import itertools
import os
import threading
from typing import Any, Iterator, List

import pytest
from interop_support import Anchors, JavaProcess, RealCluster

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_ext import MessageExt

pytestmark = pytest.mark.timeout(300)

#: how long a Java peer may run (a JVM start, its client's route and rebalance, the messages)
PEER_TIMEOUT = 120
COUNT = 10

_ids = itertools.count()


def unique(prefix: str) -> str:
    return "%s_%d_%d" % (prefix, os.getpid(), next(_ids))


@pytest.fixture(params=["embedded", "real"])
def namesrv_addr(request: pytest.FixtureRequest) -> str:
    """The NameServer of our embedded cluster, or of the real 4.9.7 one."""
    if request.param == "embedded":
        cluster: EmbeddedCluster = request.getfixturevalue("embedded_cluster")
        return cluster.namesrv_addr
    real: RealCluster = request.getfixturevalue("real_cluster")
    return real.namesrv_addr


def finish(peer: JavaProcess) -> List[str]:
    """The Java peer's output lines, once it exited 0."""
    code = peer.process.wait(PEER_TIMEOUT)
    out = peer.output()
    assert code == 0, out[-5000:]
    return out.splitlines()


class _Messages:
    def __init__(self) -> None:
        self.msgs: List[MessageExt] = []
        self.cond = threading.Condition()

    def __call__(self, msgs: List[MessageExt], context: Any) -> ConsumeConcurrentlyStatus:
        with self.cond:
            self.msgs.extend(msgs)
            self.cond.notify_all()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS


@pytest.fixture
def our_consumer(namesrv_addr: str) -> Iterator[Any]:
    made: List[DefaultMQPushConsumer] = []

    def start(topic: str) -> _Messages:
        collected = _Messages()
        consumer = DefaultMQPushConsumer(unique("PyCG"), namesrv_addr=namesrv_addr, instance_name=unique("py"),
                                         consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        consumer.subscribe(topic, "*")
        consumer.register_message_listener(collected)
        made.append(consumer)
        consumer.start()
        return collected

    yield start
    for consumer in made:
        consumer.shutdown()


def test_a_java_producer_to_our_consumer(namesrv_addr: str, java_peer, our_consumer) -> None:
    topic = unique("JavaToPy")
    lines = finish(java_peer("produce", namesrv_addr, topic, unique("JavaPG"), str(COUNT)))
    sent = [line.split() for line in lines if line.startswith("SENT ")]
    assert [status for _, status, _ in sent] == ["SEND_OK"] * COUNT
    collected = our_consumer(topic)
    bodies = {b"java-%d" % i for i in range(COUNT)}
    with collected.cond:
        assert collected.cond.wait_for(lambda: bodies <= {m.get_body() for m in collected.msgs}, 60), \
            [m.get_body() for m in collected.msgs]
        got = {m.get_body(): m for m in collected.msgs}
    for i in range(COUNT):
        msg = got[b"java-%d" % i]
        assert (msg.get_tags(), msg.get_keys(), msg.get_user_property("origin")) == ("TagJ", "KJ%d" % i, "java")
    assert {m.get_msg_id() for m in got.values()} == {msg_id for _, _, msg_id in sent}


def test_our_producer_to_a_java_consumer(namesrv_addr: str, java_peer) -> None:
    topic = unique("PyToJava")
    producer = DefaultMQProducer(unique("PyPG"), namesrv_addr=namesrv_addr, instance_name=unique("py"))
    with producer:
        for i in range(COUNT):
            msg = Message(topic, "TagP", "KP%d" % i, b"python-%d" % i)
            msg.put_user_property("origin", "python")
            assert producer.send(msg).get_send_status() is SendStatus.SEND_OK
    lines = finish(java_peer("consume", namesrv_addr, topic, unique("JavaCG"), str(COUNT), str(PEER_TIMEOUT - 30)))
    got = sorted(line[len("GOT "):] for line in lines if line.startswith("GOT "))
    assert got == sorted("python-%d|TagP|KP%d|python" % (i, i) for i in range(COUNT))


def test_java_mqadmin_reads_our_cluster(anchors: Anchors, embedded_cluster: EmbeddedCluster, tmp_path) -> None:
    embedded_cluster.create_topic("JavaAdminTopic", 3)

    def mqadmin(*argv: str) -> str:
        run = JavaProcess(anchors, str(tmp_path), "mqadmin-%s" % argv[0],
                          "org.apache.rocketmq.tools.command.MQAdminStartup",
                          [*argv, "-n", embedded_cluster.namesrv_addr])
        try:
            return "\n".join(finish(run))
        finally:
            run.stop()

    assert embedded_cluster.broker_addr in mqadmin("clusterList")
    assert "JavaAdminTopic" in mqadmin("topicList").split()
    rows = [line.split() for line in mqadmin("topicStatus", "-t", "JavaAdminTopic").splitlines()[1:]
            if line.strip()]
    assert sorted(int(row[1]) for row in rows) == [0, 1, 2]
    route = mqadmin("topicRoute", "-t", "JavaAdminTopic")
    assert '"readQueueNums":3' in route.replace(" ", "") and embedded_cluster.broker_addr in route
