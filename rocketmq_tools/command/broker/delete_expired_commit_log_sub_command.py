"""Java ``org.apache.rocketmq.tools.command.broker.DeleteExpiredCommitLogSubCommand``: ``deleteExpiredCommitLog``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["DeleteExpiredCommitLogSubCommand"]


class DeleteExpiredCommitLogSubCommand(SubCommand):
    """Ask a broker (``-b``) or every broker of a cluster (``-c``; all clusters without either) to run it now;
    prints ``success`` or ``false``."""

    def command_name(self) -> str:
        return "deleteExpiredCommitLog"

    def command_desc(self) -> str:
        return "Delete expired CommitLog files"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerAddr", help="Broker address")
        parser.add_argument("-c", "--cluster", help="clustername")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                result = admin.delete_expired_commit_log_by_addr(args.brokerAddr.strip())
            else:
                result = admin.delete_expired_commit_log(args.cluster.strip() if args.cluster else None)
        print("success" if result else "false")
        return 0
