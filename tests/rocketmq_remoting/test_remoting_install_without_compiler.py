"""The package installs without a C compiler: into a fresh venv of the newest Python found, with ``CC=false``, its
dependencies (netifaces-plus, ujson, and lz4 and zstandard for LZ4 and ZSTD message bodies) come as wheels from
the configured index; and without any netifaces the local address still comes from the standard-library probe."""
from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys
import textwrap

import pytest

from rocketmq_remoting.common import remoting_util
from rocketmq_remoting.common.remoting_util import RemotingUtil, StdlibInterfaces

REPO = pathlib.Path(__file__).resolve().parents[2]


def _newest_python() -> str:
    """The newest CPython 3.8+ runnable here: on PATH, or a pyenv version not enabled on PATH."""
    candidates = []
    for minor in range(20, 7, -1):
        name = "python3.%d" % minor
        candidates.append(shutil.which(name))
        candidates.extend(str(p) for p in sorted((pathlib.Path.home() / ".pyenv" / "versions").glob(
            "3.%d.*/bin/%s" % (minor, name))))
    for candidate in filter(None, candidates):
        probe = subprocess.run([candidate, "-c", "import sys, venv; print(sys.version_info[1])"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        if probe.returncode == 0:
            return candidate
    return sys.executable


def _source_copy(target: pathlib.Path) -> pathlib.Path:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=str(REPO),
                            stdout=subprocess.PIPE, universal_newlines=True, check=True).stdout.splitlines()
    for name in listed:
        if not name.startswith("tests/") and (REPO / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(str(REPO / name), str(target / name))
    return target


@pytest.mark.timeout(600)
def test_install_into_a_fresh_venv_of_the_newest_python_without_a_compiler(tmp_path: pathlib.Path) -> None:
    python = _newest_python()
    venv = tmp_path / "venv"
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    venv_python = str(venv / ("Scripts" if os.name == "nt" else "bin") / "python")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "NAMESRV_ADDR")}
    env.update(CC="false", CXX="false", PIP_DISABLE_PIP_VERSION_CHECK="1")
    # the configured index must answer, else there is nothing to test here
    reachable = subprocess.run([venv_python, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d",
                                str(tmp_path / "probe"), "netifaces-plus"], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, universal_newlines=True)
    if reachable.returncode != 0:
        pytest.skip("no package index reachable: %s" % reachable.stdout.strip().splitlines()[-1:])
    source = _source_copy(tmp_path / "src")
    install = subprocess.run([venv_python, "-m", "pip", "install", str(source)], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, universal_newlines=True, timeout=540)
    assert install.returncode == 0, install.stdout[-4000:]
    check = textwrap.dedent('''
        import importlib.metadata as metadata, sys
        import netifaces, rocketmq_client
        from rocketmq_common.compression.compression_type import CompressionType
        from rocketmq_common.compression.compressor_factory import CompressorFactory
        from rocketmq_remoting.common.remoting_util import RemotingUtil
        assert metadata.version("rocketmq-py") == rocketmq_client.__version__
        assert metadata.version("netifaces-plus")
        assert RemotingUtil.get_local_address()
        for type_ in CompressionType:  # the codec packages came as wheels and work
            compressor = CompressorFactory.get_compressor(type_)
            assert compressor.decompress(compressor.compress(b"body " * 1000, 5)) == b"body " * 1000
        print("python %d.%d ok" % sys.version_info[:2])
    ''')
    checked = subprocess.run([venv_python, "-c", check], cwd=str(tmp_path), env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, universal_newlines=True)
    assert checked.returncode == 0, checked.stdout
    assert re.fullmatch(r"python 3\.\d+ ok", checked.stdout.strip())


def test_without_netifaces_the_standard_library_probe_finds_the_addresses() -> None:
    """A fresh interpreter where ``import netifaces`` fails still gets a client IP; on Linux the probe finds the
    interfaces and the primary IPv4 addresses netifaces finds."""
    script = textwrap.dedent('''
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == "netifaces":
                    raise ImportError("no netifaces here")
        sys.meta_path.insert(0, Block())
        from rocketmq_remoting.common import remoting_util
        from rocketmq_client.client_config import ClientConfig
        assert remoting_util.netifaces is None
        print(ClientConfig().get_client_ip())
    ''')
    completed = subprocess.run([sys.executable, "-c", script], cwd=str(REPO), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, universal_newlines=True, timeout=50)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() and completed.stdout.strip() != "None"
    if sys.platform.startswith("linux") and remoting_util.netifaces is not None:
        assert completed.stdout.strip() == RemotingUtil.get_local_address()


@pytest.mark.skipif(not sys.platform.startswith("linux") or remoting_util.netifaces is None,
                    reason="compares with netifaces on Linux")
def test_the_linux_probe_agrees_with_netifaces(monkeypatch) -> None:
    real = set(RemotingUtil.get_java_ordered_addresses())
    monkeypatch.setattr(remoting_util, "netifaces", None)
    probed = RemotingUtil.get_java_ordered_addresses()
    names = {name for name, _ in real}
    assert {name for name, _ in probed} <= names and ("lo", remoting_util.ipaddress.ip_address("127.0.0.1")) in probed
    assert {(n, a) for n, a in probed if a.version == 4} <= real


def test_the_portable_probe_returns_netifaces_shaped_addresses() -> None:
    probe = StdlibInterfaces()
    addresses = probe.ifaddresses(StdlibInterfaces.DEFAULT_INTERFACE)
    assert set(addresses) <= {StdlibInterfaces.AF_INET, StdlibInterfaces.AF_INET6}
    for entries in addresses.values():
        assert all(isinstance(entry["addr"], str) for entry in entries)
