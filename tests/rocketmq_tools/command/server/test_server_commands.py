"""``rocketmq namesrv`` and ``rocketmq broker`` in the foreground (subprocesses of ``python -m rocketmq_tools``):
they boot, serve the admin commands and stop with exit code 0 on SIGTERM; ``--printConfigItem`` in process."""
from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import List

import pytest

LISTEN_RE = re.compile(r"The Name Server is listening on 127\.0\.0\.1:(\d+)")
BROKER_RE = re.compile(r"The broker\[broker-cli, (127\.0\.0\.1:\d+)\] boot success")


class Server:
    def __init__(self, tmp_path: Path, *args: str) -> None:
        env = dict(os.environ, HOME=str(tmp_path), PYTHONUNBUFFERED="1")
        env.pop("NAMESRV_ADDR", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "rocketmq_tools", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env, text=True)
        self.lines: "queue.Queue[str]" = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        for line in self.proc.stdout:  # type: ignore[union-attr]
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, pattern: "re.Pattern[str]", timeout: float = 30.0) -> "re.Match[str]":
        seen: List[str] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            seen.append(line)
            match = pattern.search(line)
            if match:
                return match
        raise AssertionError("no %r in %r (exit %r)" % (pattern.pattern, seen, self.proc.poll()))

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=30)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()  # type: ignore[union-attr]


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.timeout(120)
def test_namesrv_and_broker_in_the_foreground(cli, tmp_path):
    props = tmp_path / "namesrv.properties"
    props.write_text("bindAddress=127.0.0.1\nkvConfigPath=%s\n" % (tmp_path / "kv.json").as_posix(), "utf-8")
    namesrv = Server(tmp_path, "namesrv", "-c", str(props), "-p", "0")
    broker = None
    try:
        namesrv_addr = "127.0.0.1:%s" % namesrv.wait_for(LISTEN_RE).group(1)
        conf = tmp_path / "broker.conf"
        conf.write_text("brokerName=broker-cli\nlistenPort=0\nbrokerIP1=127.0.0.1\nbrokerIP2=127.0.0.1\n"
                        "storePathRootDir=%s\n" % (tmp_path / "store").as_posix(), "utf-8")
        broker = Server(tmp_path, "broker", "-n", namesrv_addr, "-c", str(conf))
        broker_addr = broker.wait_for(BROKER_RE).group(1)
        listed = cli("clusterList", "-n", namesrv_addr)
        assert listed.code == 0, listed.err
        assert listed.lines[1].split()[:4] == ["DefaultCluster", "broker-cli", "0", broker_addr]
        assert cli("send", "-n", namesrv_addr, "-t", "ServedTopic", "-p", "x").code == 0
        assert broker.stop() == 0
        assert namesrv.stop() == 0
    finally:
        namesrv.kill()
        if broker is not None:
            broker.kill()


def test_print_config_items_in_process(cli):
    namesrv = cli("namesrv", "--printConfigItem")
    assert namesrv.code == 0 and "listenPort=9876" in namesrv.lines
    broker = cli("broker", "--printConfigItem")
    assert broker.code == 0 and "brokerName=" in broker.out and "autoCreateTopicEnable=true" in broker.lines
    bad = cli("namesrv", "-p", "notaport")
    assert bad.code == 2 and "invalid int value" in bad.err
