"""Java ``org.apache.rocketmq.tools.command.export.ExportMetadataInRocksDBCommand`` (5.3.3):
``exportMetadataInRocksDB``."""
from __future__ import annotations

import argparse
import logging
import os

from rocketmq_tools.command.sub_command import NAMESRV_LOCAL, SubCommand

__all__ = ["ExportMetadataInRocksDBCommand"]

log = logging.getLogger(__name__)

TOPICS_JSON_CONFIG = "topics"
SUBSCRIPTION_GROUP_JSON_CONFIG = "subscriptionGroups"


class ExportMetadataInRocksDBCommand(SubCommand):
    """Print the topics or subscription groups a 5.3.3 broker keeps in RocksDB (``-p`` the metadata directory,
    ``-t topics|subscriptionGroups``, ``-j true`` as JSON). This package reads no RocksDB database (it has no
    RocksDB library): for an existing path it prints Java's "RocksDB load error, path=..." line, the answer Java
    gives for a path without a database, with exit code 1; read such a database with Java's mqadmin, or ask the
    broker to write its JSON files with ``rocksDBConfigToJson -b``."""

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
        if not path or not os.path.exists(path):
            print("RocksDB path is invalid.")
            return 1
        config_type = args.configType.strip()
        path = (path if path.endswith("/") else path + "/") + config_type
        log.info("no RocksDB reader here: %s is not read", path)
        print("RocksDB load error, path=%s" % path)
        return 1
