"""Fixtures of the command-line tests.

``cli``: ``cli(*argv)`` runs :func:`rocketmq_tools.cli.main` in this process and returns a :class:`CliResult`
(exit code, stdout, stderr); ``cli.on(cluster, *argv)`` adds ``-n`` with the cluster's name server.
``wait_until`` comes from ``tests/conftest.py``. ``body_dir``: the temporary directory queryMsgById writes
message bodies to is ``tmp_path``.
"""
from __future__ import annotations

import tempfile
from typing import List, NamedTuple

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_tools.cli import main


class CliResult(NamedTuple):
    code: int
    out: str
    err: str

    @property
    def lines(self) -> List[str]:
        return self.out.splitlines()


class Cli:
    def __init__(self, capsys: pytest.CaptureFixture) -> None:
        self.capsys = capsys

    def __call__(self, *argv: str) -> CliResult:
        self.capsys.readouterr()
        code = main(list(argv))
        out, err = self.capsys.readouterr()
        return CliResult(code, out, err)

    def on(self, cluster: EmbeddedCluster, *argv: str) -> CliResult:
        return self(*argv, "-n", cluster.namesrv_addr)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture) -> Cli:
    return Cli(capsys)


@pytest.fixture
def body_dir(tmp_path, monkeypatch) -> str:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return str(tmp_path)


