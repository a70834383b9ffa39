"""Java ``org.apache.rocketmq.tools.command.namesrv.AddWritePermSubCommand``: ``addWritePerm``."""
from __future__ import annotations

import argparse

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.namesrv.wipe_write_perm_sub_command import on_each_name_server
from rocketmq_tools.command.sub_command import SubCommand

__all__ = ["AddWritePermSubCommand"]


class AddWritePermSubCommand(SubCommand):
    """Give back the write permission of a broker's topics in each name server of ``-n``."""

    def command_name(self) -> str:
        return "addWritePerm"

    def command_desc(self) -> str:
        return "Add write perm of broker in all name server you defined in the -n param"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerName", required=True, help="broker name")

    def execute(self, args: argparse.Namespace) -> int:
        return on_each_name_server(args.namesrv_addr, args.brokerName.strip(), "add",
                                   DefaultMQAdminExt.add_write_perm_of_broker)
