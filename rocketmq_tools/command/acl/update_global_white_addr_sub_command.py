"""Java ``org.apache.rocketmq.tools.command.acl.UpdateGlobalWhiteAddrSubCommand``: ``updateGlobalWhiteAddr``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.acl.update_access_config_sub_command import add_target_options, target_addrs
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["UpdateGlobalWhiteAddrSubCommand"]


class UpdateGlobalWhiteAddrSubCommand(SubCommand):
    """Replace the global white addresses of a broker's ACL file (``-p``; the default file without it)."""

    def command_name(self) -> str:
        return "updateGlobalWhiteAddr"

    def command_desc(self) -> str:
        return "Update global white address for acl Config File in broker"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_target_options(parser, "update global white address to")
        parser.add_argument("-g", "--globalWhiteRemoteAddresses", required=True,
                            help="set globalWhiteRemoteAddress list,eg: 10.10.103.*,192.168.0.*")
        parser.add_argument("-p", "--aclFileFullPath", help="update global white address of specified acl file,eg: "
                                                            "/xxx/plain_test.yml")

    def execute(self, args: argparse.Namespace) -> int:
        addresses = args.globalWhiteRemoteAddresses.strip()
        path = args.aclFileFullPath.strip() if args.aclFileFullPath else None
        with new_admin(args.namesrv_addr) as admin:
            for addr in target_addrs(admin, args):
                admin.update_global_white_addr_config(addr, addresses, path)
                print("update global white remote addresses to %s success." % addr)
        return 0
