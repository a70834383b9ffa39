"""Java ``org.apache.rocketmq.tools.command.container.AddBrokerSubCommand`` (5.3.3): ``addBroker``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["AddBrokerSubCommand"]


class AddBrokerSubCommand(SubCommand):
    """Ask a broker container (``-c``, Java's ``BrokerContainer``) to start a broker from the configuration file
    at ``-b`` on the container's host. A broker, this package's or Java's, is no container: it answers
    REQUEST_CODE_NOT_SUPPORTED (" request type 902 not supported", exit code 1)."""

    def command_name(self) -> str:
        return "addBroker"

    def command_desc(self) -> str:
        return "Add a broker to specified container."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-c", "--brokerContainerAddr", required=True, help="Broker container address")
        parser.add_argument("-b", "--brokerConfigPath", required=True, help="Broker config path")

    def execute(self, args: argparse.Namespace) -> int:
        broker_container_addr = args.brokerContainerAddr.strip()
        with new_admin(args.namesrv_addr) as admin:
            admin.add_broker_to_container(broker_container_addr, args.brokerConfigPath.strip())
        print("add broker to %s success" % broker_container_addr)
        return 0
