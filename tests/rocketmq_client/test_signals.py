"""Scripts that exit: client threads are daemon threads and an ``atexit`` hook shuts every started client down
(persisting offsets), so a script that raises after ``start()``, or ends without ``shutdown()``, ends; a consumer
process kept alive with ``wait_for_signal()`` ends on SIGTERM the same way."""
from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import threading
import time
from typing import List

import pytest

from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.service_thread import ServiceThread
from rocketmq_remoting.common.thread_pool import ThreadFactoryImpl

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOPIC = "ExitTopic"
GROUP = "exit_consumer_group"
MESSAGES = 8
#: the script sends, consumes every message, prints READY, then raises / ends / waits for a signal
SCRIPT = textwrap.dedent('''
    import sys, threading
    from rocketmq_client import (ConsumeConcurrentlyStatus, ConsumeFromWhere, DefaultMQProducer,
                                 DefaultMQPushConsumer, Message, wait_for_signal)

    addr, mode = sys.argv[1], sys.argv[2]
    producer = DefaultMQProducer("exit_producer_group", namesrv_addr=addr)
    producer.start()
    for i in range(%(messages)d):
        producer.send(Message("%(topic)s", "tag", b"m%%d" %% i))
    seen = set()
    done = threading.Event()

    def listener(msgs, context):
        seen.update(m.get_msg_id() for m in msgs)
        if len(seen) >= %(messages)d:
            done.set()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    # offsets are persisted every 10 minutes: only a shutdown persists them during the test
    consumer = DefaultMQPushConsumer("%(group)s", namesrv_addr=addr, persist_consumer_offset_interval=600000,
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe("%(topic)s", "*")
    consumer.register_message_listener(listener)
    consumer.start()
    assert done.wait(30), "not consumed"
    print("READY", flush=True)
    if mode == "raise":
        raise RuntimeError("the application failed after start()")
    if mode == "signal":
        print("SIGNAL", wait_for_signal(), flush=True)
''' % {"messages": MESSAGES, "topic": TOPIC, "group": GROUP})


def run_script(tmp_path: pathlib.Path, namesrv_addr: str, mode: str, signal_to_send: int = 0) -> tuple:
    script = tmp_path / "script.py"
    script.write_text(SCRIPT, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("NAMESRV_ADDR", None)
    proc = subprocess.Popen([sys.executable, str(script), namesrv_addr, mode], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, universal_newlines=True)
    stderr: List[str] = []
    reader = threading.Thread(target=lambda: stderr.append(proc.stderr.read()), daemon=True)
    reader.start()
    try:
        line = proc.stdout.readline()
        assert line.strip() == "READY", "".join(stderr) or line
        ready = time.monotonic()
        if signal_to_send:
            wait_for_handler(proc.pid, signal_to_send)
            proc.send_signal(signal_to_send)
        proc.wait(timeout=20)
        elapsed = time.monotonic() - ready
        rest = proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    reader.join(10)
    return proc.returncode, elapsed, rest, "".join(stderr)


def wait_for_handler(pid: int, signum: int, timeout: float = 10.0) -> None:
    """Wait until process ``pid`` catches ``signum`` (Linux: the SigCgt mask of /proc/<pid>/status), i.e. until
    ``wait_for_signal()`` installed its handler."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while time.monotonic() < deadline:
        with open("/proc/%d/status" % pid, encoding="ascii") as status:
            caught = next(int(line.split()[1], 16) for line in status if line.startswith("SigCgt:"))
        if caught & (1 << (signum - 1)):
            return
        pause.wait(0.02)
    pytest.fail("the script did not install a handler of signal %d" % signum)


def committed(cluster) -> int:
    manager = cluster.broker_controller.consumer_offset_manager
    return sum(max(0, manager.query_offset(GROUP, TOPIC, queue_id)) for queue_id in range(4))


@pytest.mark.timeout(90)
def test_a_script_raising_after_start_exits_and_its_offsets_are_persisted(embedded_cluster, tmp_path) -> None:
    embedded_cluster.create_topic(TOPIC, 4)
    returncode, elapsed, _, stderr = run_script(tmp_path, embedded_cluster.namesrv_addr, "raise")
    assert returncode == 1 and "the application failed after start()" in stderr
    assert elapsed < 5.0, stderr
    assert committed(embedded_cluster) == MESSAGES


@pytest.mark.timeout(90)
def test_a_script_ending_without_shutdown_exits(embedded_cluster, tmp_path) -> None:
    embedded_cluster.create_topic(TOPIC, 4)
    returncode, elapsed, _, stderr = run_script(tmp_path, embedded_cluster.namesrv_addr, "end")
    assert returncode == 0, stderr
    assert elapsed < 5.0, stderr
    assert committed(embedded_cluster) == MESSAGES


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals, /proc")
@pytest.mark.timeout(90)
def test_wait_for_signal_keeps_the_consumer_until_sigterm(embedded_cluster, tmp_path) -> None:
    embedded_cluster.create_topic(TOPIC, 4)
    returncode, elapsed, rest, stderr = run_script(tmp_path, embedded_cluster.namesrv_addr, "signal",
                                                   signal.SIGTERM)
    assert returncode == 0, stderr
    assert "SIGNAL %d" % signal.SIGTERM in rest
    assert committed(embedded_cluster) == MESSAGES


def test_shutdown_unregisters_and_the_hook_shuts_down_what_is_left(embedded_cluster) -> None:
    manager = MQClientManager.get_instance()
    kept = DefaultMQProducer("exit_hook_kept", namesrv_addr=embedded_cluster.namesrv_addr, instance_name="kept")
    closed = DefaultMQProducer("exit_hook_closed", namesrv_addr=embedded_cluster.namesrv_addr,
                               instance_name="closed")
    kept.start()
    closed.start()
    try:
        assert {id(kept), id(closed)} <= {id(c) for c in manager.get_started_clients()}
        closed.shutdown()
        assert id(closed) not in {id(c) for c in manager.get_started_clients()}
        embedded_cluster.create_topic(TOPIC, 4)
        manager.shutdown_started_clients()
        assert id(kept) not in {id(c) for c in manager.get_started_clients()}
        with pytest.raises(Exception):
            kept.send(Message(TOPIC, "tag", b"after the hook"))
    finally:
        kept.shutdown()


def test_client_threads_are_daemon_threads() -> None:
    class Idle(ServiceThread):
        def get_service_name(self) -> str:
            return "IdleService"

        def run(self) -> None:
            while not self.is_stopped():
                self.wait_for_running(1000)

    service = Idle()
    service.start()
    try:
        assert service._thread.daemon and not service.is_daemon()  # Java's flag: still joined on shutdown
    finally:
        service.shutdown()
    assert not service._thread.is_alive()
    assert ThreadFactoryImpl("Worker_").new_thread(lambda: None).daemon
