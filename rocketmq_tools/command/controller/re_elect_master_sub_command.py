"""Java ``org.apache.rocketmq.tools.command.controller.ReElectMasterSubCommand`` (5.3.3): ``electMaster``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["ReElectMasterSubCommand"]


class ReElectMasterSubCommand(SubCommand):
    """Make broker ``-b`` (id) of replica group ``-bn`` in cluster ``-c`` its master, through the controller
    leader that ``-a`` knows; prints the new master, the epochs and the group's brokers. A NameServer or broker
    without a controller answers REQUEST_CODE_NOT_SUPPORTED (" request type 1005 not supported", exit code 1)."""

    def command_name(self) -> str:
        return "electMaster"

    def command_desc(self) -> str:
        return "Re-elect the specified broker as master."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-a", "--controllerAddress", required=True, help="The address of controller")
        parser.add_argument("-b", "--brokerId", required=True, type=int,
                            help="The id of the broker which requires to become master")
        parser.add_argument("-bn", "--brokerName", required=True,
                            help="The broker name of the replicas that require to be manipulated")
        parser.add_argument("-c", "--clusterName", required=True, help="the clusterName of broker")

    def execute(self, args: argparse.Namespace) -> int:
        cluster_name, broker_name = args.clusterName.strip(), args.brokerName.strip()
        with new_admin(args.namesrv_addr) as admin:
            meta_data, broker_member_group = admin.elect_master(args.controllerAddress.strip(), cluster_name,
                                                                broker_name, args.brokerId)
        print("\n#ClusterName\t%s\n#BrokerName\t%s\n#BrokerMasterAddr\t%s\n#MasterEpoch\t%s\n#SyncStateSetEpoch\t%s"
              % (cluster_name, broker_name, meta_data.master_address, meta_data.master_epoch,
                 meta_data.sync_state_set_epoch))
        if broker_member_group is not None and broker_member_group.broker_addrs is not None:
            for broker_id, addr in sorted(broker_member_group.broker_addrs.items()):
                print("\t#Broker\t%d\t%s" % (broker_id, addr))
        return 0
