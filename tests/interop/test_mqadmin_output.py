"""Our ``rocketmq`` admin commands print what Java's mqadmin prints (issue 32): for every read subcommand of
MQAdminStartup, Java's mqadmin of the cluster's version (4.9.7 on ``real_cluster``, 5.3.3 on ``real5_cluster``) and
ours run on the same cluster and data, and their stdout must be equal once what changes between two runs is
masked (times, TPS and other live counters, client ports, the temp directory of message bodies, Java's stack
frames in a track's exception text).

The data (module-scoped, made once per cluster): a topic of 4 queues holding 8 messages (tags on the odd ones,
keys, two user properties), an online producer group and an online push consumer group that consumed them all.

Our mqadmin is 5.3.3's. Where 5.3.3's mqadmin prints the same 4.9.7 cluster otherwise than 4.9.7's, for what it
decoded rather than for the cluster's data, our output on the 4.9.7 cluster is compared with Java 5.3.3's mqadmin
run there (:data:`JAVA5_ON_4`): the message properties (4.9.7 decodes them into a ``HashMap(16)``, 5.3.3 into a
``HashMap(128)``: another order of the same entries) and 5.3.3's six new SubscriptionGroupConfig fields. For the
message commands the tracks are still 4.9.7's mqadmin's (:data:`TRACKS_OF_4`; 4.9.7 prints them without line
breaks).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Any, Dict, Iterator, List, NamedTuple, Tuple

import pytest
from interop_support import Anchors, Collected, JavaProcess, RealCluster
from waiting import wait_for

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_tools.command.support import new_admin

pytestmark = pytest.mark.timeout(180)

MQADMIN = "org.apache.rocketmq.tools.command.MQAdminStartup"
TOPIC = "AdminOutputTopic"
PRODUCER_GROUP = "AdminOutputPG"
CONSUMER_GROUP = "AdminOutputCG"
COUNT = 8
#: how long one mqadmin run may take (a JVM start and a few requests)
RUN_TIMEOUT = 90


class Data(NamedTuple):
    """The cluster and what the module put on it."""

    cluster: RealCluster
    anchors: Anchors
    work: str
    values: Dict[str, str]


def _send_messages(producer: DefaultMQProducer) -> List[Any]:
    results = []
    for i in range(COUNT):
        msg = Message(TOPIC, "TagA" if i % 2 else None, b"body-%d" % i)
        if i % 2:
            msg.set_keys("K%d KK" % i)
        msg.put_user_property("origin", "py")
        msg.put_user_property("idx", str(i))
        results.append(producer.send(msg))
    return results


def _consumed_all(namesrv_addr: str) -> bool:
    with new_admin(namesrv_addr) as admin:
        try:
            stats = admin.examine_consume_stats(CONSUMER_GROUP, TOPIC)
        except Exception:  # noqa: BLE001 - not yet persisted
            return False
    wrappers = [w for mq, w in stats.offset_table.items() if mq.topic == TOPIC]
    return len(wrappers) == 4 and all(w.consumer_offset == w.broker_offset and w.last_timestamp for w in wrappers)


@pytest.fixture(scope="module", params=["4.9.7", "5.3.3"])
def data(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Data]:
    is_5 = request.param == "5.3.3"
    anchors: Anchors = request.getfixturevalue("anchors5" if is_5 else "anchors")
    cluster: RealCluster = request.getfixturevalue("real5_cluster" if is_5 else "real_cluster")
    namesrv_addr = cluster.namesrv_addr
    producer = DefaultMQProducer(PRODUCER_GROUP, namesrv_addr=namesrv_addr, instance_name="admin-output-pg")
    producer.start()
    consumer = DefaultMQPushConsumer(CONSUMER_GROUP, namesrv_addr=namesrv_addr, instance_name="admin-output-cg",
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
                                     persist_consumer_offset_interval=1000)
    try:
        producer.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, TOPIC, 4)
        wait_for(lambda: len(producer.fetch_publish_message_queues(TOPIC)) == 4, 30, "the route of " + TOPIC)
        sent = _send_messages(producer)
        collected = Collected()
        consumer.subscribe(TOPIC, "*")
        consumer.register_message_listener(collected)
        consumer.start()
        collected.wait_for_bodies({b"body-%d" % i for i in range(COUNT)})
        wait_for(lambda: _consumed_all(namesrv_addr), 60, "the consumer's offsets on the broker", interval=0.5)
        tagged = sent[1]
        values = {"topic": TOPIC, "broker": cluster.broker_addr, "brokerName": cluster.broker_name,
                  "offsetId": tagged.get_offset_msg_id(), "msgId": tagged.get_msg_id(),
                  "queueId": str(tagged.get_message_queue().get_queue_id()), "pg": PRODUCER_GROUP,
                  "cg": CONSUMER_GROUP}
        yield Data(cluster, anchors, str(tmp_path_factory.mktemp("mqadmin-output-" + request.param)), values)
    finally:
        consumer.shutdown()
        producer.shutdown()


#: every read subcommand of MQAdminStartup (4.9.7 and 5.3.3), with arguments on the module's data
CASES = [
    "clusterList", "clusterList -m", "topicList", "topicList -c", "topicRoute -t {topic}",
    "topicRoute -t {topic} -l", "topicStatus -t {topic}", "topicClusterList -t {topic}", "brokerStatus -b {broker}",
    "brokerConsumeStats -b {broker}", "consumerProgress", "consumerProgress -g {cg}",
    "consumerProgress -g {cg} -s true", "consumerStatus -g {cg}", "consumerConnection -g {cg}",
    "producerConnection -g {pg} -t {topic}", "producer -b {broker}", "queryMsgById -i {offsetId} {topicOption5}",
    "queryMsgByKey -t {topic} -k K1", "queryMsgByUniqueKey -t {topic} -i {msgId}",
    "queryMsgByOffset -t {topic} -b {brokerName} -i {queueId} -o 0", "queryMsgTraceById -i {msgId}",
    "printMsg -t {topic}", "printMsg -t {topic} -d false",
    "printMsg -t {topic} -l TBW102 -d false", "printMsgByQueue -t {topic} -a {brokerName} -i {queueId}",
    "statsAll", "statsAll -t {topic}", "getBrokerConfig -b {broker}", "getBrokerConfig -c DefaultCluster",
    "getNamesrvConfig", "getConsumerConfig -g {cg}", "queryCq -t {topic} -q {queueId} -i 0",
    "allocateMQ -t {topic} -i 1.1.1.1,2.2.2.2",
    # 5.3.3's options (see JAVA5_CASES_ON_4 and ONLY_5)
    "topicStatus -t {topic} -c DefaultCluster", "queryMsgById -i {offsetId} -t {topic} -c DefaultCluster",
    "consumerProgress -g {cg} -t {topic} -c DefaultCluster",
    # last: they move the consumer's offsets (Java's run first, then ours: both to the same offsets)
    "skipAccumulatedMessage -g {cg} -t {topic} -c DefaultCluster",
    "resetOffsetByTime -g {cg} -t {topic} -s 0 -b {broker} -q {queueId} -o 1",
    "resetOffsetByTime -g {cg} -t {topic} -s 0 -c DefaultCluster",
]

_MASKS: List[Tuple[str, str]] = [
    (r"\d{4}-\d\d-\d\d[ #]\d\d:\d\d:\d\d(?:[,.:]\d{3})?", "<time>"),
    (r"(lastUpdateTimestamp|bornTimestamp|storeTimestamp)=\d+", r"\1=<time>"),
    (r"/127\.0\.0\.1:(\d+)", "/127.0.0.1:<port>"),  # client sockets (a broker's listen port stays)
    (r"\S*(/rocketmq/msgbodys/)", r"<tmp>\1"),
    (r"(\s)(?:/\S*/rocketmq/consumerStatus/)?\d{13}/", r"\1<jstack>/"),
    (r"exceptionDesc=[^\]]*", "exceptionDesc=<exception>"),  # Java adds the stack frame that threw
    (r"^(Consume TPS:\s*)\d+\.\d+", r"\1<tps>"),  # consumerProgress -g (5.3.3): a live rate
]
_LIVE_LINES = re.compile(r"^(\S*(?:Tps|Times|Rt|Rate|Count|Size|Ratio|Total|Num|Behind|Time|Mills|Value|Offset|"
                         r"Distribute|runtime|Usage|Deviation|Memory|Speed)\S*\s*:)")


def mask(text: str, command: str, version: str) -> str:
    for pattern, replacement in _MASKS:
        text = re.sub(pattern, replacement, text, flags=re.M)
    if command == "brokerStatus":  # the broker's live counters and speeds
        text = re.sub(r"\d+(?:\.\d+)?(?:E-?\d+)?", "#", text)
        # a time histogram is null until the broker has one for the current interval; a TPS string has one to
        # three figures depending on how long the broker has run
        text = re.sub(r": (?:null|\[<=#ms\].*)$", ": <histogram>", text, flags=re.M)
        text = re.sub(r": #(?: +#)* *$", ": #", text, flags=re.M)
    if command == "clusterList":  # TPS and disk use
        text = re.sub(r"\d+\.\d+", "#", text)
    if command == "producer":  # the broker lists the instances of a group by its channel table, in no fixed order
        text = "\n".join(sorted(text.splitlines()))
    if version == "4.9.7":
        text = re.sub(r"\]MessageTrack \[", "]\nMessageTrack [", text)
    return text.rstrip("\n")


def java_run(data: Data, argv: List[str], anchors: Anchors) -> Tuple[int, str, str]:
    run = JavaProcess(anchors, data.work, "mqadmin-%s" % argv[0], MQADMIN,
                      [*argv, "-n", data.cluster.namesrv_addr], separate_stderr=True)
    try:
        code = run.process.wait(RUN_TIMEOUT)
        with open(run.err_path or os.devnull, "rb") as err:
            return code, run.output(), err.read().decode("utf-8", "replace")
    finally:
        run.stop()


def our_run(data: Data, argv: List[str]) -> Tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "rocketmq_tools", *argv, "-n", data.cluster.namesrv_addr],
                          capture_output=True, text=True, timeout=RUN_TIMEOUT, cwd=data.work,
                          env=dict(os.environ, PYTHONUNBUFFERED="1", TMPDIR=data.work))
    return done.returncode, done.stdout, done.stderr


#: subcommands whose output on a 4.9.7 cluster is compared with Java 5.3.3's mqadmin there, with why: ours is
#: 5.3.3's, and there 5.3.3's differs from 4.9.7's in what it decoded, not in the cluster's data
JAVA5_ON_4 = {
    # 5.3.3's SubscriptionGroupConfig has six fields more: it prints their defaults for a 4.9.7 broker's group
    "getConsumerConfig",
    # the message properties in the order of 5.3.3's HashMap(128)
    "queryMsgById", "queryMsgByUniqueKey", "queryMsgByOffset", "printMsg", "printMsgByQueue",
}
#: cases of 5.3.3's options that 4.9.7's mqadmin lacks, compared on a 4.9.7 cluster with Java 5.3.3's mqadmin there
JAVA5_CASES_ON_4 = {
    "topicStatus -t {topic} -c DefaultCluster", "skipAccumulatedMessage -g {cg} -t {topic} -c DefaultCluster",
    "resetOffsetByTime -g {cg} -t {topic} -s 0 -b {broker} -q {queueId} -o 1",
    "resetOffsetByTime -g {cg} -t {topic} -s 0 -c DefaultCluster",
}
#: cases run on a 5.3.3 cluster only: ``queryMsgById -c``'s tracks would be 4.9.7's mqadmin's (which has no
#: ``-c``), and 5.3.3's ``consumerProgress -t`` prints a 4.9.7 broker's missing pull offsets as 0 (ours 4.9.7's
#: layout, see docs/mqadmin.md)
ONLY_5 = {"queryMsgById -i {offsetId} -t {topic} -c DefaultCluster",
          "consumerProgress -g {cg} -t {topic} -c DefaultCluster"}
#: of these, the commands whose message tracks are compared with 4.9.7's mqadmin: 5.3.3's ``consumed`` asks a
#: 4.9.7 broker for GET_TOPIC_CONFIG (351, a 5.x request), fails and prints UNKNOWN; ours, to keep 4.9.7 clusters
#: usable, reads the consume stats without it, as 4.9.7's mqadmin does
TRACKS_OF_4 = {"queryMsgById", "queryMsgByUniqueKey", "queryMsgByOffset"}


def _tracks_of(text: str) -> List[str]:
    return [line for line in text.splitlines() if line.startswith("MessageTrack [")]


def java_output(data: Data, argv: List[str], anchors: Anchors) -> Tuple[int, str, str]:
    """Java's mqadmin of ``anchors`` run once, and once more if a request of Java's timed out (a loaded machine)."""
    java_code, java_out, java_err = java_run(data, argv, anchors)
    if "command failed" in java_err:
        java_code, java_out, java_err = java_run(data, argv, anchors)
    return java_code, java_out, java_err


@pytest.mark.parametrize("case", CASES)
def test_output_as_java(data: Data, case: str, request: pytest.FixtureRequest) -> None:
    anchors = data.anchors
    if anchors.version == "4.9.7" and case in ONLY_5:
        pytest.skip("compared on a 5.3.3 cluster only")
    if anchors.version == "4.9.7" and (case.split()[0] in JAVA5_ON_4 or case in JAVA5_CASES_ON_4):
        anchors = request.getfixturevalue("anchors5")
    argv = case.format(topicOption5="-t " + TOPIC if anchors.is_5 else "", **data.values).split()
    java_code, java_out, java_err = java_output(data, argv, anchors)
    assert java_code == 0, java_out + java_err
    if anchors is not data.anchors and argv[0] in TRACKS_OF_4:
        code4, out4, err4 = java_output(data, case.format(topicOption5="", **data.values).split(), data.anchors)
        assert code4 == 0 and _tracks_of(java_out), out4 + err4
        tracks = iter(_tracks_of(mask(out4, argv[0], "4.9.7")))
        java_out = "\n".join(next(tracks) if line.startswith("MessageTrack [") else line
                             for line in java_out.splitlines())
    code, out, err = our_run(data, argv)
    version = anchors.version
    assert mask(out, argv[0], version) == mask(java_out, argv[0], version), (err, java_err[-3000:])
