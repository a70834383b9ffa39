"""Java ``org.apache.rocketmq.tools.command.producer.ProducerSubCommand``: ``producer``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["ProducerSubCommand"]


class ProducerSubCommand(SubCommand):
    """Every producer instance connected to a broker, group by group."""

    def command_name(self) -> str:
        return "producer"

    def command_desc(self) -> str:
        return "Query producer's instances, connection, status, etc."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--broker", required=True, help="broker address")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            info = admin.get_all_producer_info(args.broker.strip())
        for group, producers in sorted((info.data or {}).items()):
            if not producers:
                print("producer group (%s) instances are empty" % group)
                continue
            for producer in producers:
                print("producer group (%s) instance : %s" % (group, producer))
        return 0
