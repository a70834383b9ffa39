"""Java ``org.apache.rocketmq.tools.command.export.ExportConfigsCommand``: ``exportConfigs``."""
from __future__ import annotations

import argparse
import os
from typing import Dict

from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.export.export_metadata_command import default_export_dir, write_json
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["ExportConfigsCommand"]

#: Java ``needBrokerProprties``: the broker settings exported
EXPORTED_BROKER_PROPERTIES = (
    "brokerClusterName", "brokerId", "brokerName", "brokerRole", "fileReservedTime", "filterServerNums",
    "flushDiskType", "maxMessageSize", "messageDelayLevel", "msgTraceTopicName", "slaveReadEnable", "traceOn",
    "traceTopicEnable", "useTLS", "autoCreateTopicEnable", "autoCreateSubscriptionGroup")


class ExportConfigsCommand(SubCommand):
    """The main settings of each master of a cluster and the cluster's scale as ``configs.json`` under ``-f``."""

    def command_name(self) -> str:
        return "exportConfigs"

    def command_desc(self) -> str:
        return "export configs"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-c", "--clusterName", required=True, help="choose a cluster to export")
        parser.add_argument("-f", "--filePath", help="export configs.json path | default /tmp/rocketmq/export")

    def execute(self, args: argparse.Namespace) -> int:
        file_path = args.filePath.strip() if args.filePath else default_export_dir()
        broker_configs: Dict[str, Dict[str, str]] = {}
        masters = slaves = 0
        with new_admin(args.namesrv_addr) as admin:
            name_servers = admin.get_name_server_address_list()
            for master, slave_addrs in CommandUtil.fetch_master_and_slave_distinguish(
                    admin, args.clusterName.strip()).items():
                properties = admin.get_broker_config(master) or {}
                masters += 1
                slaves += len(slave_addrs)
                broker_configs[properties.get("brokerName", master)] = {
                    key: properties[key] for key in EXPORTED_BROKER_PROPERTIES if key in properties}
        result = {"brokerConfigs": broker_configs,
                  "clusterScale": {"namesrvSize": len(name_servers), "masterBrokerSize": masters,
                                   "slaveBrokerSize": slaves}}
        path = os.path.join(file_path, "configs.json")
        write_json(result, path)
        print("export %s success" % path)
        return 0
