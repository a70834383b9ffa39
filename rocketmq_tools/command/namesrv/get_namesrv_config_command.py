"""Java ``org.apache.rocketmq.tools.command.namesrv.GetNamesrvConfigCommand``: ``getNamesrvConfig``."""
from __future__ import annotations

import argparse

from rocketmq_common.java_hash_map import java_concurrent_hash_map_order
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["GetNamesrvConfigCommand"]


class GetNamesrvConfigCommand(SubCommand):
    """Every setting of each name server of ``-n`` (``%-50s=  %s`` lines, in the order of Java's ``Properties``)."""

    def command_name(self) -> str:
        return "getNamesrvConfig"

    def command_desc(self) -> str:
        return "Get configs of name server."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        """Only ``-n``."""

    def execute(self, args: argparse.Namespace) -> int:
        servers = args.namesrv_addr.split(";")
        with new_admin(args.namesrv_addr) as admin:
            configs = admin.get_name_server_config(servers) or {}
        for server, properties in configs.items():
            print("============%s============" % server)
            for key in java_concurrent_hash_map_order(properties):
                print("%-50s=  %s" % (key, properties[key]))
        return 0
