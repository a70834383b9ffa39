"""Java ``org.apache.rocketmq.tools.command.auth.DeleteUserSubCommand`` (5.3.3): ``deleteUser``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.auth.create_user_sub_command import add_broker_or_cluster, broker_addrs, trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["DeleteUserSubCommand"]


class DeleteUserSubCommand(SubCommand):
    """Delete a user (and its ACL) from a broker or from every broker of a cluster; a user the broker does not
    have is no error."""

    def command_name(self) -> str:
        return "deleteUser"

    def command_desc(self) -> str:
        return "Delete user from cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_broker_or_cluster(parser, "delete user from which broker", "delete acl from which cluster")
        parser.add_argument("-u", "--username", required=True, help="the username of user to delete.")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in broker_addrs(admin, args):
                admin.delete_user(addr, trim(args.username))
                print("delete user to %s success." % addr)
        return 0
