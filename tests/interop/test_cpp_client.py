"""The C++ client (``rocketmq`` 0.4.4 wheel, the one ``rocketmq-client-python`` users have) against the embedded
broker: its producer, push consumer, orderly push consumer and pull consumer, every message delivered once; and
its captured heartbeat, as sent and altered, answered by the embedded broker as by the real 4.9.7 one.

The C++ client writes heartbeat enums as ordinals (``"consumeType":1``) and header booleans as ``"0"``, which the
Java broker's fastjson accepts; these tests fail when the embedded broker does not. Each C++ client runs in a
subprocess (its library has process-wide state, and a crash must not take pytest with it) with HOME in tmp_path
(its logs go to ``~/logs``). Skipped when the wheel is not installed (it is not a project dependency: ``pip install
rocketmq==0.4.4`` on Python 3.8-3.11, Linux x86_64); the comparison with the real broker needs ``ROCKETMQ_ANCHORS``
instead (the frames are in tests/golden_data/cpp).
"""
from __future__ import annotations

import json
import os
import socket
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any, List

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand


def _cpp_client_installed() -> bool:
    try:
        import rocketmq.client as client  # noqa: F401 - the C++ wrapper, not a package of ours
    except Exception:  # noqa: BLE001 - not installed, or its shared library does not load here
        return False
    return hasattr(client, "PushConsumer") and hasattr(client, "PullConsumer")


pytestmark = pytest.mark.timeout(120)
needs_wheel = pytest.mark.skipif(not _cpp_client_installed(), reason="the rocketmq 0.4.4 wheel (C++ client) is not "
                                                                     "installed")

# the C++ side of a scenario, run as ``python -c PEER mode namesrv topic group count``; prints one JSON line
PEER = r'''
import json, sys, threading, time
from rocketmq.client import Message, Producer, PullConsumer, PushConsumer
mode, namesrv, topic, group, count = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
deadline = time.time() + 60
if mode in ("produce", "produce_orderly"):
    producer = Producer(group)
    producer.set_namesrv_addr(namesrv)
    producer.start()
    statuses = []
    for i in range(count):
        msg = Message(topic)
        msg.set_keys("K%d" % i)
        msg.set_tags("TagA")
        msg.set_body(("m-%d" % i).encode())
        if mode == "produce":
            result = producer.send_sync(msg)
        else:
            result = producer.send_orderly(msg, i % 3)
        statuses.append(int(result.status))
    producer.shutdown()
    print(json.dumps({"statuses": statuses}))
elif mode in ("push", "push_orderly"):
    received = []
    done = threading.Event()
    def on_message(msg):
        received.append([msg.body.decode(), msg.queue_id])
        if len(received) >= count:
            done.set()
    consumer = PushConsumer(group, orderly=mode == "push_orderly")
    consumer.set_namesrv_addr(namesrv)
    consumer.subscribe(topic, on_message)
    consumer.start()
    done.wait(60)
    consumer.shutdown()
    print(json.dumps({"received": received}))
else:
    consumer = PullConsumer(group)
    consumer.set_namesrv_addr(namesrv)
    consumer.start()
    received = []
    while len(received) < count and time.time() < deadline:
        received += [[m.body.decode(), m.queue_id] for m in consumer.pull(topic)]
    consumer.shutdown()
    print(json.dumps({"received": received}))
sys.stdout.flush()
'''

COUNT = 200


def _run_peer(tmp_path, *args: object) -> dict:
    env = dict(os.environ, HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", PEER] + [str(a) for a in args], env=env, capture_output=True,
                          text=True, timeout=90)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    assert proc.returncode == 0 and lines, "C++ peer %s failed (%s): %s %s" % (
        args[0], proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])
    return json.loads(lines[-1])


def _bodies(received: List[List[object]]) -> List[str]:
    return sorted(str(body) for body, _queue in received)


def _expected(count: int = COUNT) -> List[str]:
    return sorted("m-%d" % i for i in range(count))


@pytest.fixture
def cluster(tmp_path):
    with EmbeddedCluster(store_dir=str(tmp_path / "store")) as cluster:
        cluster.start()
        yield cluster


def _produce_and_consume(cluster: EmbeddedCluster, tmp_path, produce: str, consume: str, name: str) -> List[Any]:
    """COUNT messages sent by a C++ producer (``produce`` mode) to a new topic, then consumed by a C++ consumer
    (``consume`` mode); asserts every send OK and every message received once, returns the [body, queue] pairs."""
    topic = "Cpp%sTopic" % name
    cluster.create_topic(topic, 4)
    sent = _run_peer(tmp_path, produce, cluster.namesrv_addr, topic, "Cpp%sPG" % name, COUNT)
    assert sent["statuses"] == [0] * COUNT  # SendStatus.OK
    got = _run_peer(tmp_path, consume, cluster.namesrv_addr, topic, "Cpp%sCG" % name, COUNT)
    assert _bodies(got["received"]) == _expected()  # every message, none twice
    return got["received"]


@needs_wheel
def test_cpp_producer_and_push_consumer(cluster, tmp_path):
    _produce_and_consume(cluster, tmp_path, "produce", "push", "Push")


@needs_wheel
def test_cpp_orderly_consumer(cluster, tmp_path):
    received = _produce_and_consume(cluster, tmp_path, "produce_orderly", "push_orderly", "Order")
    by_queue: dict = {}
    for body, queue in received:
        by_queue.setdefault(queue, []).append(int(str(body)[2:]))
    assert len(by_queue) == 3  # the selector's three queues, each consumed in the order sent
    assert all(numbers == sorted(numbers) for numbers in by_queue.values())


@needs_wheel
def test_cpp_pull_consumer(cluster, tmp_path):
    _produce_and_consume(cluster, tmp_path, "produce", "pull", "Pull")


# ------------------------------------------------------------ the captured heartbeat: embedded and real broker

CPP_GOLDEN = Path(__file__).resolve().parents[1] / "golden_data" / "cpp"


def _captured_heartbeat() -> RemotingCommand:
    index = json.loads((CPP_GOLDEN / "index.json").read_text("utf-8"))
    entry = next(e for e in index if e["scenario"] == "push" and e["request_code_name"] == "HEART_BEAT")
    return RemotingCommand.decode((CPP_GOLDEN / entry["file"]).read_bytes()[4:])


def _consume_type_as(value: Any) -> bytes:
    body = json.loads(_captured_heartbeat().body)
    body["consumerDataSet"][0]["consumeType"] = value
    return json.dumps(body).encode()


#: heartbeat bodies and whether fastjson 1.2.69 takes them (SUCCESS) or not (SYSTEM_ERROR)
HEARTBEATS = {
    "as captured": (None, True),
    "ordinal 0": (_consume_type_as(0), True),
    "ordinal out of range": (_consume_type_as(7), False),
    "name in lower case": (_consume_type_as("consume_passively"), True),
    "unquoted and single-quoted names, extra commas": (
        b"{clientID:'cpp-lenient',,consumerDataSet:[{'groupName':'CppLenientCG',consumeType:1,messageModel:'1',"
        b"consumeFromWhere:0,subscriptionDataSet:[{topic:'CppTopic',subString:'*',subVersion:'5',},]}]}", True),
    "not JSON": (b"{clientID:", False),
}


def _ask(addr: str, body: Any) -> RemotingCommand:
    cmd = _captured_heartbeat()
    if body is not None:
        cmd.body = body
    host, port = addr.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(cmd.encode())
        data = b""
        while True:  # the broker's own requests (NOTIFY_CONSUMER_IDS_CHANGED) may come first
            while len(data) < 4 or len(data) < 4 + struct.unpack(">i", data[:4])[0]:
                chunk = sock.recv(65536)
                assert chunk, "the broker closed the connection"
                data += chunk
            end = 4 + struct.unpack(">i", data[:4])[0]
            frame, data = RemotingCommand.decode(data[4:end]), data[end:]
            if frame.flag & 1:
                return frame


@pytest.mark.parametrize("case", list(HEARTBEATS))
def test_cpp_heartbeat_answered_as_by_fastjson(cluster, case):
    body, accepted = HEARTBEATS[case]
    response = _ask(cluster.broker_addr, body)
    assert response.code == (ResponseCode.SUCCESS if accepted else ResponseCode.SYSTEM_ERROR), response.remark
    if not accepted:
        assert response.remark and "HeartbeatData" in response.remark


@pytest.mark.parametrize("case", list(HEARTBEATS))
def test_the_real_broker_answers_the_same(real_cluster, case):
    body, accepted = HEARTBEATS[case]
    response = _ask(real_cluster.broker_addr, body)
    assert response.code == (ResponseCode.SUCCESS if accepted else ResponseCode.SYSTEM_ERROR), response.remark
