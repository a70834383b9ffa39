"""Type checkers see the client's types: the packages ship py.typed, mypy finds no error in the library, and checks a
typed port of Java's quickstart and the examples with no error and reveals ``SendResult`` for ``send`` and ``int``
for ``get_send_msg_timeout()``; the getters of the classes a user handles are typed (no ``Any``); the port runs."""
from __future__ import annotations

import importlib
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACKAGES = ["rocketmq_common", "rocketmq_remoting", "rocketmq_client", "rocketmq_namesrv", "rocketmq_broker",
            "rocketmq_tools", "rocketmq_filter", "rocketmq_acl", "rocketmq_auth"]


def test_every_package_ships_py_typed() -> None:
    for package in PACKAGES:
        assert (ROOT / package / "py.typed").is_file(), package
    assert "* = py.typed" in (ROOT / "setup.cfg").read_text(encoding="utf-8")


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


#: classes a user handles (results, messages, queues, the admin bodies), ``module:Class``
USER_CLASSES = [
    "rocketmq_client.producer.send_result:SendResult",
    "rocketmq_client.producer.transaction_send_result:TransactionSendResult",
    "rocketmq_common.message.message_ext:MessageExt",
    "rocketmq_common.message.message_queue:MessageQueue",
    "rocketmq_client.consumer.pull_result:PullResult",
    "rocketmq_client.query_result:QueryResult",
    "rocketmq_common.admin.consume_stats:ConsumeStats",
    "rocketmq_common.admin.topic_stats_table:TopicStatsTable",
    "rocketmq_common.protocol.body.cluster_info:ClusterInfo",
    "rocketmq_common.protocol.route.topic_route_data:TopicRouteData",
    "rocketmq_common.protocol.body.consumer_connection:ConsumerConnection",
    "rocketmq_common.protocol.body.kv_table:KVTable",
]


@pytest.mark.timeout(600)
def test_mypy_reveals_the_getters_of_the_user_classes_typed(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("mypy")
    lines = ["from __future__ import annotations", ""]
    expected = []
    for i, spec in enumerate(USER_CLASSES):
        module, name = spec.split(":")
        cls = getattr(importlib.import_module(module), name)
        lines.append("from %s import %s" % (module, name))
        lines.append("def check%d(x: %s) -> None:" % (i, name))
        for prop in cls._props:
            lines.append("    reveal_type(x.get_%s())" % prop.name)
            expected.append("%s.get_%s" % (name, prop.name))
    source = tmp_path / "user_getters.py"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run_mypy(tmp_path, str(source), "--follow-imports=silent")
    notes = [line for line in done.stdout.splitlines() if ": note: Revealed type is" in line]
    assert len(notes) == len(expected) > 60, done.stdout + done.stderr
    untyped = [getter for getter, note in zip(expected, notes) if "Any" in note]
    assert untyped == [], untyped
