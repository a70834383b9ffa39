"""Java ``org.apache.rocketmq.tools.command.auth.ListAclSubCommand`` (5.3.3): ``listAcl``."""
from __future__ import annotations

import argparse
from typing import List

from rocketmq_common.protocol.body.acl_info import AclInfo
from rocketmq_remoting.common.bean import java_string
from rocketmq_tools.command.auth.create_user_sub_command import add_broker_or_cluster, master_addrs, trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["ListAclSubCommand", "print_acls"]

#: Java's ``FORMAT`` of ``ListAclSubCommand`` and ``GetAclSubCommand``
FORMAT = "%-16s  %-10s  %-22s  %-20s  %-24s  %-10s"


def print_acls(acls: List[AclInfo]) -> None:
    """Java ``printAcl``: a header line, then a line per policy entry (an ACL without policies: its subject
    alone); lists as Java's ``toString`` writes them (``[Pub, Sub]``), null for what an entry lacks."""
    print(FORMAT % ("#Subject", "#PolicyType", "#Resource", "#Actions", "#SourceIp", "#Decision"))
    for acl in acls:
        if not acl.policies:
            print(FORMAT % (acl.subject, "", "", "", "", ""))
        for policy in acl.policies or ():
            for entry in policy.entries or ():
                print(FORMAT % tuple(java_string(value) for value in (
                    acl.subject, policy.policy_type, entry.resource, entry.actions, entry.source_ips,
                    entry.decision)))


class ListAclSubCommand(SubCommand):
    """The ACLs of a broker (or of each master of a cluster) whose subject contains ``-s``, with their entries
    whose resource contains ``-r``."""

    def command_name(self) -> str:
        return "listAcl"

    def command_desc(self) -> str:
        return "List acl from cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_broker_or_cluster(parser, "list acl for which broker.", "list acl for specified cluster.")
        parser.add_argument("-s", "--subject", help="the subject of acl to filter.")
        parser.add_argument("-r", "--resource", help="the resource of acl to filter.")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in master_addrs(admin, args, self):
                acls = admin.list_acl(addr, trim(args.subject), trim(args.resource))
                if acls:
                    print_acls(acls)
        return 0
