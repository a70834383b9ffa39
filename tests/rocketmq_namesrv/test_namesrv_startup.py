"""``python -m rocketmq_namesrv``: boots (boot message, ``-p 0``, ``-c`` properties), serves, and stops cleanly with
exit code 0 on SIGTERM and SIGINT."""
from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import List

import pytest
from namesrv_support import invoke, request

from rocketmq_common.protocol.body.topic_list import TopicList
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

BOOT = "The Name Server boot success. serializeType=JSON"
LISTEN_RE = re.compile(r"The Name Server is listening on 127\.0\.0\.1:(\d+)")

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")


def _start(tmp_path: Path, *args: str) -> subprocess.Popen:
    props = tmp_path / "namesrv.properties"
    props.write_text("bindAddress=127.0.0.1\nlistenPort=9876\nkvConfigPath=%s\n"
                     % (tmp_path / "kv" / "kvConfig.json").as_posix(), "utf-8")
    env = dict(os.environ, HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "rocketmq_namesrv", "-c", str(props), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)


def _read_until_listening(proc: subprocess.Popen, timeout: float = 20.0) -> List[str]:
    lines: "queue.Queue[str]" = queue.Queue()

    def pump() -> None:
        for line in proc.stdout:  # type: ignore[union-attr]
            lines.put(line.rstrip("\n"))

    threading.Thread(target=pump, daemon=True).start()
    seen: List[str] = []
    deadline = time.monotonic() + timeout
    while not any(LISTEN_RE.search(line) for line in seen):
        remaining = deadline - time.monotonic()
        if remaining <= 0 or proc.poll() is not None:
            proc.kill()
            raise AssertionError("no listening line; stdout %r, stderr %r" % (seen, proc.stderr.read()))
        try:
            seen.append(lines.get(timeout=min(remaining, 0.5)))
        except queue.Empty:
            continue
    return seen


def _serve_and_stop(tmp_path: Path, signum: int) -> None:
    proc = _start(tmp_path, "-p", "0")
    try:
        lines = _read_until_listening(proc)
        assert lines[0].startswith("load config properties file OK, ")
        assert BOOT in lines
        port = int(next(LISTEN_RE.search(line) for line in lines if LISTEN_RE.search(line)).group(1))
        assert port not in (0, 9876)
        with NettyRemotingClient() as client:
            response = invoke(client, "127.0.0.1:%d" % port, request(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER))
            assert response.code == ResponseCode.SUCCESS and TopicList.decode(response.body).topic_list == set()
        proc.send_signal(signum)
        assert proc.wait(timeout=20) == 0
        assert "The Name Server boot success" in (tmp_path / "logs" / "rocketmqlogs" / "namesrv.log").read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()


@posix_only
def test_sigterm_stops_the_name_server_with_exit_code_0(tmp_path):
    _serve_and_stop(tmp_path, signal.SIGTERM)


@posix_only
def test_ctrl_c_stops_the_name_server_with_exit_code_0(tmp_path):
    _serve_and_stop(tmp_path, signal.SIGINT)


def test_print_config_items(tmp_path):
    proc = _start(tmp_path, "--printConfigItem", "-p", "12345")
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    items = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    assert items["listenPort"] == "12345" and items["bindAddress"] == "127.0.0.1"
    assert items["productEnvName"] == "center" and items["kvConfigPath"].endswith("kvConfig.json")


def test_missing_config_file_fails_with_a_message(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "rocketmq_namesrv", "-c", str(tmp_path / "missing.properties")],
                          check=False, capture_output=True, text=True, timeout=20)
    assert proc.returncode == 1 and "missing.properties" in proc.stderr


def test_a_taken_port_fails_the_start(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        proc = _start(tmp_path, "-p", str(taken.getsockname()[1]))
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 1 and "failed to start" in err and BOOT not in out
