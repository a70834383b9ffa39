"""Java ``org.apache.rocketmq.tools.command.ha.HAStatusSubCommand`` (5.3.3): ``haStatus``."""
from __future__ import annotations

import argparse

from rocketmq_common.util_all import UtilAll
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, repeat_every

__all__ = ["HAStatusSubCommand"]


class HAStatusSubCommand(SubCommand):
    """The replication of a broker (``-b``) or of every master of a cluster (``-c``), every ``-i`` seconds with
    ``-i``: a master's commit log offset and its slaves (address, acknowledged offset, lag, speed, in sync or
    falling behind), a slave's master and progress. This package's broker replicates to no slave: a master shows
    its offset and no slave rows."""

    def command_name(self) -> str:
        return "haStatus"

    def command_desc(self) -> str:
        return "Fetch ha runtime status data."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-c", "--clusterName", help="which cluster")
        group.add_argument("-b", "--brokerAddr", help="which broker to fetch")
        parser.add_argument("-i", "--interval", help="the interval(second) of get info")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            def once() -> None:
                if args.brokerAddr:
                    self._print_status(args.brokerAddr.strip(), admin)
                else:
                    for addr in sorted(CommandUtil.fetch_master_addr_by_cluster_name(admin,
                                                                                     args.clusterName.strip())):
                        self._print_status(addr, admin)

            repeat_every(args.interval, once)
        return 0

    @staticmethod
    def _print_status(broker_addr: str, admin: DefaultMQAdminExt) -> None:
        info = admin.get_broker_ha_status(broker_addr)
        connections = info.ha_connection_info or []
        if info.master:
            print("\n#MasterAddr\t%s\n#MasterCommitLogMaxOffset\t%d\n#SlaveNum\t%d\n#InSyncSlaveNum\t%d" % (
                broker_addr, info.master_commit_log_max_offset, len(connections), info.in_sync_slave_nums))
            print("%-32s  %-16s %16s %16s %16s %16s" % ("#SlaveAddr", "#SlaveAckOffset", "#Diff",
                                                        "#TransferSpeed(KB/s)", "#Status", "#TransferFromWhere"))
            for c in connections:
                print("%-32s  %-16d %16d %16.2f %16s %16d" % (
                    c.addr, c.slave_ack_offset, c.diff, c.transferred_byte_in_second / 1024.0,
                    "OK" if c.in_sync else "Fall Behind", c.transfer_from_where))
        else:
            client = info.ha_client_runtime_info
            print("\n#MasterAddr\t%s" % client.master_addr)
            print("#CommitLogMaxOffset\t%d" % client.max_offset)
            print("#TransferSpeed(KB/s)\t%.2f" % (client.transferred_byte_in_second / 1024.0))
            print("#LastReadTime\t%s" % UtilAll.time_millis_to_human_string2(client.last_read_timestamp))
            print("#LastWriteTime\t%s" % UtilAll.time_millis_to_human_string2(client.last_write_timestamp))
            print("#MasterFlushOffset\t%s" % client.master_flush_offset)
