"""Java ``org.apache.rocketmq.tools.command.auth.DeleteAclSubCommand`` (5.3.3): ``deleteAcl``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.auth.create_user_sub_command import add_broker_or_cluster, broker_addrs, trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["DeleteAclSubCommand"]


class DeleteAclSubCommand(SubCommand):
    """Delete the ACL of a subject, or with ``-r`` only its entry of that resource, from a broker or every broker
    of a cluster."""

    def command_name(self) -> str:
        return "deleteAcl"

    def command_desc(self) -> str:
        return "Delete acl from cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_broker_or_cluster(parser, "delete acl from which broker", "delete acl from which cluster")
        parser.add_argument("-s", "--subject", required=True, help="the subject of acl to delete.")
        parser.add_argument("-r", "--resources", help="the resources of acl to delete")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in broker_addrs(admin, args):
                admin.delete_acl(addr, trim(args.subject), trim(args.resources))
                print("delete acl to %s success." % addr)
        return 0
