"""Java ``org.apache.rocketmq.tools.command.metadata.RocksDBConfigToJsonCommand`` (5.3.3): ``rocksDBConfigToJson``."""
from __future__ import annotations

import argparse
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Dict, List, Optional, Tuple

from rocketmq_common.config.config_rocks_db_storage import ConfigRocksDBStorage
from rocketmq_common.java_hash_map import java_hash_map_order, java_hash_set_order
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.export_rocks_db_config_to_json_request_header import ConfigType
from rocketmq_common.rocksdb.rocks_db_exception import RocksDBException
from rocketmq_remoting.protocol import fastjson
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import NAMESRV_LOCAL, SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import acl_rpc_hook, describe, java_json_object, unique_instance_name

__all__ = ["RocksDBConfigToJsonCommand"]

log = logging.getLogger(__name__)

#: Java's ``new DefaultMQAdminExt(rpcHook, 30 * 1000)``: a broker may take its time to write the files
RPC_TIMEOUT_MILLIS = 30 * 1000


def _to_json_string(value: Any, depth: int = 0) -> str:
    """fastjson's ``JSONObject.toJSONString(value, true)`` of parsed JSON: a tab more per level, each string-keyed
    entry on its own line, the entries of an integer-keyed map (an offset table) after its brace, unquoted, null
    values left out, empty maps and lists as ``{}`` and ``[]``."""
    inner = "\n" + "\t" * (depth + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        entries = [(inner + fastjson.dumps(k) if isinstance(k, str) else str(k)) + ":" + _to_json_string(v, depth + 1)
                   for k, v in value.items() if v is not None]
        return "{" + ",".join(entries) + "\n" + "\t" * depth + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[" + ",".join(inner + _to_json_string(v, depth + 1) for v in value) + "\n" + "\t" * depth + "]"
    return fastjson.dumps(value)


def _offset_table(config: Optional[Dict[str, Any]]) -> Dict[int, int]:
    """Java's ``RocksDBOffsetSerializeWrapper.offsetTable`` (a ``ConcurrentHashMap<Integer, Long>``) of a stored
    value, in its iteration order (by hash bucket: queue ids below the table size come out ascending); a null
    value fails as Java's does."""
    if config is None:
        raise ValueError('Cannot invoke "org.apache.rocketmq.tools.command.metadata.RocksDBConfigToJsonCommand$'
                         'RocksDBOffsetSerializeWrapper.getOffsetTable()" because "jsonObject" is null')
    table = {int(k): int(v) for k, v in (config.get("offsetTable") or {}).items()}
    return {k: table[k] for k in java_hash_set_order(table, hash_code=lambda k: k)}


def _java_string(value: Any) -> str:
    """Java's ``String.valueOf`` of a parsed JSON value: a JSONObject as compact JSON, an offset table as
    ``{0=12, 1=3}`` (``AbstractMap.toString``)."""
    if isinstance(value, dict):
        if value and all(isinstance(k, int) for k in value):
            return "{%s}" % ", ".join("%d=%s" % (k, v) for k, v in value.items())
        return fastjson.dumps(value)
    if isinstance(value, (list, bool)) or value is None:
        return fastjson.dumps(value)
    return str(value)


class RocksDBConfigToJsonCommand(SubCommand):
    """Turn the kv configs a 5.3.3 broker keeps in RocksDB into its JSON files. [rpc mode] ``-n`` with ``-c``: every
    broker the name server knows (as Java's) is asked; ``-b``: that broker; ``-t`` (``topics;subscriptionGroups``,
    all by default) names the configs; a broker that keeps them in JSON files already answers "export done." too.
    [local mode] ``-p`` with ``-t``: read the RocksDB directory ``<-p>/<the type's enum name>`` (``TOPICS``,
    ``SUBSCRIPTION_GROUPS``, ``CONSUMER_OFFSETS``: Java's ``Paths.get(path, type.toString())``; it is created
    when missing, as Java's ``ConfigRocksDBStorage`` does) with :mod:`rocketmq_common.rocksdb` and print its
    table as Java's pretty JSON (``-j false``: numbered ``Key: ..., Value: ...`` lines), or write the JSON to
    ``-e`` (the previous file kept as ``.bak``). A directory without a readable database fails with RocksDB's
    error (Java: a NullPointerException), a value that is not JSON with Java's "Error occurred..." line."""

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
            return self._handle_local_mode(args)
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

    def _handle_local_mode(self, args: argparse.Namespace) -> int:
        """Java ``handleLocalMode``, which reads the types again (a bad one is reported twice, as Java's)."""
        type_list = self._get_config_type_list(args.configType)
        if not type_list:
            return 2
        config_type = type_list[0]
        path = args.configPath.strip()
        if not path or not os.path.exists(path):
            print("Rocksdb path is invalid.")
            return 1
        path = os.path.join(path, str(config_type))
        export_file = args.exportFile.strip() if args.exportFile is not None else None
        config_map = self._get_config_map_from_rocks_db(path, config_type)
        if config_map is None:
            return 1
        if export_file is not None:
            try:
                MixAll.string2file(_to_json_string(config_map), export_file)
            except OSError as e:
                print("persist file %s exception%s" % (export_file, e), end="")
                return 1
        elif args.jsonEnable is not None and args.jsonEnable.strip().lower() == "false":
            self._print_config_map_json_disable(config_map)
        else:
            print(_to_json_string(config_map))
        return 0

    @staticmethod
    def _print_config_map_json_disable(config_map: Dict[str, Dict[Any, Any]]) -> None:
        """Java ``printConfigMapJsonDisable``: each table's name (no line end, as Java's), then its entries
        numbered across the tables, each value as Java's ``toString`` of it."""
        count = 0
        for config_key, json_object in config_map.items():
            print("type: %s" % config_key, end="")
            for k, v in json_object.items():
                count += 1
                print("%d, Key: %s, Value: %s" % (count, k, _java_string(v)))

    @staticmethod
    def _get_config_map_from_rocks_db(path: str, config_type: ConfigType) -> Optional[Dict[str, Dict[Any, Any]]]:
        """Java ``getConfigMapFromRocksDB`` / ``loadConsumerOffsets``: the table (and ``dataVersion``) as Java's
        ``HashMap`` / ``JSONObject`` iterate them; None after Java's line for a value it cannot parse."""
        storage = ConfigRocksDBStorage(path, True)
        storage.start()
        try:
            iterator = storage.iterator()  # not started: RocksDB's error (Java: a NullPointerException)
            offsets = config_type is ConfigType.CONSUMER_OFFSETS
            try:
                config_table: Dict[str, Any] = {}
                iterator.seek_to_first()
                while iterator.is_valid():
                    name = iterator.key().decode("utf-8", "replace")
                    text = iterator.value().decode("utf-8", "replace")
                    config = fastjson.loads(text) if text.strip() else None  # fastjson: empty text is null
                    if config is not None and not isinstance(config, dict):
                        raise ValueError("can not cast to JSONObject.")
                    config_table[name] = _offset_table(config) if offsets else config
                    iterator.next()
                if offsets:
                    return {"offsetTable": {k: config_table[k] for k in java_hash_map_order(
                        dict.fromkeys(config_table, ""))}}
                config_map: Dict[str, Dict[Any, Any]] = {}
                kv_data_version = storage.get_kv_data_version()
                if kv_data_version is not None:
                    config_map["dataVersion"] = java_json_object(
                        fastjson.loads(kv_data_version.decode("utf-8", "replace")))
                table_name = {ConfigType.TOPICS: "topicConfigTable",
                              ConfigType.SUBSCRIPTION_GROUPS: "subscriptionGroupTable"}[config_type]
                config_map[table_name] = java_json_object(config_table)
                return {k: config_map[k] for k in java_hash_map_order(dict.fromkeys(config_map, ""))}
            except (ValueError, TypeError, RocksDBException) as e:
                log.debug("reading %s failed", path, exc_info=True)
                print("Error occurred while converting RocksDB kv config to json, configType=%s, %s"
                      % ("consumerOffsets" if offsets else config_type, e))
                return None
        finally:
            storage.shutdown()

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
