"""Java ``org.apache.rocketmq.tools.command.export.ExportMetadataCommand``: ``exportMetadata``."""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from typing import Any, Dict

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.protocol.remoting_serializable import to_json_value
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import new_admin

__all__ = ["ExportMetadataCommand", "default_export_dir", "write_json"]

#: Java's request timeout of the export commands
EXPORT_TIMEOUT_MILLIS = 10000


def default_export_dir() -> str:
    """Java: ``/tmp/rocketmq/export``; here under the temporary directory of the platform."""
    return os.path.join(tempfile.gettempdir(), "rocketmq", "export")


def write_json(value: Any, path: str) -> None:
    """Java ``MixAll.string2FileNotSafe(JSON.toJSONString(value, true), path)``: tab-indented JSON."""
    MixAll.string2file_not_safe(json.dumps(to_json_value(value), indent="\t", sort_keys=True), path)


class ExportMetadataCommand(SubCommand):
    """The user topics and subscription groups of a broker (``-b``, with ``-t`` or ``-g``) or of a cluster's
    masters (``-c``; queue numbers summed over brokers) as JSON: ``metadata.json``, ``topic.json`` or
    ``subscriptionGroup.json`` under ``-f``."""

    def command_name(self) -> str:
        return "exportMetadata"

    def command_desc(self) -> str:
        return "export metadata"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-c", "--clusterName", help="choose a cluster to export")
        group.add_argument("-b", "--brokerAddr", help="choose a broker to export")
        parser.add_argument("-f", "--filePath", help="export metadata.json path | default /tmp/rocketmq/export")
        parser.add_argument("-t", "--topic", action="store_true", help="only export topic metadata")
        parser.add_argument("-g", "--subscriptionGroup", action="store_true",
                            help="only export subscriptionGroup metadata")
        parser.add_argument("-s", "--specialTopic", action="store_true", help="need retryTopic and dlqTopic")

    def execute(self, args: argparse.Namespace) -> int:
        file_path = args.filePath.strip() if args.filePath else default_export_dir()
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                broker_addr = args.brokerAddr.strip()
                if args.topic:
                    path = os.path.join(file_path, "topic.json")
                    write_json(admin.get_user_topic_config(broker_addr, args.specialTopic, EXPORT_TIMEOUT_MILLIS),
                               path)
                elif args.subscriptionGroup:
                    path = os.path.join(file_path, "subscriptionGroup.json")
                    write_json(admin.get_user_subscription_group(broker_addr, EXPORT_TIMEOUT_MILLIS), path)
                else:
                    raise SubCommandException("exportMetadata -b needs -t (topics) or -g (subscription groups)", 2)
                print("export %s success" % path)
                return 0
            topics: Dict[str, Any] = {}
            groups: Dict[str, Any] = {}
            for addr in sorted(CommandUtil.fetch_master_addr_by_cluster_name(admin, args.clusterName.strip())):
                topic_wrapper = admin.get_user_topic_config(addr, args.specialTopic, EXPORT_TIMEOUT_MILLIS)
                group_wrapper = admin.get_user_subscription_group(addr, EXPORT_TIMEOUT_MILLIS)
                for name, config in (topic_wrapper.topic_config_table or {}).items():
                    known = topics.get(name)
                    if known is not None:
                        config.write_queue_nums += known.write_queue_nums
                        config.read_queue_nums += known.read_queue_nums
                    topics[name] = config
                for name, config in (group_wrapper.subscription_group_table or {}).items():
                    known = groups.get(name)
                    if known is not None:
                        config.retry_queue_nums += known.retry_queue_nums
                    groups[name] = config
        result: Dict[str, Any] = {}
        if args.topic:
            result["topicConfigTable"] = topics
            path = os.path.join(file_path, "topic.json")
        elif args.subscriptionGroup:
            result["subscriptionGroupTable"] = groups
            path = os.path.join(file_path, "subscriptionGroup.json")
        else:
            result["topicConfigTable"] = topics
            result["subscriptionGroupTable"] = groups
            path = os.path.join(file_path, "metadata.json")
        result["exportTime"] = int(time.time() * 1000)
        write_json(result, path)
        print("export %s success" % path)
        return 0
