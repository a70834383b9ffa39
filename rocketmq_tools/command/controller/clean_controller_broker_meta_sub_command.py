"""Java ``org.apache.rocketmq.tools.command.controller.CleanControllerBrokerMetaSubCommand`` (5.3.3):
``cleanBrokerMetadata``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import new_admin

__all__ = ["CleanControllerBrokerMetaSubCommand"]


class CleanControllerBrokerMetaSubCommand(SubCommand):
    """Make the controller leader that ``-a`` knows forget brokers of replica group ``-bn``: the ids ``-b 1;2;3``
    (all without it), living ones too with ``-l``; without ``-l``, ``-c`` is required. A NameServer or broker
    without a controller answers REQUEST_CODE_NOT_SUPPORTED (" request type 1005 not supported", exit code 1)."""

    def command_name(self) -> str:
        return "cleanBrokerMetadata"

    def command_desc(self) -> str:
        return "Clean metadata of broker on controller."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-a", "--controllerAddress", required=True, help="The address of controller")
        parser.add_argument("-b", "--brokerControllerIdsToClean",
                            help="The brokerController id list which requires to clean metadata. eg: 1;2;3, means "
                                 "that clean broker-1, broker-2 and broker-3")
        parser.add_argument("-bn", "--brokerName", required=True,
                            help="The broker name of the replicas that require to be manipulated")
        parser.add_argument("-c", "--clusterName", help="The clusterName of broker")
        parser.add_argument("-l", "--cleanLivingBroker", action="store_true",
                            help="Whether clean up living brokers,default value is false")

    def execute(self, args: argparse.Namespace) -> int:
        broker_name = args.brokerName.strip()
        cluster_name = args.clusterName.strip() if args.clusterName is not None else None
        ids = args.brokerControllerIdsToClean.strip() if args.brokerControllerIdsToClean is not None else None
        if ids is not None and not all(part.strip().lstrip("-").isdigit() for part in ids.split(";")):
            raise SubCommandException("please set the option <brokerControllerIdsToClean> according to the format", 2)
        if not args.cleanLivingBroker and not cluster_name:
            raise SubCommandException("cleanLivingBroker option is false, clusterName option can not be empty.", 2)
        with new_admin(args.namesrv_addr) as admin:
            admin.clean_controller_broker_data(args.controllerAddress.strip(), cluster_name, broker_name, ids,
                                               args.cleanLivingBroker)
        print("clear broker %s metadata from controller success! " % broker_name)
        return 0
