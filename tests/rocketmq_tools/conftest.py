"""Fixtures of the command-line tests.

``cli``: ``cli(*argv)`` runs :func:`rocketmq_tools.cli.main` in this process and returns a
:class:`tools_support.Run` (exit code, stdout, stderr); ``cli.on(cluster, *argv)`` adds ``-n`` with the cluster's
name server. ``wait_until`` comes from ``tests/conftest.py``. ``body_dir`` (autouse): the temporary directory the
commands write to (queryMsgById's ``rocketmq/msgbodys``, consumerStatus's ``rocketmq/consumerStatus``, export's
``rocketmq/export``) is each test's ``tmp_path``, never the shared system one. As a conftest without ``__init__.py``
this module puts ``tests/rocketmq_tools/`` on ``sys.path`` before the sub-directories are collected, so every
command-line test imports ``tools_support`` by module name.
"""
from __future__ import annotations

import tempfile

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_tools.cli import main
from tools_support import Run


class Cli:
    def __init__(self, capsys: pytest.CaptureFixture) -> None:
        self.capsys = capsys

    def __call__(self, *argv: str) -> Run:
        self.capsys.readouterr()
        code = main(list(argv))
        out, err = self.capsys.readouterr()
        return Run(code, out, err)

    def on(self, cluster: EmbeddedCluster, *argv: str) -> Run:
        return self(*argv, "-n", cluster.namesrv_addr)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture) -> Cli:
    return Cli(capsys)


@pytest.fixture(autouse=True)
def body_dir(tmp_path, monkeypatch) -> str:
    """In this process (``tempfile.tempdir``) and in the commands' subprocesses (``TMPDIR``)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    return str(tmp_path)


