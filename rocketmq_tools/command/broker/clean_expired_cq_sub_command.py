"""Java ``org.apache.rocketmq.tools.command.broker.CleanExpiredCQSubCommand``: ``cleanExpiredCQ``."""
from __future__ import annotations

import argparse

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["CleanExpiredCQSubCommand", "run_on_broker_or_cluster"]


def run_on_broker_or_cluster(args: argparse.Namespace, method: str) -> int:
    """What the three broker clean-ups share: ``<method>_by_addr`` on ``-b``, else ``<method>`` on the cluster of
    ``-c`` (every cluster without it); prints ``success`` or ``false``."""
    with new_admin(args.namesrv_addr) as admin:
        if args.brokerAddr:
            result = getattr(DefaultMQAdminExt, method + "_by_addr")(admin, args.brokerAddr.strip())
        else:
            result = getattr(DefaultMQAdminExt, method)(admin, args.cluster.strip() if args.cluster else None)
    print("success" if result else "false")
    return 0


class CleanExpiredCQSubCommand(SubCommand):
    """Ask a broker (``-b``) or every broker of a cluster (``-c``; all clusters without either) to drop the
    consume queues of expired commit-log data now."""

    def command_name(self) -> str:
        return "cleanExpiredCQ"

    def command_desc(self) -> str:
        return "Clean expired ConsumeQueue on broker."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerAddr", help="Broker address")
        parser.add_argument("-c", "--cluster", help="clustername")

    def execute(self, args: argparse.Namespace) -> int:
        return run_on_broker_or_cluster(args, "clean_expired_consumer_queue")
