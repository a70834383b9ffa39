"""Java ``org.apache.rocketmq.tools.command.broker.DeleteExpiredCommitLogSubCommand``: ``deleteExpiredCommitLog``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.broker.clean_expired_cq_sub_command import run_on_broker_or_cluster
from rocketmq_tools.command.sub_command import SubCommand

__all__ = ["DeleteExpiredCommitLogSubCommand"]


class DeleteExpiredCommitLogSubCommand(SubCommand):
    """Ask a broker (``-b``) or every broker of a cluster (``-c``; all clusters without either) to delete expired
    commit-log files now."""

    def command_name(self) -> str:
        return "deleteExpiredCommitLog"

    def command_desc(self) -> str:
        return "Delete expired CommitLog files"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerAddr", help="Broker address")
        parser.add_argument("-c", "--cluster", help="clustername")

    def execute(self, args: argparse.Namespace) -> int:
        return run_on_broker_or_cluster(args, "delete_expired_commit_log")
