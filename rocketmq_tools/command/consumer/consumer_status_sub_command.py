"""Java ``org.apache.rocketmq.tools.command.consumer.ConsumerStatusSubCommand``: ``consumerStatus``."""
from __future__ import annotations

import argparse
import logging
import os
import tempfile
import time
from typing import Dict

from rocketmq_common.mix_all import MixAll
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import describe, new_admin

__all__ = ["ConsumerStatusSubCommand"]

log = logging.getLogger(__name__)


def running_info_dir(now: int) -> str:
    """Where the running info of each client goes (Java: ``<now>/<clientId>`` in the working directory; here
    under the temporary directory, like queryMsgById's bodies)."""
    return os.path.join(tempfile.gettempdir(), "rocketmq", "consumerStatus", str(now))


class ConsumerStatusSubCommand(SubCommand):
    """The running info of each client of a group (written to a file per client, then the subscription and
    rebalance analysis), or of one client (``-i``) printed."""

    def command_name(self) -> str:
        return "consumerStatus"

    def command_desc(self) -> str:
        return "Query consumer's internal data structure"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-g", "--consumerGroup", required=True, help="consumer group name")
        parser.add_argument("-i", "--clientId", help="The consumer's client id")
        parser.add_argument("-b", "--brokerAddr", help="broker address")
        parser.add_argument("-s", "--jstack", action="store_true", help="Run jstack command in the consumer "
                                                                        "progress")

    def execute(self, args: argparse.Namespace) -> int:
        group = args.consumerGroup.strip()
        with new_admin(args.namesrv_addr) as admin:
            connection = admin.examine_consumer_connection_info(
                group, args.brokerAddr.strip() if args.brokerAddr else None)
            if args.clientId:
                info = admin.get_consumer_running_info(group, args.clientId.strip(), args.jstack)
                if info is not None:
                    print(info.format_string(), end="")
                return 0
            now = int(time.time() * 1000)
            cri_table: Dict[str, ConsumerRunningInfo] = {}
            print("%-10s %-40s %-20s %s" % ("#Index", "#ClientId", "#Version", "#ConsumerRunningInfoFile"))
            index = 1
            for conn in sorted(connection.connection_set or (), key=lambda c: c.client_id):
                try:
                    info = admin.get_consumer_running_info(group, conn.client_id, args.jstack)
                except Exception as e:  # noqa: BLE001 - Java goes on with the next client
                    log.debug("getConsumerRunningInfo %s failed", conn.client_id, exc_info=True)
                    print("%-10s %-40s %s" % ("-", conn.client_id, describe(e)))
                    continue
                if info is None:
                    continue
                cri_table[conn.client_id] = info
                file_path = os.path.join(running_info_dir(now), conn.client_id)
                MixAll.string2file_not_safe(info.format_string(), file_path)
                print("%-10d %-40s %-20s %s" % (index, conn.client_id, MQVersion.get_version_desc(conn.version),
                                                file_path))
                index += 1
        if cri_table:
            cri_table = dict(sorted(cri_table.items()))
            if ConsumerRunningInfo.analyze_subscription(cri_table):
                rebalance_ok = ConsumerRunningInfo.analyze_rebalance(cri_table)
                print("\n\nSame subscription in the same group of consumer", end="")
                print("\n\nRebalance %s" % ("OK" if rebalance_ok else "Failed"))
                for client_id, info in cri_table.items():
                    result = ConsumerRunningInfo.analyze_process_queue(client_id, info)
                    if result:
                        print(result, end="")
            else:
                print("\n\nWARN: Different subscription in the same group of consumer!!!", end="")
        return 0
