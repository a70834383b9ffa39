"""Java ``org.apache.rocketmq.tools.command.export.ExportPopRecordCommand`` (5.3.3): ``exportPopRecord``."""
from __future__ import annotations

import argparse
import logging

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import describe, java_bool, new_admin

__all__ = ["ExportPopRecordCommand"]

log = logging.getLogger(__name__)

#: Java ``TimeUnit.SECONDS.toMillis(30)``: how long a broker may take to move its records
EXPORT_TIMEOUT_MILLIS = 30 * 1000


class ExportPopRecordCommand(SubCommand):
    """Ask a broker (``-b``) or every broker of a cluster (``-c``, masters and slaves) to move its POP consumer
    records from the RocksDB POP store to the file store (POP_ROLLBACK). ``-d false`` is a dry run: as Java's,
    only ``false`` makes it one. A broker that fails is printed and the next one asked (exit code 1 then)."""

    def command_name(self) -> str:
        return "exportPopRecord"

    def command_desc(self) -> str:
        return "Export pop consumer record"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-c", "--clusterName", help="choose one cluster to export")
        group.add_argument("-b", "--brokerAddr", help="choose one broker to export")
        parser.add_argument("-d", "--dryRun", help="no actual changes will be made")

    def execute(self, args: argparse.Namespace) -> int:
        dry_run = args.dryRun is not None and args.dryRun.lower() == "false"
        ok = True
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                broker_addr = args.brokerAddr.strip()
                broker_name = (admin.get_broker_config(broker_addr) or {}).get("brokerName")
                ok = self._export(admin, broker_addr, broker_name, dry_run)
            else:
                cluster_info = admin.examine_broker_cluster_info()
                for broker_name in sorted((cluster_info.cluster_addr_table or {}).get(args.clusterName.strip(), ())):
                    broker_data = (cluster_info.broker_addr_table or {}).get(broker_name)
                    if broker_data is not None:
                        for _, broker_addr in sorted((broker_data.broker_addrs or {}).items()):
                            ok = self._export(admin, broker_addr, broker_name, dry_run) and ok
        return 0 if ok else 1

    @staticmethod
    def _export(admin: DefaultMQAdminExt, broker_addr: str, broker_name: object, dry_run: bool) -> bool:
        try:
            if not dry_run:
                admin.export_pop_records(broker_addr, EXPORT_TIMEOUT_MILLIS)
            print("Export broker records, brokerName=%s, brokerAddr=%s, dryRun=%s"
                  % (broker_name, broker_addr, java_bool(dry_run)))
            return True
        except Exception as e:  # noqa: BLE001 - Java prints the error and goes on with the next broker
            log.debug("exportPopRecord at %s failed", broker_addr, exc_info=True)
            print("Export broker records error, brokerName=%s, brokerAddr=%s, dryRun=%s\n%s"
                  % (broker_name, broker_addr, java_bool(dry_run), describe(e)))
            return False
