"""Java ``org.apache.rocketmq.tools.command.namesrv.UpdateNamesrvConfigCommand``: ``updateNamesrvConfig``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["UpdateNamesrvConfigCommand"]


class UpdateNamesrvConfigCommand(SubCommand):
    """Change one setting of each name server of ``-n`` (persisted by the name server)."""

    def command_name(self) -> str:
        return "updateNamesrvConfig"

    def command_desc(self) -> str:
        return "Update configs of name server."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-k", "--key", required=True, help="config key")
        parser.add_argument("-v", "--value", required=True, help="config value")

    def execute(self, args: argparse.Namespace) -> int:
        key, value = args.key.strip(), args.value.strip()
        servers = args.namesrv_addr.split(";")
        with new_admin(args.namesrv_addr) as admin:
            admin.update_name_server_config({key: value}, servers)
        print("update name server config success!%s\n%s : %s" % ("[%s]" % ", ".join(servers), key, value))
        return 0
