"""Java ``org.apache.rocketmq.tools.command.offset.ResetOffsetByTimeCommand`` (5.3.3): ``resetOffsetByTime`` (with
``ResetOffsetByTimeOldCommand.resetOffset``'s fallback when a 4.x broker finds no online client of the group)."""
from __future__ import annotations

import argparse
import time
from typing import Optional

from rocketmq_client.exception import MQClientException
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.util_all import UtilAll
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import java_bool, new_admin, parse_bool, parse_timestamp, reset_offset_order

__all__ = ["ResetOffsetByTimeCommand"]


def _parse_int(value: str, what: str) -> int:
    """Java ``Long.parseLong`` / ``Integer.parseInt`` of an option; exit code 2 for a value that is none."""
    try:
        return int(value.strip())
    except ValueError:
        raise SubCommandException("bad %s %r: expected an integer" % (what, value), 2) from None


class ResetOffsetByTimeCommand(SubCommand):
    """Move a group's offsets on a topic to a time (``now``: the current time): on each broker of the topic (a
    5.x broker resets them itself, a 4.x one through the group's online clients, else they are written on the
    brokers); with ``-b`` and ``-q`` only that queue of that broker, to the offset of the time or to ``-o``.
    ``-c`` names the cluster (for an LMQ topic its parent topic) whose route is used.

    Unlike Java 5.3.3, whose ``-c,--cluster`` replaced ``-c,--cplus`` and then sends every reset with ``-c`` as a
    C++ client's, the deprecated C++ form is asked for with ``--cplus`` only (hidden, as in Java's help)."""

    def command_name(self) -> str:
        return "resetOffsetByTime"

    def command_desc(self) -> str:
        return "Reset consumer offset by timestamp(without client restart)."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-g", "--group", required=True, help="set the consumer group")
        parser.add_argument("-t", "--topic", required=True, help="set the topic")
        parser.add_argument("-s", "--timestamp", required=True,
                            help="set the timestamp[now|currentTimeMillis|yyyy-MM-dd#HH:mm:ss:SSS]")
        parser.add_argument("-f", "--force",
                            help="set the force rollback by timestamp switch[true|false]. Deprecated.")
        parser.add_argument("--cplus", action="store_true", help=argparse.SUPPRESS)
        parser.add_argument("-b", "--broker", help="broker addr")
        parser.add_argument("-q", "--queue", help="queue id")
        parser.add_argument("-o", "--offset", help="Expect queue offset, not support old version broker")
        parser.add_argument("-c", "--cluster",
                            help="Cluster name or lmq parent topic, lmq is used to find the route.")

    def execute(self, args: argparse.Namespace) -> int:
        group = args.group.strip()
        topic = args.topic.strip()
        timestamp_str = args.timestamp.strip()
        cluster_name = args.cluster.strip() if args.cluster is not None else None
        timestamp = int(time.time() * 1000) if timestamp_str == "now" else parse_timestamp(timestamp_str)
        force = True if args.force is None else parse_bool(args.force)
        broker_addr = args.broker
        queue_id = -1 if args.queue is None else _parse_int(args.queue, "queue id")
        offset = None if args.offset is None else _parse_int(args.offset, "offset")
        with new_admin(args.namesrv_addr) as admin:
            if broker_addr is not None and queue_id >= 0:
                print("start reset consumer offset by specified, group[%s], topic[%s], queueId[%s], broker[%s], "
                      "timestamp(string)[%s], timestamp(long)[%s]" % (group, topic, queue_id, broker_addr,
                                                                     timestamp_str, timestamp))
                reset_offset = offset if offset is not None else admin.search_offset(broker_addr, topic, queue_id,
                                                                                     timestamp, 3000)
                print("reset consumer offset to %d" % reset_offset)
                if reset_offset > 0:
                    admin.reset_offset_by_queue_id(broker_addr, group, topic, queue_id, reset_offset)
                return 0
            try:
                offset_table = admin.reset_offset_by_timestamp(topic, group, timestamp, force, args.cplus,
                                                               cluster_name)
            except MQClientException as e:
                if e.response_code == ResponseCode.CONSUMER_NOT_ONLINE:
                    self.reset_offset_old(admin, cluster_name, group, topic, timestamp, force, timestamp_str)
                    return 0
                raise
        print("start reset consumer offset by specified, group[%s], topic[%s], force[%s], timestamp(string)[%s], "
              "timestamp(long)[%s]" % (group, topic, java_bool(force), timestamp_str, timestamp))
        print("%-40s  %-40s  %-40s" % ("#brokerName", "#queueId", "#offset"))
        for mq in reset_offset_order(offset_table):
            print("%-40s  %-40d  %-40d" % (UtilAll.front_string_at_least(mq.broker_name, 32), mq.queue_id,
                                           offset_table[mq]))
        return 0

    @staticmethod
    def reset_offset_old(admin: DefaultMQAdminExt, cluster_name: Optional[str], group: str, topic: str,
                         timestamp: int, force: bool, timestamp_str: str) -> None:
        """Java 5.3.3 ``ResetOffsetByTimeOldCommand.resetOffset``: the offsets written on the brokers."""
        stats_list = admin.reset_offset_by_timestamp_old(group, topic, timestamp, force, cluster_name)
        print("reset consumer offset by specified consumerGroup[%s], topic[%s], force[%s], timestamp(string)[%s], "
              "timestamp(long)[%s]" % (group, topic, java_bool(force), timestamp_str, timestamp))
        print("%-20s  %-20s  %-20s  %-20s  %-20s  %-20s" % ("#brokerName", "#queueId", "#brokerOffset",
                                                            "#consumerOffset", "#timestampOffset", "#resetOffset"))
        for stats in sorted(stats_list, key=lambda s: (s.broker_name, s.queue_id)):
            print("%-20s  %-20d  %-20d  %-20d  %-20d  %-20d" % (
                UtilAll.front_string_at_least(stats.broker_name, 32), stats.queue_id, stats.broker_offset,
                stats.consumer_offset, stats.timestamp_offset, stats.rollback_offset))
