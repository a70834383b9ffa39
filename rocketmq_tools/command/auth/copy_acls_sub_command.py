"""Java ``org.apache.rocketmq.tools.command.auth.CopyAclsSubCommand`` (5.3.3): ``copyAcl``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.auth.create_user_sub_command import trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, split_list

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
        source, target = trim(args.fromBroker), trim(args.toBroker)
        assert source is not None and target is not None
        with new_admin(args.namesrv_addr) as admin:
            subjects = split_list(args.subjects)
            if subjects:
                acl_infos = [acl for acl in (admin.get_acl(source, subject) for subject in subjects)
                             if acl is not None]
            else:
                acl_infos = admin.list_acl(source, None, None) or []
            for acl_info in acl_infos:
                if admin.get_acl(target, acl_info.subject) is None:
                    admin.create_acl(target, acl_info)
                else:
                    admin.update_acl(target, acl_info)
                print("copy acl of %s from %s to %s success." % (acl_info.subject, source, target))
        return 0
