"""Java ``org.apache.rocketmq.tools.command.container.RemoveBrokerSubCommand`` (5.3.3): ``removeBroker``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import new_admin

__all__ = ["RemoveBrokerSubCommand"]


class RemoveBrokerSubCommand(SubCommand):
    """Ask a broker container (``-c``) to stop one of its brokers, ``-b clusterName:brokerName:brokerId``. A
    broker is no container: it answers REQUEST_CODE_NOT_SUPPORTED (" request type 903 not supported", exit code
    1). A malformed identity fails with exit code 2 (Java prints a NumberFormatException's stack)."""

    def command_name(self) -> str:
        return "removeBroker"

    def command_desc(self) -> str:
        return "Remove a broker from specified container."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-c", "--brokerContainerAddr", required=True, help="Broker container address")
        parser.add_argument("-b", "--brokerIdentity", required=True,
                            help="Information to identify a broker: clusterName:brokerName:brokerId(dLedgerId for "
                                 "dLedger)")

    def execute(self, args: argparse.Namespace) -> int:
        broker_container_addr = args.brokerContainerAddr.strip()
        identities = args.brokerIdentity.strip().split(":")
        try:
            cluster_name, broker_name, broker_id = identities[0].strip(), identities[1].strip(), int(identities[2])
        except (IndexError, ValueError):
            raise SubCommandException("bad broker identity %r: expected clusterName:brokerName:brokerId"
                                      % args.brokerIdentity, 2) from None
        if broker_id < 0:
            print("brokerId can't be negative")
            return 1
        with new_admin(args.namesrv_addr) as admin:
            admin.remove_broker_from_container(broker_container_addr, cluster_name, broker_name, broker_id)
        print("remove broker from %s success" % broker_container_addr)
        return 0
