"""Java ``org.apache.rocketmq.tools.command.auth.UpdateUserSubCommand`` (5.3.3): ``updateUser``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.auth.create_user_sub_command import add_broker_or_cluster, broker_addrs, trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["UpdateUserSubCommand"]


class UpdateUserSubCommand(SubCommand):
    """Change one thing of a user (``-p`` password, ``-t`` type or ``-s`` status: one of them, as Java's option
    group) on a broker or on every broker of a cluster."""

    def command_name(self) -> str:
        return "updateUser"

    def command_desc(self) -> str:
        return "Update user to cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_broker_or_cluster(parser, "update user to which broker", "update user to which cluster")
        parser.add_argument("-u", "--username", required=True, help="the username of user to update.")
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-p", "--password", help="the password of user to update")
        group.add_argument("-t", "--userType", help="the userType of user to update")
        group.add_argument("-s", "--userStatus", help="the userStatus of user to update")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in broker_addrs(admin, args):
                admin.update_user(addr, args.username.strip(), trim(args.password), trim(args.userType),
                                  trim(args.userStatus))
                print("update user to %s success." % addr)
        return 0
