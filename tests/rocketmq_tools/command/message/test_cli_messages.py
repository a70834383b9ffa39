"""``send``, ``consume``, ``sendMessage``, ``consumeMessage``, ``queryMsgById`` and ``queryMsgByKey`` against the
embedded cluster."""
from __future__ import annotations

import io
import json
import os
import re
import time

from rocketmq_tools.admin.api.message_track import MessageTrack
from rocketmq_tools.admin.api.track_type import TrackType
from rocketmq_tools.command.support import new_admin

SEND_HEADER = ["#Broker", "Name", "#QID", "#Send", "Result", "#MsgId"]


def _create(cli, cluster, topic, queues="4"):
    result = cli.on(cluster, "updateTopic", "-c", "DefaultCluster", "-t", topic, "-r", queues, "-w", queues)
    assert result.code == 0, result.err


def _sent_ids(result):
    rows = [line.split() for line in result.lines]
    assert rows[0] == SEND_HEADER
    assert all(row[0] == "broker-a" and row[2] == "SEND_OK" for row in rows[1:])
    return [row[3] for row in rows[1:]]


def test_send_body_with_tags_keys_properties_and_consume_as_json(cli, embedded_cluster):
    _create(cli, embedded_cluster, "SendTopic")
    sent = cli.on(embedded_cluster, "send", "-t", "SendTopic", "-p", "héllo", "-c", "TagA", "-k", "K1 K2",
                  "-P", "color=red", "-P", "size=L", "--count", "3")
    assert sent.code == 0, sent.err
    ids = _sent_ids(sent)
    assert len(ids) == 3 and len(set(ids)) == 3

    consumed = cli.on(embedded_cluster, "consume", "-t", "SendTopic", "-g", "JsonGroup", "--from", "first", "-c", "3")
    assert consumed.code == 0, consumed.err
    messages = [json.loads(line) for line in consumed.lines]
    assert sorted(m["msgId"] for m in messages) == sorted(ids)
    for m in messages:
        assert (m["topic"], m["tags"], m["keys"], m["body"]) == ("SendTopic", "TagA", "K1 K2", "héllo")
        assert m["properties"]["color"] == "red" and m["properties"]["size"] == "L"
        assert m["brokerName"] == "broker-a" and m["storeHost"] == embedded_cluster.broker_addr
        assert m["storeTimestamp"] >= m["bornTimestamp"] > 0 and m["reconsumeTimes"] == 0

    again = cli.on(embedded_cluster, "consume", "-t", "SendTopic", "-g", "JsonGroup", "--idle", "0.5")
    assert again.code == 0 and again.out == ""                 # the group's offsets moved past them


def test_send_stdin_lines_and_tag_filter(cli, embedded_cluster, monkeypatch):
    _create(cli, embedded_cluster, "StdinTopic")
    monkeypatch.setattr("sys.stdin", io.StringIO("one\n\ntwo\r\nthree"))
    sent = cli.on(embedded_cluster, "send", "-t", "StdinTopic", "-c", "TagB")
    assert sent.code == 0, sent.err
    assert len(_sent_ids(sent)) == 3
    assert cli.on(embedded_cluster, "send", "-t", "StdinTopic", "-p", "other", "-c", "TagC").code == 0
    consumed = cli.on(embedded_cluster, "consume", "-t", "StdinTopic", "-e", "TagB", "-g", "StdinGroup", "--from",
                      "first", "-c", "3", "--timeout", "20")
    assert consumed.code == 0, consumed.err
    assert sorted(json.loads(line)["body"] for line in consumed.lines) == ["one", "three", "two"]


def test_send_and_consume_argument_errors(cli, embedded_cluster):
    bad_property = cli.on(embedded_cluster, "send", "-t", "T", "-p", "x", "-P", "novalue")
    assert bad_property.code == 2 and bad_property.err.strip() == \
        "rocketmq send: bad property 'novalue': expected NAME=VALUE"
    blank = cli.on(embedded_cluster, "send", "-t", "T", "-p", "x", "-P", "size=")
    assert blank.code == 2 and "bad property 'size=': The name or value of property can not be null" in blank.err
    reserved = cli.on(embedded_cluster, "send", "-t", "T", "-p", "x", "-P", "KEYS=k")
    assert reserved.code == 2 and "The Property<KEYS> is used by system" in reserved.err
    assert cli.on(embedded_cluster, "send", "-t", "T", "-p", "x", "--count", "0").code == 2
    both = cli.on(embedded_cluster, "consume", "-t", "T", "-c", "1", "-f")
    assert both.code == 2 and "--count and --follow exclude each other" in both.err
    bad_from = cli.on(embedded_cluster, "consume", "-t", "T", "--from", "middle")
    assert bad_from.code == 2 and "invalid choice: 'middle'" in bad_from.err


def test_consume_count_not_reached_before_the_timeout(cli, embedded_cluster):
    _create(cli, embedded_cluster, "ScarceTopic", "1")
    assert cli.on(embedded_cluster, "send", "-t", "ScarceTopic", "-p", "only").code == 0
    result = cli.on(embedded_cluster, "consume", "-t", "ScarceTopic", "-g", "ScarceGroup", "--from", "first", "-c",
                    "2", "--timeout", "2")
    assert result.code == 1
    assert [json.loads(line)["body"] for line in result.lines] == ["only"]
    assert result.err.strip() == "consume: 1 of 2 messages before the timeout"


def test_send_message_to_a_queue_and_consume_message(cli, embedded_cluster):
    _create(cli, embedded_cluster, "MqadminTopic")
    sent = cli.on(embedded_cluster, "sendMessage", "-t", "MqadminTopic", "-p", "to queue 2", "-b", "broker-a",
                  "-i", "2", "-c", "TagQ", "-k", "KQ")
    assert sent.code == 0, sent.err
    assert sent.lines[0].split() == SEND_HEADER
    row = sent.lines[1].split()
    assert row[:3] == ["broker-a", "2", "SEND_OK"]
    assert re.match(r"%-32s  %-4s  %-20s    %s$" % ("broker-a", "2", "SEND_OK", row[3]), sent.lines[1])
    for i in range(3):
        assert cli.on(embedded_cluster, "sendMessage", "-t", "MqadminTopic", "-p", "any %d" % i).code == 0
    no_broker = cli.on(embedded_cluster, "sendMessage", "-t", "MqadminTopic", "-p", "x", "-i", "1")
    assert no_broker.code == 2 and "Broker name must be set if the queue is chosen!" in no_broker.err

    by_queue = cli.on(embedded_cluster, "consumeMessage", "-t", "MqadminTopic", "-b", "broker-a", "-i", "2")
    assert by_queue.code == 0, by_queue.err
    found = [line for line in by_queue.lines if line.startswith("MSGID: ")]
    assert any(line.startswith("MSGID: %s MessageExt [brokerName=broker-a, queueId=2" % row[3])
               and line.endswith(" BODY: to queue 2") for line in found)
    assert by_queue.lines[0] == "Consume ok"

    everything = cli.on(embedded_cluster, "consumeMessage", "-t", "MqadminTopic")
    assert everything.code == 0, everything.err
    bodies = sorted(line.rsplit(" BODY: ", 1)[1] for line in everything.lines if line.startswith("MSGID: "))
    assert bodies == ["any 0", "any 1", "any 2", "to queue 2"]
    limited = cli.on(embedded_cluster, "consumeMessage", "-t", "MqadminTopic", "-c", "2")
    assert len([line for line in limited.lines if line.startswith("MSGID: ")]) == 2

    offset_without_queue = cli.on(embedded_cluster, "consumeMessage", "-t", "MqadminTopic", "-o", "1")
    assert offset_without_queue.code == 2 and "Please set queueId before offset!" in offset_without_queue.err
    future = cli.on(embedded_cluster, "consumeMessage", "-t", "MqadminTopic", "-s", "99999999999999")
    assert future.code == 2 and "Please set the beginTimestamp before now!" in future.err
    bad_time = cli.on(embedded_cluster, "consumeMessage", "-t", "MqadminTopic", "-s", "yesterday")
    assert bad_time.code == 2 and "bad timestamp 'yesterday'" in bad_time.err


def test_query_msg_by_key_and_by_id(cli, embedded_cluster, body_dir):
    _create(cli, embedded_cluster, "QueryTopic")
    sent = cli.on(embedded_cluster, "send", "-t", "QueryTopic", "-p", "find me", "-k", "OrderKey-1", "-c", "TagQ",
                  "--count", "2")
    ids = _sent_ids(sent)
    by_key = cli.on(embedded_cluster, "queryMsgByKey", "-t", "QueryTopic", "-k", "OrderKey-1")
    assert by_key.code == 0, by_key.err
    assert by_key.lines[0].split() == ["#Message", "ID", "#QID", "#Offset"]
    assert sorted(line.split()[0] for line in by_key.lines[1:]) == sorted(ids)
    one = cli.on(embedded_cluster, "queryMsgByKey", "-t", "QueryTopic", "-k", "OrderKey-1", "-m", "1")
    assert one.code == 0 and len(one.lines) == 2, one.err              # 5.3.3's -m (and -b/-e) bound the query
    later = cli.on(embedded_cluster, "queryMsgByKey", "-t", "QueryTopic", "-k", "OrderKey-1", "-b",
                   str(int(time.time() * 1000) + 3600_000))
    assert later.code == 1 and "no message" in later.err
    none = cli.on(embedded_cluster, "queryMsgByKey", "-t", "QueryTopic", "-k", "NoSuchKey")
    assert none.code == 1 and "query message by key finished, but no message." in none.err

    with new_admin(embedded_cluster.namesrv_addr) as admin:
        msg = admin.view_message("QueryTopic", ids[0])
        offset_msg_id = msg.get_offset_msg_id()
    by_id = cli.on(embedded_cluster, "queryMsgById", "-i", offset_msg_id)
    assert by_id.code == 0, by_id.err
    fields = dict((line[:20].strip(), line[21:]) for line in by_id.lines if line[:20].strip().endswith(":"))
    assert fields["OffsetID:"] == offset_msg_id
    assert (fields["Topic:"], fields["Tags:"], fields["Keys:"]) == ("QueryTopic", "[TagQ]", "[OrderKey-1]")
    assert fields["Store Host:"] == embedded_cluster.broker_addr
    assert "KEYS=OrderKey-1" in fields["Properties:"] and fields["Properties:"].startswith("{")
    with open(fields["Message Body Path:"], "rb") as f:
        assert f.read() == b"find me"
    assert fields["Message Body Path:"].startswith(os.path.join(body_dir, "rocketmq", "msgbodys"))
    assert by_id.out.endswith(fields["Message Body Path:"] + "\n\n\nWARN: No Consumer")  # Java's "%n%nWARN..."
    in_topic = cli.on(embedded_cluster, "queryMsgById", "-i", offset_msg_id, "-t", "QueryTopic", "-f", "UTF-8")
    assert in_topic.code == 0, in_topic.err                            # 5.3.3's -t and -f (the body in a charset)
    assert "%-20s %s" % ("Message Body:", "find me") in in_topic.lines

    consumed = cli.on(embedded_cluster, "consume", "-t", "QueryTopic", "-g", "TrackGroup", "--from", "first", "-c",
                      "2")
    assert consumed.code == 0, consumed.err
    tracked = cli.on(embedded_cluster, "queryMsgById", "-i", offset_msg_id)
    assert tracked.lines[-1].startswith("MessageTrack [consumerGroup=TrackGroup, trackType=NOT_ONLINE, "
                                        "exceptionDesc=CODE:206 DESC:")
    # a track without an exception says null, as Java's toString
    assert str(MessageTrack(consumer_group="G", track_type=TrackType.CONSUMED)) == \
        "MessageTrack [consumerGroup=G, trackType=CONSUMED, exceptionDesc=null]"

    bad_id = cli.on(embedded_cluster, "queryMsgById", "-i", "nothex")
    assert bad_id.code == 2 and bad_id.err.count("\n") == 1 and "malformed message id 'nothex'" in bad_id.err
