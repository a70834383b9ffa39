"""Java ``org.apache.rocketmq.tools.command.offset.SkipAccumulationSubCommand`` (5.3.3): ``skipAccumulatedMessage``."""
from __future__ import annotations

import argparse

from rocketmq_client.exception import MQClientException
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.util_all import UtilAll
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, parse_bool, reset_offset_order

__all__ = ["SkipAccumulationSubCommand"]


class SkipAccumulationSubCommand(SubCommand):
    """Move the group's offsets to the end of the topic's queues (timestamp -1): on each broker of the topic (a 5.x
    broker resets them itself, a 4.x one through the online clients), or directly on the brokers when a 4.x broker
    finds no online client. ``-c`` names the cluster (for an LMQ topic its parent topic) whose route is used."""

    def command_name(self) -> str:
        return "skipAccumulatedMessage"

    def command_desc(self) -> str:
        return "Skip all messages that are accumulated (not consumed) currently."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-g", "--group", required=True, help="set the consumer group")
        parser.add_argument("-t", "--topic", required=True, help="set the topic")
        parser.add_argument("-f", "--force", help="set the force rollback by timestamp switch[true|false]")
        parser.add_argument("-c", "--cluster",
                            help="Cluster name or lmq parent topic, lmq is used to find the route.")

    def execute(self, args: argparse.Namespace) -> int:
        group, topic = args.group.strip(), args.topic.strip()
        cluster_name = args.cluster.strip() if args.cluster is not None else None
        force = args.force is None or parse_bool(args.force)
        timestamp = -1
        with new_admin(args.namesrv_addr) as admin:
            try:
                offset_table = admin.reset_offset_by_timestamp(topic, group, timestamp, force,
                                                               cluster_name=cluster_name)
            except MQClientException as e:
                if e.response_code != ResponseCode.CONSUMER_NOT_ONLINE:
                    raise
                stats_list = admin.reset_offset_by_timestamp_old(group, topic, timestamp, force)
                print("%-20s  %-20s  %-20s  %-20s  %-20s  %-20s" % (
                    "#brokerName", "#queueId", "#brokerOffset", "#consumerOffset", "#timestampOffset",
                    "#rollbackOffset"))
                for stats in sorted(stats_list, key=lambda s: (s.broker_name, s.queue_id)):
                    print("%-20s  %-20d  %-20d  %-20d  %-20d  %-20d" % (
                        UtilAll.front_string_at_least(stats.broker_name, 32), stats.queue_id, stats.broker_offset,
                        stats.consumer_offset, stats.timestamp_offset, stats.rollback_offset))
                return 0
        print("%-40s  %-40s  %-40s" % ("#brokerName", "#queueId", "#offset"))
        for mq in reset_offset_order(offset_table):
            print("%-40s  %-40d  %-40d" % (UtilAll.front_string_at_least(mq.broker_name, 32), mq.queue_id,
                                           offset_table[mq]))
        return 0
