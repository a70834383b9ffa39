"""Java ``org.apache.rocketmq.tools.command.acl.DeleteAccessConfigSubCommand``: ``deleteAclConfig``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.acl.update_access_config_sub_command import add_target_options, target_addrs
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["DeleteAccessConfigSubCommand"]


class DeleteAccessConfigSubCommand(SubCommand):
    """Delete an ACL account from a broker (``-b``) or from every broker of a cluster (``-c``)."""

    def command_name(self) -> str:
        return "deleteAclConfig"

    def command_desc(self) -> str:
        return "Delete Acl Config Account in broker"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_target_options(parser, "delete acl config account from")
        parser.add_argument("-a", "--accessKey", required=True, help="set accessKey in acl config file for "
                                                                     "deleting which account")

    def execute(self, args: argparse.Namespace) -> int:
        access_key = args.accessKey.strip()
        with new_admin(args.namesrv_addr) as admin:
            for addr in target_addrs(admin, args):
                admin.delete_plain_access_config(addr, access_key)
                print("delete plain access config account from %s success." % addr)
        print("account's accesskey is:%s" % access_key)
        return 0
