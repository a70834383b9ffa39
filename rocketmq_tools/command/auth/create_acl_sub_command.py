"""Java ``org.apache.rocketmq.tools.command.auth.CreateAclSubCommand`` (5.3.3): ``createAcl``."""
from __future__ import annotations

import argparse
from typing import List, Optional

from rocketmq_tools.command.auth.create_user_sub_command import add_broker_or_cluster, broker_addrs, trim
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["CreateAclSubCommand", "add_acl_options", "split_trimmed"]


def split_trimmed(value: Optional[str]) -> Optional[List[str]]:
    """Java ``Arrays.stream(StringUtils.split(value, ',')).map(StringUtils::trim)``: None for no option."""
    if value is None:
        return None
    return [item.strip() for item in value.split(",") if item]


def add_acl_options(parser: argparse.ArgumentParser, verb: str) -> None:
    """The options of createAcl and updateAcl: ``-s`` subject, ``-r`` resources, ``-a`` actions, ``-d``
    decision (required) and ``-i`` source IPs."""
    add_broker_or_cluster(parser, "%s acl to which broker" % verb, "%s acl to which cluster" % verb)
    parser.add_argument("-s", "--subject", required=True, help="the subject of acl to %s." % verb)
    parser.add_argument("-r", "--resources", required=True, help="the resources of acl to %s" % verb)
    parser.add_argument("-a", "--actions", required=True, help="the actions of acl to %s" % verb)
    parser.add_argument("-i", "--sourceIp", help="the sourceIps of acl to %s" % verb)
    parser.add_argument("-d", "--decision", required=True, help="the decision of acl to %s" % verb)


class CreateAclSubCommand(SubCommand):
    """Create the ACL of a subject (``User:alice``): one policy entry per resource (``Topic:t1,Group:g1``) with
    the actions (``Pub,Sub``), source IPs and decision (``Allow`` / ``Deny``), on a broker or every broker of a
    cluster. A subject that has an ACL already gets these entries merged in."""

    def command_name(self) -> str:
        return "createAcl"

    def command_desc(self) -> str:
        return "Create acl to cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_acl_options(parser, "create")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in broker_addrs(admin, args):
                admin.create_acl(addr, args.subject.strip(), split_trimmed(args.resources), split_trimmed(args.actions),
                                 split_trimmed(args.sourceIp), trim(args.decision))
                print("create acl to %s success." % addr)
        return 0
