"""mqadmin's broker statistics, producer, consume-queue and offset subcommands in a subprocess: brokerStatus,
brokerConsumeStats, sendMsgStatus, producerConnection, producer, queryCq, cloneGroupOffset and
skipAccumulatedMessage (of an offline group and of a running consumer)."""
from __future__ import annotations

import threading

import pytest

from rocketmq_broker.embedded_cluster import start_embedded_cluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mq_version import MQVersion
from rocketmq_tools.command.support import new_admin, unique_instance_name

from tools_support import OnlineConsumer, mqadmin, send_messages


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("mqadmin-stats")))
    yield cluster
    cluster.shutdown()


def _consume_all(cluster, wait_until, group, topic, count):
    """Consume ``count`` messages of ``topic`` with ``group`` and wait until its offsets reach the broker."""
    online = OnlineConsumer(cluster.namesrv_addr, group, topic)
    try:
        wait_until(lambda: online.count() >= count, message="%d messages consumed" % count)
        offsets = cluster.broker_controller.get_consumer_offset_manager()
        wait_until(lambda: sum(max(0, offsets.query_offset(group, topic, q)) for q in range(4)) >= count,
                   message="offsets committed")
    finally:
        online.shutdown()


def test_broker_status_of_a_broker_and_of_the_cluster(cluster):
    done = mqadmin(cluster, "brokerStatus", "-b", cluster.broker_addr)
    assert done.code == 0, done.err
    table = {line.split(":", 1)[0].strip(): line.split(": ", 1)[1] for line in done.lines}
    assert table["brokerVersionDesc"] == MQVersion.get_version_desc(MQVersion.CURRENT_VERSION)
    assert list(table) == sorted(table) and done.lines[0][32:34] == ": "
    by_cluster = mqadmin(cluster, "brokerStatus", "-c", "DefaultCluster")
    assert by_cluster.code == 0 and all(line.startswith(cluster.broker_addr) for line in by_cluster.lines)
    assert len(by_cluster.lines) == len(done.lines)
    assert mqadmin(cluster, "brokerStatus").code == 2
    assert mqadmin(cluster, "brokerStatus", "-c", "NoSuchCluster").code == 1


def test_broker_consume_stats(cluster, wait_until):
    cluster.create_topic("StatsTopic", 2)
    send_messages(cluster.namesrv_addr, "StatsTopic", 4)
    _consume_all(cluster, wait_until, "StatsGroup", "StatsTopic", 4)
    send_messages(cluster.namesrv_addr, "StatsTopic", 2)
    done = mqadmin(cluster, "brokerConsumeStats", "-b", cluster.broker_addr)
    assert done.code == 0, done.err
    assert done.rows()[0] == ["#Topic", "#Group", "#Broker", "Name", "#QID", "#Broker", "Offset", "#Consumer",
                              "Offset", "#Diff", "#LastTime"]
    rows = [r for r in done.rows() if r[0] == "StatsTopic"]
    assert [(r[1], r[2], r[3]) for r in rows] == [("StatsGroup", "broker-a", "0"), ("StatsGroup", "broker-a", "1")]
    assert sum(int(r[6]) for r in rows) == 2 and all(int(r[4]) - int(r[5]) == int(r[6]) for r in rows)
    total = int(done.lines[-1].split(": ")[1])
    assert done.lines[-1].startswith("Diff Total: ") and total >= 2
    high = mqadmin(cluster, "brokerConsumeStats", "-b", cluster.broker_addr, "-l", "1000")
    assert not [r for r in high.rows() if r[0] == "StatsTopic"]
    order_only = mqadmin(cluster, "brokerConsumeStats", "-b", cluster.broker_addr, "-o", "true")
    assert order_only.code == 0 and not [r for r in order_only.rows() if r[0] == "StatsTopic"]


def test_send_msg_status(cluster):
    cluster.create_topic("broker-a", 1)                              # Java sends to the topic named as the broker
    done = mqadmin(cluster, "sendMsgStatus", "-b", "broker-a", "-c", "3", "-s", "64")
    assert done.code == 0, done.err
    assert len(done.lines) == 3
    assert all(line.startswith("rt=") and "ms, SendResult=SendResult [sendStatus=SEND_OK" in line
               for line in done.lines)


def test_producer_connection_and_producer(cluster, wait_until):
    cluster.create_topic("ProducedTopic", 1)
    producer = DefaultMQProducer("OnlineProducer")
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_instance_name(unique_instance_name())
    producer.start()
    try:
        producer.send(Message("ProducedTopic", b"x"))
        manager = cluster.broker_controller.get_producer_manager()
        wait_until(lambda: "OnlineProducer" in manager.get_group_channel_table(), message="producer heartbeat")
        done = mqadmin(cluster, "producerConnection", "-g", "OnlineProducer", "-t", "ProducedTopic")
        assert done.code == 0, done.err
        index, client_id, addr, language, version = done.rows()[0]
        assert (index, language) == ("0001", "PYTHON") and client_id == producer.build_mq_client_id()
        assert version == MQVersion.get_version_desc(MQVersion.CURRENT_VERSION) and addr.startswith("127.0.0.1:")
        listed = mqadmin(cluster, "producer", "-b", cluster.broker_addr)
        assert listed.code == 0, listed.err
        mine = [line for line in listed.lines if line.startswith("producer group (OnlineProducer) instance : ")]
        assert len(mine) == 1 and client_id in mine[0]
    finally:
        producer.shutdown()
    gone = mqadmin(cluster, "producerConnection", "-g", "NoSuchProducer", "-t", "ProducedTopic")
    assert gone.code == 1 and gone.err.count("\n") == 1


def test_query_cq(cluster):
    cluster.create_topic("CqTopic", 1)
    sent = send_messages(cluster.namesrv_addr, "CqTopic", 3)
    done = mqadmin(cluster, "queryCq", "-t", "CqTopic", "-q", "0", "-i", "1", "-c", "5")
    assert done.code == 0, done.err
    assert done.lines[:3] == ["Queue data: ", "max: 3, min: 0", "======================================"]
    entries = [line for line in done.lines if line.startswith("ConsumeQueueData{")]
    assert [line for line in done.lines if line.startswith("idx: ")] == ["idx: 1", "idx: 2"]
    with new_admin(cluster.namesrv_addr) as admin:
        second = admin.view_message(sent[1].offset_msg_id)
    assert entries[0].startswith("ConsumeQueueData{physicOffset=%d, physicSize=" % second.get_commit_log_offset())
    # Java's toString quotes the strings, null ones too
    assert entries[0].endswith(", extendDataJson='null', bitMap='null', eval=false, msg='null'}")
    with_group = mqadmin(cluster, "queryCq", "-t", "CqTopic", "-q", "0", "-i", "0", "-b", cluster.broker_addr,
                         "-g", "NobodyGroup")
    assert with_group.code == 0 and with_group.lines[:2] == ["Filter data: ", "NobodyGroup@CqTopic is not online!"]
    missing = mqadmin(cluster, "queryCq", "-t", "CqTopic", "-q", "7", "-i", "0", "-b", cluster.broker_addr)
    assert missing.code == 1 and "7@CqTopic is not exist!" in missing.err


def test_clone_group_offset_copies_the_offsets(cluster, wait_until):
    cluster.create_topic("CloneTopic", 2)
    send_messages(cluster.namesrv_addr, "CloneTopic", 5)
    _consume_all(cluster, wait_until, "CloneSrc", "CloneTopic", 5)
    done = mqadmin(cluster, "cloneGroupOffset", "-s", "CloneSrc", "-d", "CloneDest", "-t", "CloneTopic")
    assert (done.code, done.out) == (0, "clone group offset success. srcGroup[CloneSrc], destGroup=[CloneDest], "
                                        "topic[CloneTopic]\n"), done.err
    offsets = cluster.broker_controller.get_consumer_offset_manager()
    assert [offsets.query_offset("CloneDest", "CloneTopic", q) for q in (0, 1)] == \
        [offsets.query_offset("CloneSrc", "CloneTopic", q) for q in (0, 1)]
    assert sum(offsets.query_offset("CloneDest", "CloneTopic", q) for q in (0, 1)) == 5


def test_skip_accumulated_message_of_an_offline_group(cluster, wait_until):
    cluster.create_topic("SkipTopic", 1)
    send_messages(cluster.namesrv_addr, "SkipTopic", 2)
    _consume_all(cluster, wait_until, "SkipOffline", "SkipTopic", 2)
    send_messages(cluster.namesrv_addr, "SkipTopic", 3)
    # a 5.3.3 broker moves the offsets itself
    done = mqadmin(cluster, "skipAccumulatedMessage", "-g", "SkipOffline", "-t", "SkipTopic", "-c", "DefaultCluster")
    assert done.code == 0, done.err
    assert done.rows() == [["#brokerName", "#queueId", "#offset"], ["broker-a", "0", "5"]]
    offsets = cluster.broker_controller.get_consumer_offset_manager()
    assert offsets.query_offset("SkipOffline", "SkipTopic", 0) == 5
    # one that has the clients do it (useServerSideResetOffset off, a 4.x broker's way) finds none: the offsets
    # are written on the broker
    send_messages(cluster.namesrv_addr, "SkipTopic", 1)
    broker_config = cluster.broker_controller.get_broker_config()
    broker_config.use_server_side_reset_offset = False
    try:
        done = mqadmin(cluster, "skipAccumulatedMessage", "-g", "SkipOffline", "-t", "SkipTopic")
        assert offsets.query_offset("SkipOffline", "SkipTopic", 0) == 6
    finally:
        broker_config.use_server_side_reset_offset = True
    assert done.code == 0, done.err
    assert done.rows()[0] == ["#brokerName", "#queueId", "#brokerOffset", "#consumerOffset", "#timestampOffset",
                              "#rollbackOffset"]
    assert done.rows()[1] == ["broker-a", "0", "6", "5", "6", "6"]


def test_skip_accumulated_message_moves_a_running_consumer(cluster, wait_until):
    cluster.create_topic("SkipLiveTopic", 1)
    release = threading.Event()
    started = threading.Event()

    consumed = []

    def stuck(msgs, context):
        # the first messages go through (the group gets offsets on the broker), the later ones hang
        if consumed and all(m.get_body().startswith(b"late") for m in msgs):
            started.set()
            release.wait(30)
        consumed.extend(msgs)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer = DefaultMQPushConsumer("SkipLive")
    consumer.set_namesrv_addr(cluster.namesrv_addr)
    consumer.set_instance_name(unique_instance_name())
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe("SkipLiveTopic", "*")
    consumer.register_message_listener(stuck)
    consumer.start()
    try:
        send_messages(cluster.namesrv_addr, "SkipLiveTopic", 2)
        offsets = cluster.broker_controller.get_consumer_offset_manager()
        wait_until(lambda: offsets.query_offset("SkipLive", "SkipLiveTopic", 0) == 2, message="offsets committed")
        send_messages(cluster.namesrv_addr, "SkipLiveTopic", 2, body_prefix="late")
        wait_until(started.is_set, message="the consumer got the late messages")
        # a broker that has the clients reset their offsets (5.3.3's useServerSideResetOffset off: 4.x's way)
        broker_config = cluster.broker_controller.get_broker_config()
        broker_config.use_server_side_reset_offset = False
        try:
            done = mqadmin(cluster, "skipAccumulatedMessage", "-g", "SkipLive", "-t", "SkipLiveTopic")
        finally:
            broker_config.use_server_side_reset_offset = True
        assert done.code == 0, done.err
        assert done.rows() == [["#brokerName", "#queueId", "#offset"], ["broker-a", "0", "4"]]
        store = consumer.get_default_mq_push_consumer_impl().get_offset_store()
        mq = MessageQueue("SkipLiveTopic", "broker-a", 0)
        # the client pauses, waits 10 s as Java does, then takes the offsets the broker sent
        wait_until(lambda: store.read_offset(mq, ReadOffsetType.READ_FROM_MEMORY) == 4, timeout=30,
                   message="the consumer moved to the end")
    finally:
        release.set()
        consumer.shutdown()
