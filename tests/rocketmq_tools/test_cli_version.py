"""``rocketmq --version`` / ``-V`` and top-level options without a command (issue 21), in a subprocess."""
from __future__ import annotations

import importlib.metadata
import subprocess
import sys


def _run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rocketmq_tools", *argv], capture_output=True, text=True,
                          timeout=30)


def test_version_long_and_short():
    expected = "rocketmq %s\n" % importlib.metadata.version("rocketmq-py")
    for option in ("--version", "-V"):
        done = _run(option)
        assert (done.returncode, done.stdout, done.stderr) == (0, expected, "")


def test_options_without_a_command_print_the_help():
    done = _run("--debug")
    assert done.returncode == 0 and done.stdout.startswith("usage: rocketmq") and "updateTopic" in done.stdout
    assert "Traceback" not in done.stderr
    bad = _run("--debug", "--bogus")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == "rocketmq: error: unrecognized arguments: --bogus (see rocketmq -h)\n"
