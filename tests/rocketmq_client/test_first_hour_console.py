"""What a user's script sees on stderr when it configured no logging (a subprocess, its TMPDIR and HOME under
tmp_path): a listener that raises is reported once per failure, with its traceback (Python's last-resort handler
shows the client's warnings); the first send to an auto-created topic and the consumer's start are silent (their
expected conditions are INFO); the in-process EmbeddedCluster adds nothing; and a cluster the script never shut
down leaves no ``rocketmq-embedded-*`` directory behind."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.timeout(90)

SCRIPT = textwrap.dedent("""
    import sys
    import threading
    import time
    from rocketmq_broker import EmbeddedCluster
    from rocketmq_client import DefaultMQProducer, DefaultMQPushConsumer, Message
    from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere

    cluster = EmbeddedCluster().start()  # neither with nor shutdown(): the atexit hook cleans up
    producer = DefaultMQProducer("first_hour_producer")
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.start()
    producer.send(Message("FirstHourTopic", b"hello"))  # the topic is auto-created by this send
    calls = []

    def listener(msgs, context):
        calls.append(len(msgs))
        raise ValueError("a bad message")

    consumer = DefaultMQPushConsumer("first_hour_consumer")
    consumer.set_namesrv_addr(cluster.namesrv_addr)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe("FirstHourTopic", "*")
    consumer.register_message_listener(listener)
    consumer.start()
    sys.stdin.readline()  # the test saw the listener's failure on stderr
    # the failed message is sent back to the broker before the consumer shuts down
    table = consumer.default_mq_push_consumer_impl.rebalance_impl.process_queue_table
    deadline = time.monotonic() + 20
    while any(pq.get_msg_count().get() for pq in list(table.values())) and time.monotonic() < deadline:
        threading.Event().wait(0.05)
    consumer.shutdown()
    producer.shutdown()
    print("calls", len(calls))
""")


def test_a_script_without_logging_configuration(tmp_path):
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = dict(os.environ, TMPDIR=str(temp), HOME=str(tmp_path / "home"), PYTHONUNBUFFERED="1")
    process = subprocess.Popen([sys.executable, "-c", SCRIPT], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        lines = []
        for line in process.stderr:  # the deadline is the test's timeout
            lines.append(line)
            if line.startswith("ValueError: a bad message"):  # the traceback's last line
                break
        process.stdin.write("\n")
        process.stdin.close()
        out = process.stdout.read()
        err = "".join(lines) + process.stderr.read()
        assert process.wait(30) == 0, err
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    calls = int(out.split()[-1])
    assert calls >= 1
    reports = [line for line in err.splitlines() if "consumeMessage exception" in line]
    assert len(reports) == calls, err  # once per failure
    assert "ValueError: a bad message" in reports[0]
    assert err.count("Traceback (most recent call last)") == calls, err  # the user's exception only
    other = [line for line in err.splitlines() if line and "consumeMessage exception" not in line
             and not line.startswith((" ", "Traceback", "ValueError"))]
    assert other == [], err  # no route-info warning, no subscription-not-latest, nothing of the servers
    assert [p.name for p in temp.iterdir() if p.name.startswith("rocketmq-embedded-")] == []
