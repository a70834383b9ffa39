"""Java ``org.apache.rocketmq.tools.command.namesrv.WipeWritePermSubCommand``: ``wipeWritePerm``."""
from __future__ import annotations

import argparse
import logging

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import describe, new_admin

log = logging.getLogger(__name__)

__all__ = ["WipeWritePermSubCommand"]


class WipeWritePermSubCommand(SubCommand):
    """Take away the write permission of a broker's topics in each name server of ``-n`` (one line per name server;
    exit code 1 when one failed)."""

    def command_name(self) -> str:
        return "wipeWritePerm"

    def command_desc(self) -> str:
        return "Wipe write perm of broker in all name server you defined in the -n param"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerName", required=True, help="broker name")

    def execute(self, args: argparse.Namespace) -> int:
        broker_name = args.brokerName.strip()
        code = 0
        with new_admin(args.namesrv_addr) as admin:
            for namesrv_addr in admin.get_name_server_address_list():
                try:
                    count = admin.wipe_write_perm_of_broker(namesrv_addr, broker_name)
                    print("wipe write perm of broker[%s] in name server[%s] OK, %d"
                          % (broker_name, namesrv_addr, count))
                except Exception as e:  # noqa: BLE001 - Java goes on with the next name server
                    log.debug("wipeWritePerm at %s failed", namesrv_addr, exc_info=True)
                    print("wipe write perm of broker[%s] in name server[%s] Failed (%s)" % (broker_name, namesrv_addr,
                                                                                        describe(e)))
                    code = 1
        return code
