"""``quickstart`` in this process: against the embedded_cluster fixture with ``-n`` (Java's 1000 messages), and on
its own embedded cluster (store in a temporary directory, removed afterwards)."""
from __future__ import annotations

import os
import re
import tempfile

from rocketmq_tools.command.quickstart import quickstart_command
from rocketmq_tools.command.support import new_admin

SEND_RESULT = re.compile(r"SendResult \[sendStatus=SEND_OK, msgId=[0-9A-F]{32,56}, offsetMsgId=[0-9A-F]{32,56}, "
                         r"messageQueue=MessageQueue \[topic=TopicTest, brokerName=broker-a, queueId=(\d+)\], "
                         r"queueOffset=(\d+), recallHandle=null\]$")


def test_quickstart_against_a_cluster(cli, embedded_cluster, wait_until):
    result = cli.on(embedded_cluster, "quickstart")
    assert result.code == 0, result.err
    sends = [SEND_RESULT.match(line) for line in result.lines[:1000]]
    assert all(sends), [line for line, m in zip(result.lines, sends) if not m][:3]
    offsets = {}
    for m in sends:
        offsets.setdefault(int(m.group(1)), []).append(int(m.group(2)))
    assert set(offsets) <= {0, 1, 2, 3}                          # the 4 queues of an auto-created topic
    assert all(sorted(o) == list(range(len(o))) for o in offsets.values())
    assert result.lines[1000:] == ["Consumer Started.", "Received 1000/1000 messages"]
    assert "Embedded" not in result.err
    # committed on shutdown, one-way: the broker applies the offsets after the command returned
    with new_admin(embedded_cluster.namesrv_addr) as admin:
        wait_until(lambda: sum(w.consumer_offset for w in admin.examine_consume_stats(
            quickstart_command.CONSUMER_GROUP).offset_table.values()) == 1000, message="the 1000 offsets committed")


def test_quickstart_on_its_own_embedded_cluster(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = cli("quickstart", "--count", "20", "--topic", "QuickTopic")
    assert result.code == 0, result.err
    assert len([line for line in result.lines if line.startswith("SendResult [sendStatus=SEND_OK")]) == 20
    assert result.lines[-1] == "Received 20/20 messages"
    started = re.match(r"Embedded NameServer 127\.0\.0\.1:\d+ and broker-a 127\.0\.0\.1:\d+ started \(store (.*)\)$",
                       result.err.splitlines()[0])
    assert started and started.group(1).startswith(str(tmp_path))
    assert not os.path.exists(started.group(1))                 # the temporary store is gone


def test_quickstart_fails_when_messages_do_not_arrive(cli, embedded_cluster, monkeypatch):
    monkeypatch.setattr(quickstart_command._Receiver, "__call__",
                        lambda self, msgs, context: quickstart_command.ConsumeConcurrentlyStatus.CONSUME_SUCCESS)
    result = cli.on(embedded_cluster, "quickstart", "--count", "5", "--timeout", "1")
    assert result.code == 1
    assert result.lines[-1] == "Received 0/5 messages"
    assert cli.on(embedded_cluster, "quickstart", "--count", "0").code == 2
