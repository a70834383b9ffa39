"""Start-up of the server commands in subprocesses: an unusable store directory and a taken port each end with one
``mqbroker: ...`` / ``mqnamesrv: ...`` line and exit code 1; a normal boot prints the one boot line, logs to
files in the log directory (never under the real home) and nothing to the console unless asked to
(``--verbose``); the in-process EmbeddedCluster writes no log file."""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import textwrap

import pytest
from broker_process_support import BOOT_RE, ServerProcess, mounted_tmpfs, server_env

NAMESRV_BOOT = "The Name Server boot success. serializeType=JSON"


def _run(tmp_path, module, *args):
    done = subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, timeout=60,
                          env=server_env(tmp_path))
    return done.returncode, done.stdout, [line for line in done.stderr.splitlines() if line.strip()]


def _assert_one_line_failure(tmp_path, prefix, *args, module="rocketmq_broker", expect=""):
    code, out, err = _run(tmp_path, module, *args)
    assert code == 1, (out, err)
    assert len(err) == 1, err
    assert err[0].startswith(prefix) and expect in err[0], err
    assert "boot success" not in out and "Traceback" not in err[0]


def test_store_directory_below_a_file(tmp_path):
    (tmp_path / "afile").write_text("x")
    _assert_one_line_failure(tmp_path, "mqbroker: the store directory", "-p", "0", "--store",
                             str(tmp_path / "afile" / "store"), expect="Not a directory")


@pytest.fixture
def read_only_dir(tmp_path):
    with mounted_tmpfs(tmp_path / "ro", "ro,size=1m") as path:
        yield path


def test_store_directory_on_a_read_only_file_system(tmp_path, read_only_dir):
    _assert_one_line_failure(tmp_path, "mqbroker: the store directory", "-p", "0", "--store",
                             str(read_only_dir / "store"), expect="Read-only file system")


@pytest.fixture
def no_permission_dir(tmp_path):
    """A directory nobody may create files in: mode 0o500, and immutable (chattr +i) when the tests run as root,
    whom the mode does not stop."""
    path = tmp_path / "locked"
    path.mkdir()
    path.chmod(0o500)
    immutable = False
    if os.geteuid() == 0:
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)], capture_output=True,
                                                             timeout=30).returncode != 0:
            path.chmod(0o700)
            pytest.skip("running as root and cannot make a directory immutable here")
        immutable = True
    try:
        yield path
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path)], capture_output=True, timeout=30)
        path.chmod(0o700)


def test_store_directory_without_permission(tmp_path, no_permission_dir):
    _assert_one_line_failure(tmp_path, "mqbroker: the store directory", "-p", "0", "--store",
                             str(no_permission_dir), expect="not permitted" if os.geteuid() == 0 else "denied")


def test_taken_port_broker_and_namesrv(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        _assert_one_line_failure(tmp_path, "mqbroker: the broker failed to start", "-p", str(port), "--store",
                                 str(tmp_path / "store"), expect="the listen port %d is already in use" % port)
        _assert_one_line_failure(tmp_path, "mqnamesrv: the Name Server failed to start", "-p", str(port),
                                 module="rocketmq_namesrv", expect="the listen port %d is already in use" % port)


def test_broker_boot_prints_one_line_and_logs_to_files(tmp_path):
    broker = ServerProcess(tmp_path, "rocketmq_broker", "-p", "0", "--store", str(tmp_path / "store"))
    try:
        broker.wait_line(BOOT_RE)
        assert broker.stop() == 0
    finally:
        broker.kill()
    assert len(broker.stdout) == 1 and BOOT_RE.search(broker.stdout[0])
    assert broker.stderr == []
    logs = tmp_path / "logs"
    assert "brokerName=broker-a" in (logs / "broker.log").read_text()
    assert "load commit log OK" in (logs / "store.log").read_text()
    assert (logs / "remoting.log").exists()
    assert not (tmp_path / "home" / "logs").exists()


def test_namesrv_boot_verbose_and_log_dir_option(tmp_path):
    logs = tmp_path / "other-logs"
    namesrv = ServerProcess(tmp_path, "rocketmq_namesrv", "-p", "0", "--verbose", "--logDir", str(logs))
    try:
        namesrv.wait_line(re.compile(re.escape(NAMESRV_BOOT)))
        assert namesrv.stop() == 0
    finally:
        namesrv.kill()
    assert namesrv.stdout[0].strip() == NAMESRV_BOOT
    assert any(" INFO " in line for line in namesrv.stderr)          # --verbose: INFO on the console
    assert all("Traceback" not in line for line in namesrv.stderr)
    assert NAMESRV_BOOT in (logs / "namesrv.log").read_text()
    assert not (tmp_path / "logs").exists()


def test_embedded_cluster_writes_no_log_file(tmp_path):
    script = textwrap.dedent("""
        import logging, sys
        from rocketmq_broker.embedded_cluster import start_embedded_cluster
        cluster = start_embedded_cluster(sys.argv[1])
        cluster.shutdown()
        assert not [h for h in logging.getLogger().handlers if isinstance(h, logging.FileHandler)]
    """)
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "cluster")], capture_output=True,
                          text=True, timeout=60, env=server_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "logs").exists() and not (tmp_path / "home" / "logs").exists()


def test_taken_port_with_a_name_server_is_one_line(tmp_path):
    """The broker that could not listen never reached its name servers: no unregisterBroker warning first."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        _assert_one_line_failure(tmp_path, "mqbroker: the broker failed to start", "-n", "127.0.0.1:9", "-p",
                                 str(port), "--store", str(tmp_path / "store"),
                                 expect="the listen port %d is already in use" % port)


def test_consumer_that_comes_and_goes_leaves_the_broker_console_quiet(tmp_path):
    """As Java's broker: a consumer's pulls, its long polls answered after it closed its connection and its
    unregistration are in broker.log / remoting.log, never on the console, and none of it is an ERROR."""
    from rocketmq_client import DefaultMQProducer, DefaultMQPushConsumer, Message
    from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
    from waiting import wait_for

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        namesrv_port = free.getsockname()[1]
    namesrv = ServerProcess(tmp_path / "n", "rocketmq_namesrv", "-p", str(namesrv_port))
    broker = None
    try:
        namesrv.wait_line(re.compile(re.escape(NAMESRV_BOOT)))
        namesrv_addr = "127.0.0.1:%d" % namesrv_port
        broker = ServerProcess(tmp_path, "rocketmq_broker", "-n", namesrv_addr, "-p", "0", "--store",
                               str(tmp_path / "store"))
        broker.wait_line(BOOT_RE)
        producer = DefaultMQProducer("quiet_console_producer", namesrv_addr=namesrv_addr)
        producer.start()
        try:
            wait_for(lambda: _sent(producer, Message("QuietConsoleTopic", b"x")), 30, "a send to the new broker")
        finally:
            producer.shutdown()
        received = []
        for round_ in range(2):  # the second consumer start meets the first one's leftovers
            consumer = DefaultMQPushConsumer("quiet_console_consumer", namesrv_addr=namesrv_addr)
            consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
            consumer.subscribe("QuietConsoleTopic", "*")
            consumer.register_message_listener(lambda msgs, context: received.extend(msgs) or None)
            consumer.start()
            if round_ == 0:
                wait_for(lambda: received, 30, "the message")
            consumer.shutdown()
        assert broker.stop() == 0
    finally:
        if broker is not None:
            broker.kill()
        namesrv.stop()
        namesrv.kill()
    assert broker.stderr == [], "".join(broker.stderr)
    assert len(broker.stdout) == 1
    logs = (tmp_path / "logs" / "broker.log").read_text() + (tmp_path / "logs" / "remoting.log").read_text()
    assert " ERROR " not in logs, logs


def _sent(producer, message) -> bool:
    try:
        producer.send(message)
    except Exception:  # noqa: BLE001 - the broker's registration has not reached the name server yet
        return False
    return True
