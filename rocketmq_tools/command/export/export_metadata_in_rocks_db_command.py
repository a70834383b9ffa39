"""Java ``org.apache.rocketmq.tools.command.export.ExportMetadataInRocksDBCommand`` (5.3.3):
``exportMetadataInRocksDB``."""
from __future__ import annotations

import argparse
import logging
from typing import Any, Callable, Dict

from rocketmq_common.config.config_rocks_db_storage import ConfigRocksDBStorage
from rocketmq_common.java_hash_map import java_hash_map_order, java_hash_set_order
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.protocol import fastjson
from rocketmq_tools.command.sub_command import NAMESRV_LOCAL, SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import java_json_object, pretty_json

__all__ = ["ExportMetadataInRocksDBCommand"]

log = logging.getLogger(__name__)

TOPICS_JSON_CONFIG = "topics"
SUBSCRIPTION_GROUP_JSON_CONFIG = "subscriptionGroups"


class ExportMetadataInRocksDBCommand(SubCommand):
    """Print the topics or subscription groups a 5.3.3 broker keeps in RocksDB: ``-p`` the metadata directory
    (the database is ``<-p>/<-t>``, read with :mod:`rocketmq_common.rocksdb`; created when missing, as Java's
    ``ConfigRocksDBStorage`` does), ``-t topics|subscriptionGroups``; numbered ``Key: ..., Value: ...`` lines, or
    with ``-j true`` Java's pretty JSON. A directory without a readable database prints Java's "RocksDB load
    error, path=..." line, then RocksDB's reason on stderr (exit code 1)."""

    namesrv_option = NAMESRV_LOCAL

    def command_name(self) -> str:
        return "exportMetadataInRocksDB"

    def command_desc(self) -> str:
        return ("export RocksDB kv config (topics/subscriptionGroups). Recommend to use "
                "[mqadmin rocksDBConfigToJson]")

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-p", "--path", required=True, help="Absolute path for the metadata directory")
        parser.add_argument("-t", "--configType", required=True,
                            help="Name of kv config, e.g. topics/subscriptionGroups")
        parser.add_argument("-j", "--jsonEnable", help="Json format enable, Default: false")

    def execute(self, args: argparse.Namespace) -> int:
        path = args.path.strip()
        if not path or not UtilAll.is_path_exists(path):
            print("RocksDB path is invalid.")
            return 1
        config_type = args.configType.strip()
        path = (path if path.endswith("/") else path + "/") + config_type
        json_enable = args.jsonEnable is not None and args.jsonEnable.strip().lower() == "true"
        kv_store = ConfigRocksDBStorage(path, True)
        if not kv_store.start():
            print("RocksDB load error, path=%s" % path)
            raise SubCommandException(str(kv_store.load_error))
        try:
            if config_type.lower() in (TOPICS_JSON_CONFIG.lower(), SUBSCRIPTION_GROUP_JSON_CONFIG.lower()):
                self._handle_export_metadata(kv_store, config_type, json_enable)
            else:
                print("Invalid config type=%s, Options: topics,subscriptionGroups" % config_type)
                return 1
        finally:
            kv_store.shutdown()
        return 0

    @staticmethod
    def _handle_export_metadata(kv_store: ConfigRocksDBStorage, config_type: str, json_enable: bool) -> None:
        """Java ``handleExportMetadata``. The JSON is of a ``HashMap`` of the parsed values copied (in its order)
        by ``JSONObject.toJSON`` into a ``HashMap(size)``, which iterates as a table of that size does."""
        if json_enable:
            config_table: Dict[str, Any] = {}

            def put(key: str, value: str) -> None:
                parsed = fastjson.loads(value) if value.strip() else None  # fastjson: empty text is null
                if parsed is not None and not isinstance(parsed, dict):
                    raise SubCommandException("%s: the value of %s is not a JSON object" % (kv_store.db_path, key))
                config_table[key] = java_json_object(parsed)
            ExportMetadataInRocksDBCommand._iterate_kv_store(kv_store, put)
            names = java_hash_set_order(java_hash_map_order(dict.fromkeys(config_table, "")),
                                        initial_capacity=len(config_table))
            table_name = "topicConfigTable" if config_type.lower() == TOPICS_JSON_CONFIG.lower() \
                else "subscriptionGroupTable"
            print(pretty_json({table_name: {name: config_table[name] for name in names
                                            if config_table[name] is not None}}))  # fastjson leaves nulls out
        else:
            count = [0]

            def line(key: str, value: str) -> None:
                count[0] += 1
                print("%d, Key: %s, Value: %s" % (count[0], key, value))
            ExportMetadataInRocksDBCommand._iterate_kv_store(kv_store, line)

    @staticmethod
    def _iterate_kv_store(kv_store: ConfigRocksDBStorage, bi_consumer: Callable[[str, str], None]) -> None:
        """Java ``iterateKvStore``: each key and value, as UTF-8 text, in key order."""
        with kv_store.iterator() as iterator:
            iterator.seek_to_first()
            while iterator.is_valid():
                bi_consumer(iterator.key().decode("utf-8", "replace"), iterator.value().decode("utf-8", "replace"))
                iterator.next()
