"""Java ``org.apache.rocketmq.tools.command.broker.CommitLogSetReadAheadSubCommand`` (5.3.3):
``setCommitLogReadAheadMode``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import each_broker_of, new_admin

__all__ = ["CommitLogSetReadAheadSubCommand"]

MADV_RANDOM = "1"
MADV_NORMAL = "0"


class CommitLogSetReadAheadSubCommand(SubCommand):
    """Set how a broker (``-b``) or every broker of a cluster (``-c``: masters, then their slaves) maps its commit
    log files: ``-m 0`` read ahead (madvise NORMAL, the default), ``-m 1`` random reads. Prints the broker's
    answer as Java does (``commitLog set readAhead mode rstStr<remark>``); another mode prints Java's error line
    (exit code 1)."""

    def command_name(self) -> str:
        return "setCommitLogReadAheadMode"

    def command_desc(self) -> str:
        return "Set read ahead mode for all commitlog files."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="set which broker")
        group.add_argument("-c", "--clusterName", help="set which cluster")
        parser.add_argument("-m", "--commitLogReadAheadMode", required=True,
                            help="set the CommitLog read ahead mode; 0 is default, 1 random read")

    def execute(self, args: argparse.Namespace) -> int:
        mode = args.commitLogReadAheadMode.strip()
        if mode not in (MADV_RANDOM, MADV_NORMAL):
            print("set the read mode error; 0 is default, 1 random read")
            return 1
        with new_admin(args.namesrv_addr) as admin:
            for heading, addr in each_broker_of(admin, args.brokerAddr and args.brokerAddr.strip(),
                                                args.clusterName and args.clusterName.strip()):
                print(" " + heading)
                print("commitLog set readAhead mode rstStr%s" % admin.set_commit_log_read_ahead_mode(addr, mode))
        return 0
