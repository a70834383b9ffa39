"""Java ``org.apache.rocketmq.tools.command.connection.ProducerConnectionSubCommand``: ``producerConnection``."""
from __future__ import annotations

import argparse

from rocketmq_common.mq_version import MQVersion
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["ProducerConnectionSubCommand"]


class ProducerConnectionSubCommand(SubCommand):
    """The connections of a producer group (asked of a broker of the topic): index, client id, address,
    language, version."""

    def command_name(self) -> str:
        return "producerConnection"

    def command_desc(self) -> str:
        return "Query producer's socket connection and client version"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-g", "--producerGroup", required=True, help="producer group name")
        parser.add_argument("-t", "--topic", required=True, help="topic name")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            connection = admin.examine_producer_connection_info(args.producerGroup.strip(), args.topic.strip())
        for i, conn in enumerate(sorted(connection.connection_set, key=lambda c: c.client_id), 1):
            print("%04d  %-32s %-22s %-8s %s" % (i, conn.client_id, conn.client_addr, conn.language.name,
                                                 MQVersion.get_version_desc(conn.version)))
        return 0
