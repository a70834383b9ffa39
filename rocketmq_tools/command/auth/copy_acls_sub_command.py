"""Java ``org.apache.rocketmq.tools.command.auth.CopyAclsSubCommand`` (5.3.3): ``copyAcl``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.auth.copy_users_sub_command import copy_between
from rocketmq_tools.command.sub_command import SubCommand

__all__ = ["CopyAclsSubCommand"]


class CopyAclsSubCommand(SubCommand):
    """Copy the ACLs of the subjects of ``-s`` (every ACL without it) from broker ``-f`` to broker ``-t``: created
    there, or updated where the subject has one (the target broker must have the users)."""

    def command_name(self) -> str:
        return "copyAcl"

    def command_desc(self) -> str:
        return "Copy acl to cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-f", "--fromBroker", required=True, help="the source broker that the acls copy from")
        parser.add_argument("-t", "--toBroker", required=True, help="the target broker that the acls copy to")
        parser.add_argument("-s", "--subjects", help="the subject list of acl to copy.")

    def execute(self, args: argparse.Namespace) -> int:
        return copy_between(args, args.subjects, "acl", lambda admin, addr, subject: admin.get_acl(addr, subject),
                            lambda admin, addr: admin.list_acl(addr, None, None),
                            lambda admin, addr, acl, exists: (admin.update_acl if exists else admin.create_acl)(
                                addr, acl), lambda acl: acl.subject)
