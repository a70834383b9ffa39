"""Java ``org.apache.rocketmq.tools.command.namesrv.UpdateKvConfigCommand``: ``updateKvConfig``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["UpdateKvConfigCommand"]


class UpdateKvConfigCommand(SubCommand):
    """Put a KV config entry at every name server."""

    def command_name(self) -> str:
        return "updateKvConfig"

    def command_desc(self) -> str:
        return "Create or update KV config."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-s", "--namespace", required=True, help="set the namespace")
        parser.add_argument("-k", "--key", required=True, help="set the key name")
        parser.add_argument("-v", "--value", required=True, help="set the key value")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            admin.create_and_update_kv_config(args.namespace.strip(), args.key.strip(), args.value.strip())
        print("create or update kv config to namespace success.")
        return 0
