"""Java ``org.apache.rocketmq.tools.command.auth.CopyUsersSubCommand`` (5.3.3): ``copyUser``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.auth.create_user_sub_command import trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, split_list

__all__ = ["CopyUsersSubCommand"]


class CopyUsersSubCommand(SubCommand):
    """Copy the users of ``-u`` (every user without it) from broker ``-f`` to broker ``-t``: created there, or
    updated where they exist."""

    def command_name(self) -> str:
        return "copyUser"

    def command_desc(self) -> str:
        return "Copy user to cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-f", "--fromBroker", required=True, help="the source broker that the users copy from")
        parser.add_argument("-t", "--toBroker", required=True, help="the target broker that the users copy to")
        parser.add_argument("-u", "--usernames", help="the username list of user to copy.")

    def execute(self, args: argparse.Namespace) -> int:
        source, target = trim(args.fromBroker), trim(args.toBroker)
        assert source is not None and target is not None
        with new_admin(args.namesrv_addr) as admin:
            usernames = split_list(args.usernames)
            if usernames:
                user_infos = [user for user in (admin.get_user(source, name) for name in usernames)
                              if user is not None]
            else:
                user_infos = admin.list_user(source, None) or []
            for user_info in user_infos:
                if admin.get_user(target, user_info.username) is None:
                    admin.create_user(target, user_info)
                else:
                    admin.update_user(target, user_info)
                print("copy user of %s from %s to %s success." % (user_info.username, source, target))
        return 0
