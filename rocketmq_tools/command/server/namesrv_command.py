"""``namesrv``: run the embedded NameServer in the foreground, as ``python -m rocketmq_namesrv`` (its options:
``-p PORT``, ``-c FILE``, ``--printConfigItem``)."""
from __future__ import annotations

import argparse

from rocketmq_namesrv import namesrv_startup
from rocketmq_tools.command.sub_command import NAMESRV_NONE, SubCommand

__all__ = ["NamesrvCommand"]


class NamesrvCommand(SubCommand):
    """See the module docstring; every argument after ``namesrv`` goes to the NameServer start-up."""

    namesrv_option = NAMESRV_NONE

    def command_name(self) -> str:
        return "namesrv"

    def command_desc(self) -> str:
        return "Run a NameServer in the foreground (options of python -m rocketmq_namesrv)"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        """Nothing: the arguments are passed through (``server_args``)."""

    def execute(self, args: argparse.Namespace) -> int:
        return namesrv_startup.main(args.server_args)
