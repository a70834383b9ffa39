"""Java ``org.apache.rocketmq.tools.command.controller.GetControllerMetaDataSubCommand`` (5.3.3):
``getControllerMetaData``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["GetControllerMetaDataSubCommand"]


class GetControllerMetaDataSubCommand(SubCommand):
    """A controller's group, leader and peers (``-a``). A NameServer or broker without a controller answers
    REQUEST_CODE_NOT_SUPPORTED (" request type 1005 not supported", exit code 1)."""

    def command_name(self) -> str:
        return "getControllerMetaData"

    def command_desc(self) -> str:
        return "Get controller cluster's metadata."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-a", "--controllerAddress", required=True, help="the address of controller")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            meta_data = admin.get_controller_meta_data(args.controllerAddress.strip())
        out = ["\n#ControllerGroup\t%s" % meta_data.group,
               "\n#ControllerLeaderId\t%s" % meta_data.controller_leader_id,
               "\n#ControllerLeaderAddress\t%s" % meta_data.controller_leader_address]
        if meta_data.peers:  # Java's split(";") drops the empty strings at the end ("n0:host:port;")
            out.extend("\n#Peer:\t%s" % peer for peer in meta_data.peers.rstrip(";").split(";"))
        print("".join(out))
        return 0
