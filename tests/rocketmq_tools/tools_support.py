"""Helpers of the command-line tests (imported by module name: ``tests/rocketmq_tools/conftest.py`` puts this
directory on ``sys.path`` before the sub-directories are collected): ``mqadmin(cluster, *argv)`` runs ``python -m
rocketmq_tools`` in a subprocess with ``-n`` of the cluster and returns the exit code, stdout and stderr; a long
run interrupted after some output; an online push consumer counting what it receives; sending messages."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import tempfile
from typing import List, NamedTuple, Optional

from rocketmq_broker.embedded_cluster import EmbeddedCluster

#: the system temporary directory, read before any test points tempfile at its tmp_path
SYSTEM_TMP = tempfile.gettempdir()

#: a subcommand run is bounded (a hang fails the test, not the suite)
RUN_TIMEOUT = 45.0


class Run(NamedTuple):
    """Exit code, stdout and stderr of one command-line run (``mqadmin`` in a subprocess, ``cli`` in this
    process)."""

    code: int
    out: str
    err: str

    @property
    def lines(self) -> List[str]:
        return self.out.splitlines()

    def rows(self) -> List[List[str]]:
        return [line.split() for line in self.lines if line.strip()]


def mqadmin(cluster: Optional[EmbeddedCluster], *argv: str, timeout: float = RUN_TIMEOUT) -> Run:
    """Run one subcommand (``-n`` added when ``cluster`` is given)."""
    command = [sys.executable, "-m", "rocketmq_tools", *argv]
    if cluster is not None:
        command += ["-n", cluster.namesrv_addr]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, PYTHONUNBUFFERED="1"))
    return Run(done.returncode, done.stdout, done.stderr)


def interrupt_after_output(cluster: EmbeddedCluster, *argv: str, marker: str, timeout: float = 30.0) -> Run:
    """Start a long-running subcommand, wait until its stdout or stderr shows ``marker``, send SIGINT and return
    what it printed and its exit code. A test run that ignores SIGINT (started in the background: ``nohup``, ``&``
    without job control) would pass that on to the subcommand, which then never sees the Ctrl-C: the subcommand
    starts with SIGINT handled here, as from a terminal."""
    ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "rocketmq_tools", *argv, "-n", cluster.namesrv_addr],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                env=dict(os.environ, PYTHONUNBUFFERED="1"))
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    seen: List[str] = []
    deadline = time.monotonic() + timeout
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            seen.append(line)
            if marker in line:
                break
            if time.monotonic() > deadline:
                raise AssertionError("no %r within %.0f s: %s" % (marker, timeout, "".join(seen)))
        proc.send_signal(signal.SIGINT)
        rest, _ = proc.communicate(timeout=timeout)
        return Run(proc.returncode, "".join(seen) + rest, "")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


class OnlineConsumer:
    """A started push consumer of ``topic`` (``expression``: all tags unless given) in ``group``, from the first
    offset, counting what it receives; ``shutdown()`` when done."""

    def __init__(self, namesrv_addr: str, group: str, topic: str, expression: str = "*",
                 persist_interval: int = 1000) -> None:
        import threading

        from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
        from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
        from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
        from rocketmq_tools.command.support import unique_instance_name

        self.bodies: List[bytes] = []
        self._lock = threading.Lock()
        self._success = ConsumeConcurrentlyStatus.CONSUME_SUCCESS
        self.consumer = DefaultMQPushConsumer(group)
        self.consumer.set_namesrv_addr(namesrv_addr)
        self.consumer.set_instance_name(unique_instance_name())
        self.consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        self.consumer.subscribe(topic, expression)
        self.consumer.register_message_listener(self._on_messages)
        # offsets reach the broker within a second (Java: 5 s) unless ``persist_interval`` says otherwise
        self.consumer.set_persist_consumer_offset_interval(persist_interval)
        self.consumer.start()

    def _on_messages(self, msgs, context):
        with self._lock:
            self.bodies.extend(m.get_body() for m in msgs)
        return self._success

    def count(self) -> int:
        with self._lock:
            return len(self.bodies)

    def client_id(self) -> str:
        return self.consumer.get_default_mq_push_consumer_impl().mq_client_factory.get_client_id()

    def shutdown(self) -> None:
        self.consumer.shutdown()


def send_messages(namesrv_addr: str, topic: str, count: int, group: str = "mqadmin_test_producer",
                  body_prefix: str = "m") -> list:
    """Send ``count`` messages (bodies ``m0``, ``m1``...) with one producer; their SendResults."""
    from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
    from rocketmq_common.message.message import Message
    from rocketmq_tools.command.support import unique_instance_name

    producer = DefaultMQProducer(group)
    producer.set_namesrv_addr(namesrv_addr)
    producer.set_instance_name(unique_instance_name())
    producer.start()
    try:
        return [producer.send(Message(topic, ("%s%d" % (body_prefix, i)).encode(), tags="TagA", keys="key%d" % i))
                for i in range(count)]
    finally:
        producer.shutdown()
