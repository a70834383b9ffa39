"""mqadmin's message subcommands in a subprocess: queryMsgByUniqueKey, queryMsgByOffset, printMsg,
printMsgByQueue, queryMsgTraceById and queryMsgById given a client msgId."""
from __future__ import annotations

import os

import pytest

from rocketmq_broker.embedded_cluster import start_embedded_cluster
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_tools.command.support import new_admin, unique_instance_name

from tools_support import mqadmin, send_messages

TOPIC = "MsgTopic"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("mqadmin-message")))
    cluster.create_topic(TOPIC, 2)
    yield cluster
    cluster.shutdown()


@pytest.fixture(scope="module")
def sent(cluster):
    return send_messages(cluster.namesrv_addr, TOPIC, 6)


def _labels(lines):
    return {line[:20].strip(): line[21:] for line in lines if len(line) > 21 and line[:20].strip().endswith(":")}


def test_query_msg_by_unique_key(cluster, sent, wait_until, body_dir):
    result = sent[0]
    with new_admin(cluster.namesrv_addr) as admin:
        wait_until(lambda: admin.query_message_by_uniq_key(TOPIC, result.msg_id, 32, 0, 1 << 62).get_message_list(),
                   message="the message indexed")
    done = mqadmin(cluster, "queryMsgByUniqueKey", "-t", TOPIC, "-i", result.msg_id)
    assert done.code == 0, done.err
    fields = _labels(done.lines)
    assert fields["Topic:"] == TOPIC and fields["Tags:"] == "[TagA]" and fields["Keys:"] == "[key0]"
    assert fields["Queue ID:"] == str(result.message_queue.queue_id)
    assert fields["Queue Offset:"] == str(result.queue_offset)
    with open(fields["Message Body Path:"], "rb") as f:
        assert f.read() == b"m0"
    assert fields["Message Body Path:"].startswith(os.path.join(body_dir, "rocketmq", "msgbodys"))
    assert "WARN: No Consumer" in done.out
    nothing = mqadmin(cluster, "queryMsgByUniqueKey", "-t", TOPIC, "-i", "0" * 32)
    assert nothing.code == 1 and nothing.err.count("\n") == 1
    assert mqadmin(cluster, "queryMsgByUniqueKey", "-i", result.msg_id).code == 2


def test_query_msg_by_id_points_a_client_msg_id_to_query_msg_by_unique_key(cluster, sent):
    unique_id = sent[1].msg_id
    done = mqadmin(cluster, "queryMsgById", "-i", unique_id)
    assert done.code == 1 and done.out == ""
    assert done.err == ("rocketmq queryMsgById: %s looks like a client (unique) msgId, not an offset msgId: use "
                        "queryMsgByUniqueKey -t TOPIC -i %s instead\n" % (unique_id, unique_id))
    by_offset_id = mqadmin(cluster, "queryMsgById", "-i", sent[1].offset_msg_id)
    assert by_offset_id.code == 0 and _labels(by_offset_id.lines)["OffsetID:"] == sent[1].offset_msg_id


def test_query_msg_by_offset(cluster, sent):
    result = sent[2]
    mq = result.message_queue
    done = mqadmin(cluster, "queryMsgByOffset", "-t", TOPIC, "-b", mq.broker_name, "-i", str(mq.queue_id), "-o",
                   str(result.queue_offset))
    assert done.code == 0, done.err
    fields = _labels(done.lines)
    assert fields["OffsetID:"] == result.offset_msg_id and fields["Keys:"] == "[key2]"
    past_the_end = mqadmin(cluster, "queryMsgByOffset", "-t", TOPIC, "-b", mq.broker_name, "-i",
                           str(mq.queue_id), "-o", "1000")
    assert (past_the_end.code, past_the_end.out) == (0, "")


def test_print_msg_prints_every_queue(cluster, sent):
    done = mqadmin(cluster, "printMsg", "-t", TOPIC)
    assert done.code == 0, done.err
    heads = [line for line in done.lines if line.startswith("minOffset=")]
    assert len(heads) == 2 and heads[0].startswith("minOffset=0, maxOffset=")
    bodies = sorted(line.rsplit(" BODY: ", 1)[1] for line in done.lines if line.startswith("MSGID: "))
    assert bodies == ["m%d" % i for i in range(6)]
    assert done.lines.count("--------------------------------------------------------") == 2
    hidden = mqadmin(cluster, "printMsg", "-t", TOPIC, "-d", "false", "-s", "TagB")
    assert hidden.code == 0 and not any(line.startswith("MSGID: ") for line in hidden.lines)
    past = mqadmin(cluster, "printMsg", "-t", TOPIC, "-e", "1970-01-01#00:00:01:000")
    assert past.code == 0 and not any(line.startswith("MSGID: ") for line in past.lines)
    assert [line for line in past.lines if line.startswith("minOffset=")][0].startswith("minOffset=0, maxOffset=0,")
    assert mqadmin(cluster, "printMsg", "-t", TOPIC, "-c", "NO-SUCH-CHARSET").code == 2


def test_print_msg_finds_the_route_by_an_lmq_parent_topic(cluster, sent):
    """5.3.3's ``-l``: the queues are the parent topic's (one queue here) with the topic's name."""
    cluster.create_topic("LmqParentTopic", 1)
    done = mqadmin(cluster, "printMsg", "-t", TOPIC, "-l", "LmqParentTopic")
    assert done.code == 0, done.err
    heads = [line for line in done.lines if line.startswith("minOffset=")]
    assert heads == ["minOffset=0, maxOffset=%d, MessageQueue [topic=%s, brokerName=broker-a, queueId=0]"
                     % (sum(1 for r in sent if r.message_queue.queue_id == 0), TOPIC)]
    bodies = sorted(line.rsplit(" BODY: ", 1)[1] for line in done.lines if line.startswith("MSGID: "))
    assert bodies == ["m%d" % i for i, r in enumerate(sent) if r.message_queue.queue_id == 0]


def test_print_msg_by_queue_counts_tags(cluster, sent):
    mq = sent[0].message_queue
    in_queue = [r for r in sent if r.message_queue == mq]
    done = mqadmin(cluster, "printMsgByQueue", "-t", TOPIC, "-a", mq.broker_name, "-i", str(mq.queue_id), "-f",
                   "true", "-p", "true", "-d", "true")
    assert done.code == 0, done.err
    assert sum(1 for line in done.lines if line.startswith("MSGID: ")) == len(in_queue)
    assert done.lines[-1] == "Tag: %-30s Count: %d" % ("TagA", len(in_queue))
    quiet = mqadmin(cluster, "printMsgByQueue", "-t", TOPIC, "-a", mq.broker_name, "-i", str(mq.queue_id))
    assert (quiet.code, quiet.out) == (0, "")


def test_query_msg_trace_by_id(cluster, wait_until):
    cluster.create_topic(TopicValidator.RMQ_SYS_TRACE_TOPIC, 1)
    producer = DefaultMQProducer("TracedProducer", enable_msg_trace=True)
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_instance_name(unique_instance_name())
    producer.start()
    try:
        result = producer.send(Message(TOPIC, b"traced", tags="TagT", keys="traced"))
    finally:
        producer.shutdown()                               # flushes the trace dispatcher

    def traced():
        done = mqadmin(cluster, "queryMsgTraceById", "-i", result.msg_id)
        return done if done.code == 0 and "Pub" in done.out else None
    wait_until(traced, timeout=20, message="the send trace")
    rows = traced().rows()
    assert rows[0] == ["#Type", "#ProducerGroup", "#ClientHost", "#SendTime", "#CostTimes", "#Status"]
    assert rows[1][0:2] == ["Pub", "TracedProducer"] and rows[1][-2].endswith("ms") and rows[1][-1] == "success"
    none = mqadmin(cluster, "queryMsgTraceById", "-i", "F" * 32)
    assert none.code == 1 and none.out == "" and "no message" in none.err


@pytest.mark.timeout(120)
def test_message_queries_print_the_bodies_an_lz4_or_zstd_producer_compressed(cluster, wait_until):
    """queryMsgById, queryMsgByUniqueKey, queryMsgByOffset and printMsg read a body the producer compressed
    (5.x compress types) as it was sent."""
    from rocketmq_common.compression.compression_type import CompressionType

    topic = "ZipMsgTopic"
    cluster.create_topic(topic, 1)
    bodies = {t: ("%s body " % t.name).encode() * 600 for t in (CompressionType.LZ4, CompressionType.ZSTD)}
    results = {}
    for compress_type, body in bodies.items():
        producer = DefaultMQProducer("ZipProducer_" + compress_type.name, namesrv_addr=cluster.namesrv_addr,
                                     instance_name=unique_instance_name(), compress_type=compress_type)
        producer.start()
        try:
            results[compress_type] = producer.send(Message(topic, body, tags="TagZ", keys="zip"))
        finally:
            producer.shutdown()
    for compress_type, result in results.items():
        with new_admin(cluster.namesrv_addr) as admin:
            wait_until(lambda: admin.query_message_by_uniq_key(topic, result.msg_id, 32, 0, 1 << 62)
                       .get_message_list(), message="the message indexed")
        for argv in (("queryMsgById", "-i", result.offset_msg_id),
                     ("queryMsgByUniqueKey", "-t", topic, "-i", result.msg_id),
                     ("queryMsgByOffset", "-t", topic, "-b", result.message_queue.broker_name, "-i", "0", "-o",
                      str(result.queue_offset))):
            done = mqadmin(cluster, *argv)
            assert done.code == 0, done.err
            with open(_labels(done.lines)["Message Body Path:"], "rb") as f:
                assert f.read() == bodies[compress_type], argv
    printed = mqadmin(cluster, "printMsg", "-t", topic)
    assert printed.code == 0, printed.err
    assert sorted(line.rsplit(" BODY: ", 1)[1] for line in printed.lines if line.startswith("MSGID: ")) == sorted(
        b.decode() for b in bodies.values())
