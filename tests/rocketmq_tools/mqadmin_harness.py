"""What the mqadmin subcommand tests share: ``mqadmin(cluster, *argv)`` runs ``python -m rocketmq_tools`` in a
subprocess with ``-n`` of the cluster and returns the exit code, stdout and stderr."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import List, NamedTuple, Optional

from rocketmq_broker.embedded_cluster import EmbeddedCluster

#: a subcommand run is bounded (a hang fails the test, not the suite)
RUN_TIMEOUT = 45.0


class Run(NamedTuple):
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
    what it printed and its exit code."""
    proc = subprocess.Popen([sys.executable, "-m", "rocketmq_tools", *argv, "-n", cluster.namesrv_addr],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"))
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
