"""Java ``org.apache.rocketmq.tools.command.acl.UpdateAccessConfigSubCommand``: ``updateAclConfig``."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, List

from rocketmq_common.plain_access_config import PlainAccessConfig
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import java_bean, new_admin, parse_bool

if TYPE_CHECKING:
    from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

__all__ = ["UpdateAccessConfigSubCommand", "add_target_options", "target_addrs"]


def add_target_options(parser: argparse.ArgumentParser, what: str) -> None:
    """The ACL commands' required ``-b`` (one broker) or ``-c`` (each master and slave of a cluster)."""
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("-b", "--brokerAddr", help="%s which broker" % what)
    group.add_argument("-c", "--clusterName", help="%s which cluster" % what)


def target_addrs(admin: "DefaultMQAdminExt", args: argparse.Namespace, masters_only: bool = False) -> List[str]:
    """The broker of ``-b``, or the brokers of the cluster of ``-c`` (masters only for the queries)."""
    if args.brokerAddr:
        return [args.brokerAddr.strip()]
    cluster = args.clusterName.strip()
    if masters_only:
        return sorted(CommandUtil.fetch_master_addr_by_cluster_name(admin, cluster))
    return sorted(CommandUtil.fetch_master_and_slave_addr_by_cluster_name(admin, cluster))


class UpdateAccessConfigSubCommand(SubCommand):
    """Create or update an ACL account on a broker (``-b``) or on every broker of a cluster (``-c``)."""

    def command_name(self) -> str:
        return "updateAclConfig"

    def command_desc(self) -> str:
        return "Update acl config yaml file in broker"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_target_options(parser, "update acl config file to")
        parser.add_argument("-a", "--accessKey", required=True, help="set accessKey in acl config file")
        parser.add_argument("-s", "--secretKey", required=True, help="set secretKey in acl config file")
        parser.add_argument("-w", "--whiteRemoteAddress", help="set white ip Address for account in acl config file")
        parser.add_argument("-i", "--defaultTopicPerm", help="set default topicPerm in acl config file")
        parser.add_argument("-u", "--defaultGroupPerm", help="set default GroupPerm in acl config file")
        parser.add_argument("-t", "--topicPerms", help="set topicPerms list,eg: topicA=DENY,topicD=SUB")
        parser.add_argument("-g", "--groupPerms", help="set groupPerms list,eg: groupD=DENY,groupD=SUB")
        parser.add_argument("-m", "--admin", help="set admin flag in acl config file")

    def execute(self, args: argparse.Namespace) -> int:
        config = PlainAccessConfig(access_key=args.accessKey.strip(), secret_key=args.secretKey.strip())
        if args.admin is not None:
            config.admin = parse_bool(args.admin)
        if args.defaultTopicPerm is not None:
            config.default_topic_perm = args.defaultTopicPerm.strip()
        if args.defaultGroupPerm is not None:
            config.default_group_perm = args.defaultGroupPerm.strip()
        if args.whiteRemoteAddress is not None:
            config.white_remote_address = args.whiteRemoteAddress.strip()
        if args.topicPerms is not None:
            config.topic_perms = args.topicPerms.strip().split(",")
        if args.groupPerms is not None:
            config.group_perms = args.groupPerms.strip().split(",")
        with new_admin(args.namesrv_addr) as admin:
            for addr in target_addrs(admin, args):
                admin.create_and_update_plain_access_config(addr, config)
                print("create or update plain access config to %s success." % addr)
        print(java_bean(config).replace("secretKey=%s" % config.secret_key, "secretKey=******"))
        return 0
