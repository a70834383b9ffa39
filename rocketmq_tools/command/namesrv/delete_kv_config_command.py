"""Java ``org.apache.rocketmq.tools.command.namesrv.DeleteKvConfigCommand``: ``deleteKvConfig``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["DeleteKvConfigCommand"]


class DeleteKvConfigCommand(SubCommand):
    """Delete a KV config entry at every name server."""

    def command_name(self) -> str:
        return "deleteKvConfig"

    def command_desc(self) -> str:
        return "Delete KV config."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-s", "--namespace", required=True, help="set the namespace")
        parser.add_argument("-k", "--key", required=True, help="set the key name")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            admin.delete_kv_config(args.namespace.strip(), args.key.strip())
        print("delete kv config from namespace success.")
        return 0
