"""The quickstart end to end from a fresh virtual environment with the package installed from a copy of the source
tree (not the tree itself, not an editable install), offline.

The copy holds the repository's files (tracked and untracked, not ignored) without tests/. The new venv has no
pip of its own: a ``.pth`` line makes this interpreter's site-packages (pip, setuptools, wheel, netifaces, ujson)
visible to it; ``.pth`` files inside that directory are not run, so the editable install of the work tree stays
invisible. ``pip install --no-deps --no-build-isolation --no-index`` builds a wheel of the copy and installs it.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _source_files() -> list:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    return [name for name in listed if not name.startswith("tests/") and (REPO / name).is_file()]


def _require_build_tools() -> None:
    missing = [name for name in ("pip", "setuptools") if importlib.util.find_spec(name) is None]
    if importlib.util.find_spec("wheel") is None:
        import setuptools
        if tuple(int(p) for p in setuptools.__version__.split(".")[:2]) < (70, 1):
            missing.append("wheel (or setuptools>=70.1)")
    if missing:
        pytest.fail("installing the package into a fresh venv needs %s in the test environment (the 'test' "
                    "extra of setup.cfg)" % ", ".join(missing))


@pytest.mark.timeout(180)
def test_quickstart_from_a_fresh_venv_install(tmp_path):
    _require_build_tools()
    source = tmp_path / "src"
    for name in _source_files():
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target)
    assert (source / "setup.cfg").exists() and not (source / "tests").exists()

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    venv_site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                    capture_output=True, text=True, check=True).stdout.strip())
    parent_sites = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (venv_site / "parent_site_packages.pth").write_text("".join(p + "\n" for p in parent_sites), encoding="utf-8")

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "NAMESRV_ADDR")}
    env.update(TMPDIR=str(tmp_path), HOME=str(tmp_path), PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    installed = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation",
                                "--no-index", str(source)], cwd=tmp_path, env=env, capture_output=True, text=True,
                               timeout=120)
    assert installed.returncode == 0, installed.stdout + installed.stderr

    where = subprocess.run([str(python), "-c", "import rocketmq_tools, rocketmq_broker; "
                                               "print(rocketmq_tools.__file__); print(rocketmq_broker.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert all(path.startswith(str(venv_site)) for path in where), where

    script = venv / "bin" / "rocketmq"
    assert script.read_text(encoding="utf-8").startswith("#!%s" % python)
    run = subprocess.run([str(script), "quickstart"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    lines = run.stdout.splitlines()
    send_results = [line for line in lines if re.match(r"SendResult \[sendStatus=SEND_OK, msgId=[0-9A-F]+, "
                                                       r"offsetMsgId=[0-9A-F]+, messageQueue=MessageQueue \[topic="
                                                       r"TopicTest, brokerName=broker-a, queueId=\d\], "
                                                       r"queueOffset=\d+, recallHandle=null\]$", line)]
    assert len(send_results) == 1000
    assert lines[-1] == "Received 1000/1000 messages"
    store = re.search(r"started \(store (.*)\)", run.stderr).group(1)
    assert store.startswith(str(tmp_path)) and not os.path.exists(store)
