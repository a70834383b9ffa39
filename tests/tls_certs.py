"""Test certificates made at test time with the ``openssl`` command (shared by every TLS test).

``make_pki(directory)`` writes, in ``directory``: a CA (``ca.pem``/``ca.key``), a server certificate for
``localhost`` and a client certificate signed by it (``server.pem``/``server.key``, ``client.pem``/``client.key``)
and an unrelated self-signed CA (``other.pem``/``other.key``); it returns ``directory``. ``requires_openssl`` is
a skip marker for tests that need the command.
"""
from __future__ import annotations

import pathlib
import shutil
import subprocess
from typing import Union

import pytest

OPENSSL = shutil.which("openssl")
requires_openssl = pytest.mark.skipif(OPENSSL is None, reason="the openssl command is needed to make test certificates")

_EC = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")


def _openssl(*args: str, cwd: pathlib.Path) -> None:
    assert OPENSSL is not None
    subprocess.run([OPENSSL, *args], cwd=str(cwd), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _issue(directory: pathlib.Path, name: str, common_name: str) -> None:
    _openssl("req", *_EC, "-keyout", name + ".key", "-out", name + ".csr", "-subj", "/CN=" + common_name,
             cwd=directory)
    _openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
             "-out", name + ".pem", "-days", "2", cwd=directory)


def make_pki(directory: Union[str, pathlib.Path]) -> pathlib.Path:
    """Write the CA, server, client and unrelated-CA files into ``directory`` (see the module docstring)."""
    directory = pathlib.Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    _openssl("req", "-x509", *_EC, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
             "-subj", "/CN=rocketmq-py test CA", cwd=directory)
    _issue(directory, "server", "localhost")
    _issue(directory, "client", "client")
    _openssl("req", "-x509", *_EC, "-keyout", "other.key", "-out", "other.pem", "-days", "2",
             "-subj", "/CN=unrelated CA", cwd=directory)
    return directory
