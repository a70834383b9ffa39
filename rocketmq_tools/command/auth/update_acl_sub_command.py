"""Java ``org.apache.rocketmq.tools.command.auth.UpdateAclSubCommand`` (5.3.3): ``updateAcl``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.auth.create_acl_sub_command import add_acl_options, split_trimmed
from rocketmq_tools.command.auth.create_user_sub_command import broker_addrs, trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["UpdateAclSubCommand"]


class UpdateAclSubCommand(SubCommand):
    """Update the ACL of a subject: an entry of a resource it has takes the new actions, source IPs and decision,
    the other resources are added (a subject without an ACL gets one)."""

    def command_name(self) -> str:
        return "updateAcl"

    def command_desc(self) -> str:
        return "Update acl to cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_acl_options(parser, "update")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in broker_addrs(admin, args):
                admin.update_acl(addr, args.subject.strip(), split_trimmed(args.resources), split_trimmed(args.actions),
                                 split_trimmed(args.sourceIp), trim(args.decision))
                print("update acl to %s success." % addr)
        return 0
