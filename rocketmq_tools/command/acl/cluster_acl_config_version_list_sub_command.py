"""Java ``org.apache.rocketmq.tools.command.acl.ClusterAclConfigVersionListSubCommand``:
``clusterAclConfigVersion``."""
from __future__ import annotations

import argparse

from rocketmq_common.util_all import UtilAll
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.acl.update_access_config_sub_command import add_target_options, target_addrs
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["ClusterAclConfigVersionListSubCommand"]

_ROW = "%-16s  %-22s  %-22s  %-20s  %-22s  %-22s"


class ClusterAclConfigVersionListSubCommand(SubCommand):
    """The version (counter and last update) of each ACL file of a broker or of each master of a cluster."""

    def command_name(self) -> str:
        return "clusterAclConfigVersion"

    def command_desc(self) -> str:
        return "List all of acl config version information in cluster"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_target_options(parser, "query acl config version for")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                self.print_cluster_base_info(admin, args.brokerAddr.strip())
                print("get broker's plain access config version success.")
                return 0
            print(_ROW % ("#Cluster Name", "#Broker Name", "#Broker Addr", "#AclFilePath", "#AclConfigVersionNum",
                          "#AclLastUpdateTime"))
            for addr in target_addrs(admin, args, masters_only=True):
                self.print_cluster_base_info(admin, addr)
        print("get cluster's plain access config version success.")
        return 0

    @staticmethod
    def print_cluster_base_info(admin: DefaultMQAdminExt, addr: str) -> None:
        """Java ``printClusterBaseInfo``."""
        info = admin.examine_broker_cluster_acl_version_info(addr)
        for path, version in sorted((info.all_acl_config_data_version or {}).items()):
            print(_ROW % (info.cluster_name, info.broker_name, info.broker_addr, path, str(version.counter),
                          UtilAll.format_date(version.timestamp, UtilAll.YYYY_MM_DD_HH_MM_SS)))
