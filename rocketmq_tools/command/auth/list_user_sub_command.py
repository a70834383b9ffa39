"""Java ``org.apache.rocketmq.tools.command.auth.ListUserSubCommand`` (5.3.3): ``listUser``."""
from __future__ import annotations

import argparse
from typing import List

from rocketmq_common.protocol.body.user_info import UserInfo
from rocketmq_remoting.common.bean import java_string
from rocketmq_tools.command.auth.create_user_sub_command import add_broker_or_cluster, master_addrs, trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["ListUserSubCommand", "print_users"]

#: Java's ``FORMAT`` of ``ListUserSubCommand`` and ``GetUserSubCommand``
FORMAT = "%-16s  %-22s  %-22s  %-22s"


def print_users(users: List[UserInfo]) -> None:
    """Java ``printUsers``: a header line, then a line per user (null for what it lacks)."""
    print(FORMAT % ("#UserName", "#Password", "#UserType", "#UserStatus"))
    for user in users:
        print(FORMAT % tuple(java_string(value) for value in (user.username, user.password, user.user_type,
                                                              user.user_status)))


class ListUserSubCommand(SubCommand):
    """The users of a broker whose name contains ``-f``; with ``-c`` those of the first master that has any,
    then ``get user from <addr> success.``."""

    def command_name(self) -> str:
        return "listUser"

    def command_desc(self) -> str:
        return "List user from cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_broker_or_cluster(parser, "list user for which broker", "list user for specified cluster")
        parser.add_argument("-f", "--filter", help="the filter to list users")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in master_addrs(admin, args, self):
                users = admin.list_user(addr, trim(args.filter))
                if users:
                    print_users(users)
                    if args.clusterName is not None:
                        print("get user from %s success." % addr)
                        break
        return 0
