"""Java ``org.apache.rocketmq.tools.command.offset.ResetOffsetByTimeCommand``: ``resetOffsetByTime`` (with
``ResetOffsetByTimeOldCommand.resetOffset``'s fallback when the group has no online client)."""
from __future__ import annotations

import argparse

from rocketmq_client.exception import MQClientException
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.util_all import UtilAll
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import java_bool, new_admin, parse_bool, parse_timestamp

__all__ = ["ResetOffsetByTimeCommand"]


class ResetOffsetByTimeCommand(SubCommand):
    """Move a group's offsets on a topic to a time (``now`` is the end): through its online clients, else by
    writing the offsets on the brokers."""

    def command_name(self) -> str:
        return "resetOffsetByTime"

    def command_desc(self) -> str:
        return "Reset consumer offset by timestamp(without client restart)."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-g", "--group", required=True, help="set the consumer group")
        parser.add_argument("-t", "--topic", required=True, help="set the topic")
        parser.add_argument("-s", "--timestamp", required=True,
                            help="set the timestamp[now|currentTimeMillis|yyyy-MM-dd#HH:mm:ss:SSS]")
        parser.add_argument("-f", "--force", help="set the force rollback by timestamp switch[true|false]")
        parser.add_argument("-c", "--cplus", action="store_true", help="reset c++ client offset")

    def execute(self, args: argparse.Namespace) -> int:
        group = args.group.strip()
        topic = args.topic.strip()
        timestamp_str = args.timestamp.strip()
        timestamp = -1 if timestamp_str == "now" else parse_timestamp(timestamp_str)
        force = True if args.force is None else parse_bool(args.force)
        with new_admin(args.namesrv_addr) as admin:
            try:
                offset_table = admin.reset_offset_by_timestamp(topic, group, timestamp, force, args.cplus)
            except MQClientException as e:
                if e.response_code == ResponseCode.CONSUMER_NOT_ONLINE:
                    self.reset_offset_old(admin, group, topic, timestamp, force, timestamp_str)
                    return 0
                raise
        print("rollback consumer offset by specified group[%s], topic[%s], force[%s], timestamp(string)[%s], "
              "timestamp(long)[%s]" % (group, topic, java_bool(force), timestamp_str, timestamp))
        print("%-40s  %-40s  %-40s" % ("#brokerName", "#queueId", "#offset"))
        for mq in sorted(offset_table):
            print("%-40s  %-40d  %-40d" % (UtilAll.front_string_at_least(mq.broker_name, 32), mq.queue_id,
                                           offset_table[mq]))
        return 0

    @staticmethod
    def reset_offset_old(admin: DefaultMQAdminExt, group: str, topic: str, timestamp: int, force: bool,
                         timestamp_str: str) -> None:
        """Java ``ResetOffsetByTimeOldCommand.resetOffset``."""
        stats_list = admin.reset_offset_by_timestamp_old(group, topic, timestamp, force)
        print("rollback consumer offset by specified consumerGroup[%s], topic[%s], force[%s], "
              "timestamp(string)[%s], timestamp(long)[%s]" % (group, topic, java_bool(force), timestamp_str,
                                                              timestamp))
        print("%-20s  %-20s  %-20s  %-20s  %-20s  %-20s" % ("#brokerName", "#queueId", "#brokerOffset",
                                                            "#consumerOffset", "#timestampOffset", "#rollbackOffset"))
        for stats in sorted(stats_list, key=lambda s: (s.broker_name, s.queue_id)):
            print("%-20s  %-20d  %-20d  %-20d  %-20d  %-20d" % (
                UtilAll.front_string_at_least(stats.broker_name, 32), stats.queue_id, stats.broker_offset,
                stats.consumer_offset, stats.timestamp_offset, stats.rollback_offset))
