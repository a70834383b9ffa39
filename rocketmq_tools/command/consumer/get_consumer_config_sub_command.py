"""Java ``org.apache.rocketmq.tools.command.consumer.GetConsumerConfigSubCommand``: ``getConsumerConfig``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_common.subscription.subscription_group_config import java_field_string
from rocketmq_tools.command.support import new_admin

__all__ = ["GetConsumerConfigSubCommand"]


class GetConsumerConfigSubCommand(SubCommand):
    """A subscription group's config on every broker that has it: a ``cluster:broker`` banner, then each field
    (``%-40s=  %s``, Java 5.3.3's declaration order: a 4.9.7 broker's groups show 5.3.3's defaults for the six
    fields it does not have, as Java 5.3.3's mqadmin shows them)."""

    def command_name(self) -> str:
        return "getConsumerConfig"

    def command_desc(self) -> str:
        return "Get consumer config by subscription group name."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-g", "--groupName", required=True, help="subscription group name")

    def execute(self, args: argparse.Namespace) -> int:
        group_name = args.groupName.strip()
        with new_admin(args.namesrv_addr) as admin:
            cluster_info = admin.examine_broker_cluster_info()
            clusters = cluster_info.cluster_addr_table or {}
            found = []
            for broker_name, broker_data in sorted((cluster_info.broker_addr_table or {}).items()):
                cluster_name = next((c for c, names in clusters.items() if broker_name in names), None)
                config = admin.examine_subscription_group_config(broker_data.select_broker_addr(), group_name)
                if config is not None:
                    found.append((cluster_name, broker_name, config))
        for cluster_name, broker_name, config in found:
            print("=============================%s:%s=============================" % (cluster_name, broker_name))
            for prop in type(config)._props:
                value = getattr(config, prop.name)
                print("%-40s=  %s" % (prop.wire, "" if value is None else java_field_string(value)))
        return 0
