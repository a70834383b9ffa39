"""Java ``org.apache.rocketmq.tools.command.acl.GetAccessConfigSubCommand``: ``getAclConfig``."""
from __future__ import annotations

import argparse

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.acl.update_access_config_sub_command import add_target_options, target_addrs
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import java_value, new_admin

__all__ = ["GetAccessConfigSubCommand"]


def _java_list(values: object) -> str:
    return "[%s]" % ", ".join(str(v) for v in values) if isinstance(values, list) else java_value(values)


class GetAccessConfigSubCommand(SubCommand):
    """The global white addresses and every account (field by field, ``%-1s %-18s: %s``) of a broker or of
    each master of a cluster."""

    def command_name(self) -> str:
        return "getAclConfig"

    def command_desc(self) -> str:
        return "List all of acl config information in cluster"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        add_target_options(parser, "query acl config version for")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            for addr in target_addrs(admin, args, masters_only=True):
                self.print_cluster_base_info(admin, addr)
        return 0

    @staticmethod
    def print_cluster_base_info(admin: DefaultMQAdminExt, addr: str) -> None:
        """Java ``printClusterBaseInfo``."""
        acl_config = admin.examine_broker_cluster_acl_config(addr)
        print()
        print("%-20s: %s" % ("globalWhiteRemoteAddresses", _java_list(acl_config.global_white_addrs or [])))
        print()
        print("accounts:")
        for config in acl_config.plain_access_configs or ():
            for prop in type(config)._props:
                value = getattr(config, prop.name)
                print("%-1s %-18s: %s" % ("", prop.wire, "" if value is None else _java_list(value)))
            print()
