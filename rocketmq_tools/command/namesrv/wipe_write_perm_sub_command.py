"""Java ``org.apache.rocketmq.tools.command.namesrv.WipeWritePermSubCommand``: ``wipeWritePerm``."""
from __future__ import annotations

import argparse
import logging
from typing import Callable

from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import describe, new_admin

__all__ = ["WipeWritePermSubCommand", "on_each_name_server"]

log = logging.getLogger(__name__)


def on_each_name_server(namesrv_addr: str, broker_name: str, verb: str,
                        action: Callable[[DefaultMQAdminExt, str, str], int]) -> int:
    """The loop of Java's wipeWritePerm / addWritePerm: ``action(admin, name server, broker name)`` at each name
    server of ``-n``, a line each (``<verb> write perm of broker[..] in name server[..] OK, <topics>`` or
    ``Failed``); exit code 1 when one failed (Java goes on with the next)."""
    code = 0
    with new_admin(namesrv_addr) as admin:
        for addr in admin.get_name_server_address_list():
            try:
                count = action(admin, addr, broker_name)
                print("%s write perm of broker[%s] in name server[%s] OK, %d" % (verb, broker_name, addr, count))
            except Exception as e:  # noqa: BLE001 - one line, then the next name server
                log.debug("%sWritePerm at %s failed", verb, addr, exc_info=True)
                print("%s write perm of broker[%s] in name server[%s] Failed (%s)" % (verb, broker_name, addr,
                                                                                   describe(e)))
                code = 1
    return code


class WipeWritePermSubCommand(SubCommand):
    """Take away the write permission of a broker's topics in each name server of ``-n``."""

    def command_name(self) -> str:
        return "wipeWritePerm"

    def command_desc(self) -> str:
        return "Wipe write perm of broker in all name server you defined in the -n param"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerName", required=True, help="broker name")

    def execute(self, args: argparse.Namespace) -> int:
        return on_each_name_server(args.namesrv_addr, args.brokerName.strip(), "wipe",
                                   DefaultMQAdminExt.wipe_write_perm_of_broker)
