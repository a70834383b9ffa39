"""Java ``org.apache.rocketmq.tools.command.broker.CleanUnusedTopicCommand``: ``cleanUnusedTopic``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["CleanUnusedTopicCommand"]


class CleanUnusedTopicCommand(SubCommand):
    """Ask a broker (``-b``) or every broker of a cluster (``-c``; all clusters without either) to run it now;
    prints ``success`` or ``false``."""

    def command_name(self) -> str:
        return "cleanUnusedTopic"

    def command_desc(self) -> str:
        return "Clean unused topic on broker."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerAddr", help="Broker address")
        parser.add_argument("-c", "--cluster", help="cluster name")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                result = admin.clean_unused_topic_by_addr(args.brokerAddr.strip())
            else:
                result = admin.clean_unused_topic(args.cluster.strip() if args.cluster else None)
        print("success" if result else "false")
        return 0
