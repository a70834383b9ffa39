"""Java ``org.apache.rocketmq.tools.command.auth.GetAclSubCommand`` (5.3.3): ``getAcl``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.auth.create_user_sub_command import add_broker_or_cluster, master_addrs, trim
from rocketmq_tools.command.auth.list_acl_sub_command import print_acls
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["GetAclSubCommand"]


class GetAclSubCommand(SubCommand):
    """The ACL of a subject on a broker, or on each master of a cluster; nothing for a subject without one."""

    def command_name(self) -> str:
        return "getAcl"

    def command_desc(self) -> str:
        return "Get acl from cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_broker_or_cluster(parser, "get acl for which broker", "get acl for specified cluster")
        parser.add_argument("-s", "--subject", help="the subject of acl to get")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in master_addrs(admin, args, self):
                acl = admin.get_acl(addr, trim(args.subject))
                if acl is not None:
                    print_acls([acl])
        return 0
