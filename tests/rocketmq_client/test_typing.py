"""Type checkers see the client's types: the packages ship py.typed, mypy finds no error in the library, and checks a
typed port of Java's quickstart and the examples with no error and reveals ``SendResult`` for ``send`` and ``int``
for ``get_send_msg_timeout()``; the generated accessor declarations are current; the port runs."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from rocketmq_remoting.common.bean_typing import TYPED_CLASSES, _load, accessor_block, current_block

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACKAGES = ["rocketmq_common", "rocketmq_remoting", "rocketmq_client", "rocketmq_namesrv", "rocketmq_broker",
            "rocketmq_tools", "rocketmq_filter", "rocketmq_acl", "rocketmq_auth"]


def test_every_package_ships_py_typed() -> None:
    for package in PACKAGES:
        assert (ROOT / package / "py.typed").is_file(), package
    assert "* = py.typed" in (ROOT / "setup.cfg").read_text(encoding="utf-8")


@pytest.mark.parametrize("spec", TYPED_CLASSES)
def test_the_generated_accessor_declarations_are_current(spec: str) -> None:
    cls, path = _load(spec)
    assert current_block(cls, path) == accessor_block(cls), (
        "run: python -m rocketmq_remoting.common.bean_typing")


def run_mypy(tmp_path: pathlib.Path, *args: str) -> "subprocess.CompletedProcess[str]":
    """mypy over ``args`` from the project root, in a process of its own: mypy raises the interpreter's recursion
    limit, which other tests must not inherit."""
    return subprocess.run([sys.executable, "-m", "mypy", *args, "--ignore-missing-imports",
                           "--cache-dir", str(tmp_path / "mypy-cache"), "--no-error-summary", "--show-error-codes"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, cwd=str(ROOT))


@pytest.mark.timeout(600)
def test_mypy_checks_the_typed_quickstart_and_the_examples(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("mypy")
    done = run_mypy(tmp_path, str(HERE / "typed_quickstart.py"), str(ROOT / "examples"), "--follow-imports=silent")
    stdout, stderr = done.stdout, done.stderr
    lines = [line for line in stdout.splitlines() if line.strip()]
    notes = [line for line in lines if ": note: Revealed type is" in line]
    errors = [line for line in lines if ": error:" in line]
    assert errors == [], "\n".join(errors) + stderr
    revealed = [line.split("Revealed type is ")[1].replace("builtins.", "") for line in notes]
    assert revealed == ['"rocketmq_client.producer.send_result.SendResult"', '"int"'], stdout


@pytest.mark.timeout(600)
def test_mypy_finds_no_error_in_the_library(tmp_path: pathlib.Path) -> None:
    mypy = pytest.importorskip("mypy.version")
    if int(mypy.__version__.split(".")[0]) < 2:
        # older releases (the last ones for Python 3.8) narrow and resolve differently
        pytest.skip("the library is kept free of errors with mypy 2 (this is %s)" % mypy.__version__)
    done = run_mypy(tmp_path, *PACKAGES)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors == [] and done.returncode == 0, "\n".join(errors) + done.stderr


@pytest.mark.timeout(120)
def test_the_typed_quickstart_runs(embedded_cluster) -> None:
    import typed_quickstart

    embedded_cluster.create_topic(typed_quickstart.TOPIC, 4)
    results = typed_quickstart.producer_main(embedded_cluster.namesrv_addr, 10)
    assert len(results) == 10
    assert typed_quickstart.consumer_main(embedded_cluster.namesrv_addr, 10, 30.0) >= 10
