"""The official Java client (4.9.7, :file:`JavaPeer.java`) with ours, on our embedded cluster and on a real 4.9.7
broker (skipped without the anchors build): what a Java producer sends, our consumer gets, and the other way
round, with tags, keys and user properties, also over TLS; Java's mqadmin reads our embedded cluster."""
from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional

import pytest
from interop_support import MESSAGE_DELAY_LEVEL, Anchors, Collected, JavaProcess, RealCluster, make_topic, unique
from tls_certs import make_pki
from waiting import wait_for

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_remoting.common.tls_mode import TlsMode
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig

pytestmark = pytest.mark.timeout(300)

#: how long a Java peer may run (a JVM start, its client's route and rebalance, the messages)
PEER_TIMEOUT = 120
COUNT = 10
MQADMIN = "org.apache.rocketmq.tools.command.MQAdminStartup"

#: what the Java scenarios need of our embedded broker (the real one is set up the same way): SQL92 filtering, and
#: a transaction check every second of half messages older than a second
SCENARIO_BROKER = {"enable_property_filter": True, "transaction_check_interval": 1000, "transaction_time_out": 1000}
#: and of its store: delay level 3 (a consumer's first retry) is 1 s, level 2 stays 5 s
SCENARIO_STORE = {"message_delay_level": MESSAGE_DELAY_LEVEL}

@pytest.fixture(params=["embedded", "real"])
def namesrv_addr(request: pytest.FixtureRequest) -> str:
    """The NameServer of our embedded cluster, or of the real 4.9.7 one: each test runs on both, so that what the
    Java peer does on ours is checked against what it does on Apache RocketMQ's."""
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


def java_mqadmin(anchors: Anchors, work: str, namesrv_addr: str, *argv: str) -> List[str]:
    """The output lines of Java's mqadmin ``argv`` on the cluster of ``namesrv_addr``, once it exited 0."""
    run = JavaProcess(anchors, work, "mqadmin-%s" % argv[0], MQADMIN, [*argv, "-n", namesrv_addr])
    try:
        return finish(run)
    finally:
        run.stop()


@pytest.fixture
def our_consumer(namesrv_addr: str) -> Iterator[Any]:
    made: List[DefaultMQPushConsumer] = []

    def start(topic: str) -> Collected:
        collected = Collected()
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
    got = collected.wait_for_bodies({b"java-%d" % i for i in range(COUNT)})
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
        return "\n".join(java_mqadmin(anchors, str(tmp_path), embedded_cluster.namesrv_addr, *argv))

    assert embedded_cluster.broker_addr in mqadmin("clusterList")
    assert "JavaAdminTopic" in mqadmin("topicList").split()
    rows = [line.split() for line in mqadmin("topicStatus", "-t", "JavaAdminTopic").splitlines()[1:]
            if line.strip()]
    assert sorted(int(row[1]) for row in rows) == [0, 1, 2]
    route = mqadmin("topicRoute", "-t", "JavaAdminTopic")
    assert '"readQueueNums":3' in route.replace(" ", "") and embedded_cluster.broker_addr in route


def make_topic_on(namesrv_addr: str, queues: int = 4) -> str:
    """A new topic of ``queues`` queues on the cluster of ``namesrv_addr``, its route known to the NameServer."""
    with DefaultMQProducer(unique("PyAdminPG"), namesrv_addr=namesrv_addr, instance_name=unique("py")) as producer:
        return make_topic(producer, queues)


@pytest.fixture
def scenario(namesrv_addr: str, java_peer) -> Any:
    """Run one JavaPeer scenario on a new topic; its output lines once it exited 0."""
    def run(mode: str, queues: int = 4) -> List[str]:
        return finish(java_peer(mode, namesrv_addr, make_topic_on(namesrv_addr, queues), unique("Java" + mode),
                                str(PEER_TIMEOUT - 30)))
    return run


def _got(lines: List[str]) -> List[str]:
    return [line.split(" ", 1)[1] for line in lines if line.startswith("GOT ")]


@pytest.mark.embedded_cluster(broker_config=SCENARIO_BROKER, message_store_config=SCENARIO_STORE)
def test_java_orderly_consumer(scenario) -> None:
    consumed = [tuple(map(int, line.split()[1:])) for line in scenario("orderly") if line.startswith("ORDER ")]
    assert sorted(consumed) == sorted((o, s, o) for o in range(4) for s in range(5))
    for order in range(4):
        assert [step for o, step, _ in consumed if o == order] == list(range(5))


@pytest.mark.embedded_cluster(broker_config=SCENARIO_BROKER, message_store_config=SCENARIO_STORE)
def test_java_transaction_producer_is_checked(scenario) -> None:
    lines = scenario("transaction", queues=1)  # one queue: once the sentinel came, all before it came
    assert [line for line in lines if line.startswith("SENT ")] == [
        "SENT commit-0 SEND_OK", "SENT rollback-0 SEND_OK", "SENT check-0 SEND_OK"]
    assert "CHECKED check-0" in lines
    assert sorted(set(_got(lines))) == ["check-0", "commit-0", "commit-sentinel"]


@pytest.mark.embedded_cluster(broker_config=SCENARIO_BROKER, message_store_config=SCENARIO_STORE)
def test_java_request_reply(scenario) -> None:
    replies = [line for line in scenario("request") if line.startswith("REPLY ")]
    assert len(replies) == 1 and replies[0].startswith("REPLY re: ping-"), replies


@pytest.mark.embedded_cluster(broker_config=SCENARIO_BROKER, message_store_config=SCENARIO_STORE)
def test_java_sql92_consumer(scenario) -> None:
    assert sorted(_got(scenario("sql"))) == ["sql-7", "sql-9", "sql-sentinel"]


@pytest.mark.embedded_cluster(broker_config=SCENARIO_BROKER, message_store_config=SCENARIO_STORE)
def test_java_send_forms_and_lite_pull_consumer(scenario) -> None:
    lines = scenario("forms")
    assert sorted(line for line in lines if line.startswith("SENT ")) == [
        "SENT async SEND_OK"] * 3 + ["SENT batch SEND_OK", "SENT delay SEND_OK"]
    got = dict(entry.split() for entry in _got(lines))
    expected = {"async-%d" % i for i in range(3)} | {"oneway-%d" % i for i in range(3)} | \
        {"batch-%d" % i for i in range(5)} | {"delay-0"}
    assert set(got) == expected
    assert int(got["delay-0"]) >= 4000  # delay level 2 is 5 s


@pytest.mark.embedded_cluster(broker_config=SCENARIO_BROKER, message_store_config=SCENARIO_STORE)
def test_java_consumer_retries_through_the_retry_topic(scenario) -> None:
    got = [line.split()[1:] for line in scenario("retry") if line.startswith("GOT ")]
    for i in range(3):
        deliveries = [(times, topic) for body, times, topic in got if body == "retry-%d" % i]
        # the first delivery from the topic, the second from %RETRY%<group> (Java's consumer shows the topic)
        assert [times for times, _ in deliveries[:2]] == ["0", "1"], got
        assert {topic for _, topic in deliveries} == {deliveries[0][1]}, got


@pytest.mark.embedded_cluster(broker_config=SCENARIO_BROKER, message_store_config=SCENARIO_STORE)
def test_java_broadcasting_consumers(scenario) -> None:
    got = sorted(tuple(line.split()[1:]) for line in scenario("broadcast") if line.startswith("GOT "))
    assert got == sorted((consumer, "cast-%d" % i) for consumer in ("c1", "c2") for i in range(5))


def test_java_mqadmin_changes_our_cluster(anchors: Anchors, embedded_cluster: EmbeddedCluster, tmp_path) -> None:
    """Java's admin client's write requests, answered by our broker and NameServer as a real 4.9.7 pair answers
    them (the lines a real pair makes Java's mqadmin print)."""
    broker, topic = embedded_cluster.broker_addr, "JavaAdminWrites"
    embedded_cluster.create_topic(topic, 4)

    def mqadmin(*argv: str) -> str:
        return "\n".join(java_mqadmin(anchors, str(tmp_path), embedded_cluster.namesrv_addr, *argv))

    steps = [
        (["updateSubGroup", "-b", broker, "-g", "JavaNewGroup", "-r", "3", "-d", "true"],
         "create subscription group to %s success." % broker),
        (["getConsumerConfig", "-g", "JavaNewGroup"], "consumeBroadcastEnable                  =  true"),
        (["updateTopicPerm", "-t", topic, "-c", "DefaultCluster", "-p", "4"],
         "update topic perm from 6 to 4 in %s success." % broker),
        (["updateTopicPerm", "-t", topic, "-c", "DefaultCluster", "-p", "6"],
         "update topic perm from 4 to 6 in %s success." % broker),
        (["updateOrderConf", "-t", topic, "-v", "broker-a:4", "-m", "put"],
         "update orderConf success. topic=[%s], orderConf=[broker-a:4]" % topic),
        (["updateOrderConf", "-t", topic, "-m", "get"],
         "get orderConf success. topic=[%s], orderConf=[broker-a:4]" % topic),
        (["updateOrderConf", "-t", topic, "-m", "delete"], "delete orderConf success. topic=[%s]" % topic),
        (["sendMessage", "-t", topic, "-p", "hello", "-k", "JavaKey", "-c", "JavaTag"], "SEND_OK"),
        (["queryMsgByKey", "-t", topic, "-k", "JavaKey"], "#Message ID"),
        (["updateBrokerConfig", "-b", broker, "-k", "maxMessageSize", "-v", "4000000"],
         "update broker config success, %s" % broker),
        # "OK, <the broker's topics>"
        (["wipeWritePerm", "-b", "broker-a"], "wipe write perm of broker[broker-a] in name server[%s] OK, "
         % embedded_cluster.namesrv_addr),
        (["addWritePerm", "-b", "broker-a"], "add write perm of broker[broker-a] in name server[%s] OK, "
         % embedded_cluster.namesrv_addr),
        (["deleteSubGroup", "-b", broker, "-g", "JavaNewGroup"],
         "delete subscription group [JavaNewGroup] from broker [%s] success." % broker),
    ]
    for argv, expected in steps:
        out = mqadmin(*argv)
        assert expected in out, (argv, out[-3000:])
    assert embedded_cluster.broker_controller.get_message_store_config().max_message_size == 4000000


def test_java_mqadmin_broker_status_shows_the_real_brokers_keys(anchors: Anchors, embedded_cluster: EmbeddedCluster,
                                                                  real_cluster: RealCluster, tmp_path) -> None:
    def keys(namesrv_addr: str, broker_addr: str) -> set:
        lines = java_mqadmin(anchors, str(tmp_path), namesrv_addr, "brokerStatus", "-b", broker_addr)
        # "commitLogDiskRatio_<store path>" names a path of each broker, "scheduleMessageOffset_<level>" a delay
        # level that messages used
        return {line.split()[0] for line in lines
                if line.strip() and not line.startswith(("commitLogDiskRatio_", "scheduleMessageOffset_"))}

    ours = keys(embedded_cluster.namesrv_addr, embedded_cluster.broker_addr)
    # the embedded broker has 5.3.3's timer store, and reports its keys as a 5.3.3 broker does
    timer_keys_of_5 = {"timerReadBehind", "timerOffsetBehind", "timerCongestNum", "timerEnqueueTps",
                       "timerDequeueTps"}
    assert ours == keys(real_cluster.namesrv_addr, real_cluster.broker_addr) | timer_keys_of_5


def test_java_clients_over_tls_to_our_tls_only_cluster(java_peer, tmp_path, monkeypatch) -> None:
    pki = make_pki(tmp_path / "pki")
    # our broker registers with our NameServer over TLS too, verifying it against the test CA
    for name, value in dict(tls_config_file=None, tls_test_mode_enable=False, tls_client_auth_server=True,
                            tls_client_trust_cert_path=str(pki / "ca.pem")).items():
        monkeypatch.setattr(TlsSystemConfig, name, value)
    server_tls = TlsSystemConfig(tls_mode=TlsMode.ENFORCING, tls_config_file=None, tls_test_mode_enable=False,
                                 tls_server_cert_path=str(pki / "server.pem"),
                                 tls_server_key_path=str(pki / "server.key"))
    with EmbeddedCluster(str(tmp_path / "cluster"), tls_config=server_tls) as cluster:
        topic = unique("JavaTls")
        cluster.create_topic(topic)
        # Java's client over TLS (not checking the server's certificate, its default)
        lines = finish(java_peer("produce", cluster.namesrv_addr, topic, unique("JavaTlsPG"), "5", tls=True))
        assert [line.split()[1] for line in lines if line.startswith("SENT ")] == ["SEND_OK"] * 5
        lines = finish(java_peer("consume", cluster.namesrv_addr, topic, unique("JavaTlsCG"), "5", "60", tls=True))
        assert sorted(line.split("|")[0] for line in lines if line.startswith("GOT ")) == [
            "GOT java-%d" % i for i in range(5)]
        # without TLS the name server closes the connection: the route lookup times out (Java's client waits for
        # the response until then) and the peer exits with the exception
        plain = java_peer("produce", cluster.namesrv_addr, topic, unique("JavaPlainPG"), "1")
        assert plain.process.wait(PEER_TIMEOUT) == 1, plain.output()[-3000:]
        assert "at org.apache.rocketmq.client.impl.factory.MQClientInstance.updateTopicRouteInfoFromNameServer" \
            in plain.output(), plain.output()[-3000:]


def test_java_mqadmin_reads_our_message_traces(anchors: Anchors, real_cluster: RealCluster, tmp_path) -> None:
    """Our trace records (producer and push consumer with ``enable_msg_trace``) on the real broker, decoded by
    Java's ``queryMsgTraceById``."""
    topic = unique("TracedTopic")
    producer_group, consumer_group = unique("TracePG"), unique("TraceCG")
    producer = DefaultMQProducer(producer_group, enable_msg_trace=True, namesrv_addr=real_cluster.namesrv_addr,
                                 instance_name=unique("trace"))
    collected = Collected()
    consumer = DefaultMQPushConsumer(consumer_group, enable_msg_trace=True, namesrv_addr=real_cluster.namesrv_addr,
                                     instance_name=unique("trace"),
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    with producer:
        msg_id = producer.send(Message(topic, "TagT", "KeyT", b"traced")).get_msg_id()
        consumer.subscribe(topic, "*")
        consumer.register_message_listener(collected)
        consumer.start()
        try:
            collected.wait_for_bodies({b"traced"})

            def traced() -> Optional[Dict[str, List[str]]]:
                lines = java_mqadmin(anchors, str(tmp_path), real_cluster.namesrv_addr, "queryMsgTraceById", "-i",
                                     msg_id)
                # "Pub <group> <host> <yyyy-MM-dd> <HH:mm:ss> <cost>ms <status>", and "Sub ..." for the consumer
                rows = {row[0]: row for row in (line.split() for line in lines) if row[:1] in (["Pub"], ["Sub"])}
                return rows if len(rows) == 2 else None

            # the trace dispatchers send their batches within a second or so
            rows = wait_for(traced, 90, "the Pub and Sub traces")
        finally:
            consumer.shutdown()
    assert (rows["Pub"][1], rows["Pub"][2], rows["Pub"][-1]) == (producer_group, "127.0.0.1", "success")
    assert (rows["Sub"][1], rows["Sub"][-1]) == (consumer_group, "success")
