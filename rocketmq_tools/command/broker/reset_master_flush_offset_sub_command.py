"""Java ``org.apache.rocketmq.tools.command.broker.ResetMasterFlushOffsetSubCommand`` (5.3.3):
``resetMasterFlushOffset``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["ResetMasterFlushOffsetSubCommand"]


class ResetMasterFlushOffsetSubCommand(SubCommand):
    """Set the master flush offset a slave (``-b``) keeps to ``-o``; a master answers SUCCESS and ignores it, as
    Java's. Both options are required here (Java declares them optional and fails without them)."""

    def command_name(self) -> str:
        return "resetMasterFlushOffset"

    def command_desc(self) -> str:
        return "Reset master flush offset in slave."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerAddr", required=True, help="which broker to reset")
        parser.add_argument("-o", "--offset", required=True, type=int, help="the offset to reset at")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            admin.reset_master_flush_offset(args.brokerAddr.strip(), args.offset)
        print("reset master flush offset to %d success" % args.offset)
        return 0
