"""Java ``org.apache.rocketmq.tools.command.connection.ConsumerConnectionSubCommand``: ``consumerConnection``."""
from __future__ import annotations

import argparse

from rocketmq_common.java_hash_map import java_concurrent_hash_map_order
from rocketmq_common.mq_version import MQVersion
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["ConsumerConnectionSubCommand"]


def _name(value: object) -> str:
    return getattr(value, "name", str(value))


class ConsumerConnectionSubCommand(SubCommand):
    """The clients of a consumer group, its subscriptions and its consume settings."""

    def command_name(self) -> str:
        return "consumerConnection"

    def command_desc(self) -> str:
        return "Query consumer's socket connection, client version and subscription"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-g", "--consumerGroup", required=True, help="consumer group name")
        parser.add_argument("-b", "--brokerAddr", help="broker address")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            cc = admin.examine_consumer_connection_info(args.consumerGroup.strip(),
                                                        args.brokerAddr.strip() if args.brokerAddr else None)
        print("%-36s %-22s %-10s %s" % ("#ClientId", "#ClientAddr", "#Language", "#Version"))
        # Java's HashSet of connections (which have no hashCode) iterates in no fixed order: by client id here
        for conn in sorted(cc.connection_set, key=lambda c: c.client_id):
            print("%-36s %-22s %-10s %s" % (conn.client_id, conn.client_addr, _name(conn.language),
                                            MQVersion.get_version_desc(conn.version)))
        print("")
        print("Below is subscription:")
        print("%-20s %s" % ("#Topic", "#SubExpression"))
        for topic in java_concurrent_hash_map_order(cc.subscription_table or {}):  # Java's ConcurrentHashMap
            sd = cc.subscription_table[topic]
            print("%-20s %s" % (sd.topic, sd.sub_string))
        print("")
        print("ConsumeType: %s" % _name(cc.consume_type))
        print("MessageModel: %s" % _name(cc.message_model))
        print("ConsumeFromWhere: %s" % _name(cc.consume_from_where))
        return 0
