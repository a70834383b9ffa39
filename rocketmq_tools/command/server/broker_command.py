"""``broker``: run the embedded broker in the foreground, as ``python -m rocketmq_broker`` (its options:
``-n ADDR``, ``-c FILE``, ``--store DIR``, ``-p PORT``, ``--printConfigItem``)."""
from __future__ import annotations

import argparse

from rocketmq_broker import broker_startup
from rocketmq_tools.command.sub_command import NAMESRV_NONE, SubCommand

__all__ = ["BrokerCommand"]


class BrokerCommand(SubCommand):
    """See the module docstring; every argument after ``broker`` goes to the broker start-up."""

    namesrv_option = NAMESRV_NONE

    def command_name(self) -> str:
        return "broker"

    def command_desc(self) -> str:
        return "Run a Broker in the foreground (options of python -m rocketmq_broker)"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        """Nothing: the arguments are passed through (``server_args``)."""

    def execute(self, args: argparse.Namespace) -> int:
        return broker_startup.main(args.server_args)
