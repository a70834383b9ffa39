"""``rocketmq brokerStatus ... | head -5``: a reader that closes stdout ends the command quietly (no ``[Errno 32]
Broken pipe`` line, no traceback), with the status a Unix tool that SIGPIPE ends reports (141)."""
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
