"""Java ``org.apache.rocketmq.tools.command.ha.GetSyncStateSetSubCommand`` (5.3.3): ``getSyncStateSet``."""
from __future__ import annotations

import argparse
from typing import List

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, repeat_every

__all__ = ["GetSyncStateSetSubCommand"]


class GetSyncStateSetSubCommand(SubCommand):
    """The sync state sets a controller (``-a``, the first of a ``;`` list) keeps for a broker name (``-b``) or
    for every broker name of a cluster (``-c``), every ``-i`` seconds with ``-i``. A NameServer or broker without
    a controller answers REQUEST_CODE_NOT_SUPPORTED (" request type 1005 not supported", exit code 1)."""

    def command_name(self) -> str:
        return "getSyncStateSet"

    def command_desc(self) -> str:
        return "Fetch syncStateSet for target brokers."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-a", "--controllerAddress", required=True, help="the address of controller")
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-c", "--clusterName", help="which cluster")
        group.add_argument("-b", "--brokerName", help="which broker to fetch")
        parser.add_argument("-i", "--interval", help="the interval(second) of get info")

    def execute(self, args: argparse.Namespace) -> int:
        controller_address = args.controllerAddress.strip().split(";")[0]
        with new_admin(args.namesrv_addr) as admin:
            def once() -> None:
                if args.brokerName:
                    broker_names = [args.brokerName.strip()]
                else:
                    broker_names = sorted(CommandUtil.fetch_broker_name_by_cluster_name(admin,
                                                                                        args.clusterName.strip()))
                self._print_data(controller_address, broker_names, admin)

            repeat_every(args.interval, once)
        return 0

    @staticmethod
    def _print_data(controller_address: str, broker_names: List[str], admin: DefaultMQAdminExt) -> None:
        if not broker_names:
            return
        replicas_info_table = admin.get_in_sync_state_data(controller_address, broker_names).replicas_info_table
        for broker_name, replicas in (replicas_info_table or {}).items():
            in_sync = replicas.in_sync_replicas or []
            print("\n#brokerName\t%s\n#MasterBrokerId\t%d\n#MasterAddr\t%s\n#MasterEpoch\t%d\n#SyncStateSetEpoch\t%d"
                  "\n#SyncStateSetNums\t%d" % (broker_name, replicas.master_broker_id, replicas.master_address,
                                              replicas.master_epoch, replicas.sync_state_set_epoch, len(in_sync)))
            for member in in_sync:
                print("\nInSyncReplica:\t%s" % member)
            for member in replicas.not_in_sync_replicas or []:
                print("\nNotInSyncReplica:\t%s" % member)
