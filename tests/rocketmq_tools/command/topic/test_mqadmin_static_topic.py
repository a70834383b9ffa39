"""``updateStaticTopic`` / ``remappingStaticTopic`` (5.3.3): their options as Java declares them (one of ``-c`` /
``-b``, ``-t``, ``-qn`` for the update); the runs against real 5.3.3 brokers are in
tests/interop/test_static_topic5.py."""
from __future__ import annotations

import pytest

from rocketmq_tools import cli
from rocketmq_tools.cli import build_parser, sub_commands


@pytest.mark.parametrize("argv", [
    ["updateStaticTopic", "-t", "T", "-b", "broker-a"],  # no -qn
    ["updateStaticTopic", "-t", "T", "-qn", "4"],  # neither -c nor -b
    ["updateStaticTopic", "-t", "T", "-qn", "4", "-b", "broker-a", "-c", "DefaultCluster"],  # both
    ["updateStaticTopic", "-t", "T", "-qn", "four", "-b", "broker-a"],
    ["remappingStaticTopic", "-b", "broker-b"],  # no -t
])
def test_bad_arguments_exit_2(argv, capsys):
    assert cli.main(argv + ["-n", "127.0.0.1:1"]) == 2
    assert "error" in capsys.readouterr().err


def test_options():
    parser = build_parser(sub_commands())
    args = parser.parse_args(["updateStaticTopic", "-t", "T", "-qn", "4", "-c", "C1,C2", "-mf", "/tmp/plan",
                              "-fr", "true", "-n", "127.0.0.1:9876"])
    assert (args.topic, args.totalQueueNum, args.clusters, args.brokers, args.mapFile, args.forceReplace) == (
        "T", 4, "C1,C2", None, "/tmp/plan", "true")
    args = parser.parse_args(["remappingStaticTopic", "--topic", "T", "--brokers", "b1,b2", "-n", "127.0.0.1:9876"])
    assert (args.topic, args.brokers, args.clusters, args.mapFile) == ("T", "b1,b2", None, None)
