"""Java ``org.apache.rocketmq.tools.command.controller.GetControllerConfigSubCommand`` (5.3.3):
``getControllerConfig``."""
from __future__ import annotations

import argparse

from rocketmq_common.java_hash_map import java_concurrent_hash_map_order
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["GetControllerConfigSubCommand"]


class GetControllerConfigSubCommand(SubCommand):
    """Every setting of each controller of ``-a`` (``host:port;host:port``), as getNamesrvConfig prints a name
    server's (in the order of the ``Properties`` Java decodes them into). A NameServer or broker without a
    controller answers REQUEST_CODE_NOT_SUPPORTED (" request type 1010 not supported", exit code 1)."""

    def command_name(self) -> str:
        return "getControllerConfig"

    def command_desc(self) -> str:
        return "Get controller config."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-a", "--controllerAddress", required=True,
                            help="Controller address list, eg: 192.168.0.1:9878;192.168.0.2:9878")

    def execute(self, args: argparse.Namespace) -> int:
        server_list = args.controllerAddress.strip().split(";") if args.controllerAddress else None
        with new_admin(args.namesrv_addr) as admin:
            controller_configs = admin.get_controller_config(server_list)
        for controller, properties in (controller_configs or {}).items():
            print("============%s============" % controller)
            for key in java_concurrent_hash_map_order(properties):  # Java iterates the Properties it decoded
                print("%-50s=  %s" % (key, properties[key]))
        return 0
