"""Java ``org.apache.rocketmq.tools.command.controller.UpdateControllerConfigSubCommand`` (5.3.3):
``updateControllerConfig``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["UpdateControllerConfigSubCommand"]


class UpdateControllerConfigSubCommand(SubCommand):
    """Change one setting (``-k`` / ``-v``) of every controller of ``-a``. A NameServer or broker without a
    controller answers REQUEST_CODE_NOT_SUPPORTED (" request type 1009 not supported", exit code 1)."""

    def command_name(self) -> str:
        return "updateControllerConfig"

    def command_desc(self) -> str:
        return "Update controller config."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-a", "--controllerAddress", required=True,
                            help="Controller address list, eg: 192.168.0.1:9878;192.168.0.2:9878")
        parser.add_argument("-k", "--key", required=True, help="config key")
        parser.add_argument("-v", "--value", required=True, help="config value")

    def execute(self, args: argparse.Namespace) -> int:
        key, value = args.key.strip(), args.value.strip()
        server_list = args.controllerAddress.strip().split(";") if args.controllerAddress else None
        with new_admin(args.namesrv_addr) as admin:
            admin.update_controller_config({key: value}, server_list)
        print("update controller config success!%s\n%s : %s" % (
            "" if server_list is None else "[%s]" % ", ".join(server_list), key, value))
        return 0
