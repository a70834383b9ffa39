"""The console of the ``rocketmq`` commands (subprocesses): ``rocketmq brokerStatus ... | head -5``, a reader that
closes stdout, ends the command quietly (no ``[Errno 32] Broken pipe`` line, no traceback), with the status a Unix
tool that SIGPIPE ends reports (141); the client's warnings stay off the console without ``--debug``, as Java's
mqadmin's (a tools consumer's first rebalance, a group whose consumers are gone)."""
from __future__ import annotations

import os
import subprocess
import sys


def test_closed_stdout_ends_quietly(embedded_cluster, tmp_path):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line: every write of the command fails with EPIPE
    try:
        done = subprocess.run([sys.executable, "-m", "rocketmq_tools", "brokerStatus", "-n",
                               embedded_cluster.namesrv_addr, "-b", embedded_cluster.broker_addr],
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60,
                              env=dict(os.environ, HOME=str(tmp_path)))
    finally:
        os.close(write_end)
    assert done.stderr == ""
    assert done.returncode == 141


def test_client_warnings_stay_off_the_console(embedded_cluster, tmp_path):
    def run(*argv):
        return subprocess.run([sys.executable, "-m", "rocketmq_tools", *argv, "-n", embedded_cluster.namesrv_addr],
                              capture_output=True, text=True, timeout=60, env=dict(os.environ, HOME=str(tmp_path)))

    assert run("sendMessage", "-t", "CliConsoleTopic", "-p", "hi").returncode == 0
    for argv in (("consumeMessage", "-t", "CliConsoleTopic", "-c", "1"), ("consumerProgress",)):
        done = run(*argv)
        assert done.returncode == 0 and done.stderr == "", done.stderr
