"""An EmbeddedCluster a script started and never shut down (no ``with``, no ``shutdown()``) is shut down at exit,
and its temporary store removed (a subprocess with its TMPDIR under tmp_path)."""
from __future__ import annotations

import os
import subprocess
import sys


def test_unclosed_cluster_leaves_no_temp_store(tmp_path):
    temp = tmp_path / "tmp"
    temp.mkdir()
    script = ("from rocketmq_broker import EmbeddedCluster\n"
              "cluster = EmbeddedCluster().start()\n"
              "print(cluster.store_dir)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, TMPDIR=str(temp), HOME=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith(str(temp / "rocketmq-embedded-"))
    assert list(temp.iterdir()) == []
    assert done.stderr == ""
