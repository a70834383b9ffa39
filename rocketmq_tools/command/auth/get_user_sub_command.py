"""Java ``org.apache.rocketmq.tools.command.auth.GetUserSubCommand`` (5.3.3): ``getUser``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.auth.create_user_sub_command import add_broker_or_cluster, master_addrs, trim
from rocketmq_tools.command.auth.list_user_sub_command import print_users
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["GetUserSubCommand"]


class GetUserSubCommand(SubCommand):
    """A user of a broker, or of the first master of a cluster that has it; nothing for a user no broker has."""

    def command_name(self) -> str:
        return "getUser"

    def command_desc(self) -> str:
        return "Get user from cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_broker_or_cluster(parser, "get user for which broker", "get user for specified cluster")
        parser.add_argument("-u", "--username", help="the username of user to get")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in master_addrs(admin, args, self):
                user = admin.get_user(addr, trim(args.username))
                if user is not None:
                    print_users([user])
                    break
        return 0
