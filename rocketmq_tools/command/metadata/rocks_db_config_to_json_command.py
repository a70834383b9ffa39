"""Java ``org.apache.rocketmq.tools.command.metadata.RocksDBConfigToJsonCommand`` (5.3.3): ``rocksDBConfigToJson``."""
from __future__ import annotations

import argparse
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from typing import List, Optional, Tuple

from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.export_rocks_db_config_to_json_request_header import ConfigType
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import NAMESRV_LOCAL, SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import acl_rpc_hook, describe, unique_instance_name

__all__ = ["RocksDBConfigToJsonCommand"]

log = logging.getLogger(__name__)

#: Java's ``new DefaultMQAdminExt(rpcHook, 30 * 1000)``: a broker may take its time to write the files
RPC_TIMEOUT_MILLIS = 30 * 1000


class RocksDBConfigToJsonCommand(SubCommand):
    """Turn the kv configs a 5.3.3 broker keeps in RocksDB into its JSON files. [rpc mode] ``-n`` with ``-c``: every
    broker the name server knows (as Java's) is asked; ``-b``: that broker; ``-t`` (``topics;subscriptionGroups``,
    all by default) names the configs; a broker that keeps them in JSON files already answers "export done." too.
    [local mode] ``-p``: read the RocksDB directory itself, which this package cannot (no RocksDB library): it
    prints Java's load error for it (exit code 1); use Java's mqadmin there."""

    namesrv_option = NAMESRV_LOCAL

    def command_name(self) -> str:
        return "rocksDBConfigToJson"

    def command_desc(self) -> str:
        return ("Convert RocksDB kv config (topics/subscriptionGroups/consumerOffsets) to json. [rpc mode] Use [-n, "
                "-c, -b, -t] to send Request to broker ( version >= 5.3.2 ) or [local mode] use [-p, -t, -j, -e] to "
                "load RocksDB. If -e is provided, tools will export json file instead of std print")

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--configType",
                            help="Name of kv config, e.g. topics/subscriptionGroups/consumerOffsets. Required in "
                                 "local mode and default all in rpc mode.")
        parser.add_argument("-p", "--configPath", help="[local mode] Absolute path to the metadata config directory")
        parser.add_argument("-e", "--exportFile",
                            help="[local mode] Absolute file path for exporting, auto backup existing file, not "
                                 "directory. If exportFile is provided, will export Json file and ignore [-j].")
        parser.add_argument("-j", "--jsonEnable",
                            help="[local mode] Json format enable, Default: true. If exportFile is provided, will "
                                 "export Json file and ignore [-j].")
        parser.add_argument("-c", "--cluster",
                            help="[rpc mode] Cluster name. If nameserverAddr and clusterName are provided, will "
                                 "ignore [-p, -e, -j, -b] args")
        parser.add_argument("-b", "--brokerAddr",
                            help="[rpc mode] Broker address. If brokerAddr is provided, will ignore [-p, -e, -j] "
                                 "args")

    def execute(self, args: argparse.Namespace) -> int:
        type_list = self._get_config_type_list(args.configType)
        if args.namesrv_addr is not None:
            print("Use [rpc mode] call all brokers in cluster to export to json file ")
            self._check_required_args_provided(args.cluster, "rpc mode", "cluster")
            return self._handle_rpc_mode(args, type_list)
        if args.brokerAddr is not None:
            print("Use [rpc mode] call broker to export to json file ")
            return self._handle_rpc_mode(args, type_list)
        if args.configPath is not None:
            print("Use [local mode] load rocksdb to print or export file ")
            self._check_required_args_provided(args.configType, "local mode", "configType")
            if not type_list:
                return 2
            path = args.configPath.strip()
            if not path or not os.path.exists(path):
                print("Rocksdb path is invalid.")
                return 1
            path = os.path.join(path, str(type_list[0]))  # Java: Paths.get(path, type.toString()), the name
            log.info("no RocksDB reader here: %s is not read", path)
            print("Error occurred while converting RocksDB kv config to json, configType=%s, RocksDB load error, "
                  "path=%s" % (type_list[0], path))
            return 1
        print(self.command_desc())
        return 0

    @staticmethod
    def _check_required_args_provided(value: Optional[str], mode: str, name: str) -> None:
        if value is None:
            print("%s Invalid args, please input %s" % (mode, name))
            raise SubCommandException("Invalid args", 2)

    @staticmethod
    def _get_config_type_list(config_type: Optional[str]) -> Optional[List[ConfigType]]:
        """Java ``getConfigTypeList``: the ``-t`` types, all without it; None after Java's line for a bad one."""
        if config_type is None:
            return list(ConfigType)
        try:
            return ConfigType.from_string(config_type.strip())
        except ValueError:
            print("Invalid configType: %s please input topics/subscriptionGroups/consumerOffsets "
                  % config_type.strip())
            return None

    def _handle_rpc_mode(self, args: argparse.Namespace, type_list: Optional[List[ConfigType]]) -> int:
        if type_list is None:
            return 2
        admin = DefaultMQAdminExt(rpc_hook=acl_rpc_hook(), timeout_millis=RPC_TIMEOUT_MILLIS)
        admin.set_instance_name(unique_instance_name())
        if args.namesrv_addr is not None:
            admin.set_namesrv_addr(args.namesrv_addr)
        targets: List[Tuple[Optional[str], str]] = []
        with admin:
            if args.cluster is not None:
                cluster_info = admin.examine_broker_cluster_info()
                if (cluster_info.cluster_addr_table or {}).get(args.cluster.strip()) is None:
                    print("clusterAddrTable is empty", end="")
                    return 1
                targets = [(name, (data.broker_addrs or {})[MixAll.MASTER_ID])
                           for name, data in sorted((cluster_info.broker_addr_table or {}).items())
                           if MixAll.MASTER_ID in (data.broker_addrs or {})]
            elif args.brokerAddr is not None:
                targets = [(None, args.brokerAddr.strip())]
            with ThreadPoolExecutor(max_workers=max(1, min(len(targets), 8)),
                                    thread_name_prefix="RocksDBConfigToJson") as executor:
                futures = [(name, addr, executor.submit(admin.export_rocks_db_config_to_json, addr, type_list))
                           for name, addr in targets]
                failed = False
                for name, addr, future in futures:
                    try:
                        future.result()
                    except Exception as e:  # noqa: BLE001 - Java prints the broker and joins the others
                        log.debug("exportRocksDBConfigToJson at %s failed", addr, exc_info=True)
                        print(name if name is not None else "%s export error: %s" % (addr, describe(e)))
                        failed = True
        print("broker export done.", end="")
        return 1 if failed else 0
