"""Java ``org.apache.rocketmq.tools.command.auth.CreateUserSubCommand`` (5.3.3): ``createUser``."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, List, Optional

from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import new_admin

if TYPE_CHECKING:
    from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

__all__ = ["CreateUserSubCommand", "add_broker_or_cluster", "broker_addrs", "master_addrs", "trim"]


def add_broker_or_cluster(parser: argparse.ArgumentParser, broker_help: str, cluster_help: str) -> None:
    """The auth commands' required choice (Java's ``OptionGroup``): ``-b`` one broker or ``-c`` a cluster."""
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("-c", "--clusterName", help=cluster_help)
    group.add_argument("-b", "--brokerAddr", help=broker_help)


def trim(value: Optional[str]) -> Optional[str]:
    """Java ``StringUtils.trim``: None stays None."""
    return value.strip() if value is not None else None


def broker_addrs(admin: "DefaultMQAdminExt", args: argparse.Namespace) -> List[str]:
    """The broker of ``-b``, or every master and slave of the cluster of ``-c`` (sorted; Java: a HashSet)."""
    if args.brokerAddr is not None:
        return [args.brokerAddr.strip()]
    return sorted(CommandUtil.fetch_master_and_slave_addr_by_cluster_name(admin, args.clusterName.strip()))


def master_addrs(admin: "DefaultMQAdminExt", args: argparse.Namespace, command: SubCommand) -> List[str]:
    """The broker of ``-b``, or the masters of the cluster of ``-c`` (sorted); a cluster without any fails as
    Java's does."""
    if args.brokerAddr is not None:
        return [args.brokerAddr.strip()]
    masters = CommandUtil.fetch_master_addr_by_cluster_name(admin, args.clusterName.strip())
    if not masters:
        raise SubCommandException("%s command failed, there is no broker in cluster." % type(command).__name__)
    return sorted(masters)


class CreateUserSubCommand(SubCommand):
    """Create an ACL 2.0 user on a broker (``-b``) or on every broker of a cluster (``-c``)."""

    def command_name(self) -> str:
        return "createUser"

    def command_desc(self) -> str:
        return "Create user to cluster."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_broker_or_cluster(parser, "create user to which broker", "create user to which cluster")
        parser.add_argument("-u", "--username", required=True, help="the username of user to create.")
        parser.add_argument("-p", "--password", required=True, help="the password of user to create")
        parser.add_argument("-t", "--userType", help="the userType of user to create")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in broker_addrs(admin, args):
                admin.create_user(addr, args.username.strip(), trim(args.password), trim(args.userType))
                print("create user to %s success." % addr)
        return 0
