"""Java ``org.apache.rocketmq.tools.command.auth.CopyUsersSubCommand`` (5.3.3): ``copyUser``."""
from __future__ import annotations

import argparse
from typing import Any, Callable, List, Optional

from rocketmq_tools.command.auth.create_user_sub_command import trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, split_list

__all__ = ["CopyUsersSubCommand", "copy_between"]


def copy_between(args: argparse.Namespace, names: Optional[str], what: str,
                 read: Callable[[Any, str, str], Any], read_all: Callable[[Any, str], Optional[List[Any]]],
                 write: Callable[[Any, str, Any, bool], None], name_of: Callable[[Any], str]) -> int:
    """What copyUser and copyAcl share: the items of ``names`` (``read`` each; ``read_all`` without names) from
    ``-f`` to ``-t``, each written there (``write(admin, target, item, exists)``: an update where ``read`` finds
    it, else a creation), then ``copy <what> of <name> from <f> to <t> success.``."""
    source, target = trim(args.fromBroker), trim(args.toBroker)
    assert source is not None and target is not None
    with new_admin(args.namesrv_addr) as admin:
        wanted = split_list(names)
        if wanted:
            items = [item for item in (read(admin, source, name) for name in wanted) if item is not None]
        else:
            items = read_all(admin, source) or []
        for item in items:
            write(admin, target, item, read(admin, target, name_of(item)) is not None)
            print("copy %s of %s from %s to %s success." % (what, name_of(item), source, target))
    return 0


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
        return copy_between(args, args.usernames, "user", lambda admin, addr, name: admin.get_user(addr, name),
                            lambda admin, addr: admin.list_user(addr, None),
                            lambda admin, addr, user, exists: (admin.update_user if exists else admin.create_user)(
                                addr, user), lambda user: user.username)
