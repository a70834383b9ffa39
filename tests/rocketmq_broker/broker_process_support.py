"""``python -m rocketmq_broker`` / ``python -m rocketmq_namesrv`` in a subprocess for the robustness tests: HOME and
the log directory point into the test's temp directory (never at the real home), stdout and stderr are collected
by threads. Imported by module name (the test directory is on sys.path)."""
from __future__ import annotations

import contextlib
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Dict, Iterator, List, Optional

import pytest

BOOT_RE = re.compile(r"The broker\[(?P<name>[^,]+), (?P<addr>[0-9.]+:\d+)\] boot success\. serializeType=JSON")


def server_env(root: Path, extra: Optional[Dict[str, str]] = None) -> Dict[str, str]:
    """The environment of a server subprocess: HOME and ROCKETMQ_LOG_ROOT under ``root``."""
    env = dict(os.environ)
    (root / "home").mkdir(parents=True, exist_ok=True)
    env["HOME"] = str(root / "home")
    env["ROCKETMQ_LOG_ROOT"] = str(root / "logs")
    env.pop("rocketmq.log.root", None)
    env.update(extra or {})
    return env


class ServerProcess:
    """A server module run as ``python -m module args``; its output lines are collected."""

    def __init__(self, root: Path, module: str, *args: str, env: Optional[Dict[str, str]] = None) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", module] + list(args), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env or server_env(root))
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.stdout: List[str] = []
        self.stderr: List[str] = []
        self._threads = [threading.Thread(target=self._pump, args=(self.proc.stdout, self._out), daemon=True),
                         threading.Thread(target=self._pump, args=(self.proc.stderr, self.stderr.append),
                                          daemon=True)]
        for t in self._threads:
            t.start()

    def _out(self, line: str) -> None:
        self.stdout.append(line)
        self.lines.put(line)

    @staticmethod
    def _pump(stream, sink) -> None:
        for line in stream:
            sink(line)

    def wait_line(self, pattern: "re.Pattern[str]", timeout: float = 30.0) -> "re.Match[str]":
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError("no line matching %s; stderr:\n%s" % (
                    pattern.pattern, "".join(self.stderr[-30:]))) from None
            match = pattern.search(line)
            if match:
                return match

    def wait_exit(self, timeout: float = 30.0) -> int:
        code = self.proc.wait(timeout=timeout)
        for t in self._threads:
            t.join(5)
        return code

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.wait_exit()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        for t in self._threads:
            t.join(5)


def start_broker(root: Path, store: Path, *args: str) -> "tuple[ServerProcess, str]":
    """A broker subprocess on a free loopback port with its store in ``store``; (process, address) once booted."""
    broker = ServerProcess(root, "rocketmq_broker", "-p", "0", "--store", str(store), *args)
    try:
        match = broker.wait_line(BOOT_RE)
    except BaseException:
        broker.kill()
        raise
    return broker, match.group("addr")


@contextlib.contextmanager
def mounted_tmpfs(path: Path, options: str) -> Iterator[Path]:
    """A tmpfs mounted at ``path`` (created) with ``options`` for the block, unmounted after it; the test is skipped
    with the reason where mounting is not possible."""
    path.mkdir(exist_ok=True)
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)], capture_output=True,
                              text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as e:
        pytest.skip("cannot mount a tmpfs here: %s" % e)
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here: %s" % done.stderr.strip())
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True, timeout=30)
