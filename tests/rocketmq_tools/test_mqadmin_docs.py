"""docs/mqadmin.md lists every mqadmin subcommand of the command line with an example that parses, and every
admin method it names exists on DefaultMQAdminExt."""
from __future__ import annotations

import pathlib
import re
import shlex

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.cli import build_parser, sub_commands

DOC = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "mqadmin.md").read_text(encoding="utf-8")
_ROW = re.compile(r"^\| `(\w+)` \| [^|]+ \| `rocketmq ([^`]+)` \|$", re.MULTILINE)
_NOT_MQADMIN = {"quickstart", "namesrv", "broker", "send", "consume", "benchmark"}


def test_every_subcommand_has_a_line_with_an_example_that_parses():
    rows = dict(_ROW.findall(DOC))
    names = [c.command_name() for c in sub_commands() if c.command_name() not in _NOT_MQADMIN]
    assert len(names) == 94 and sorted(rows) == sorted(names)
    parser = build_parser(sub_commands())
    for name, example in rows.items():
        argv = shlex.split(example.replace("...", ""))
        assert argv[0] == name
        args, extras = parser.parse_known_args(argv + ["-n", "127.0.0.1:9876"])
        assert args.sub_command.command_name() == name and not extras, example


def test_every_documented_admin_method_exists():
    section = DOC.split("## The admin API", 1)[1]
    methods = set(re.findall(r"`([a-z_]+(?:\[_by_addr\])?)`", section))
    names = {m.replace("[_by_addr]", "") for m in methods} | {m.replace("[_by_addr]", "_by_addr") for m in methods}
    missing = sorted(n for n in names if not hasattr(DefaultMQAdminExt, n))
    assert not missing and len(names) > 60
