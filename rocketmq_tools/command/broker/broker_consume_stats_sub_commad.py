"""Java ``org.apache.rocketmq.tools.command.broker.BrokerConsumeStatsSubCommad``: ``brokerConsumeStats``."""
from __future__ import annotations

import argparse

from rocketmq_common.util_all import UtilAll
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, parse_bool

__all__ = ["BrokerConsumeStatsSubCommad"]


class BrokerConsumeStatsSubCommad(SubCommand):
    """Every group's offsets on one broker, queue by queue (the queues whose diff reaches ``-l``; only those
    consumed at least once, as in Java), then the broker's total diff."""

    def command_name(self) -> str:
        return "brokerConsumeStats"

    def command_desc(self) -> str:
        return "Fetch broker consume stats data"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-b", "--brokerAddr", required=True, help="Broker address")
        parser.add_argument("-t", "--timeoutMillis", type=int, default=50000, help="request timeout Millis")
        parser.add_argument("-l", "--level", type=int, default=0, help="threshold of print diff")
        parser.add_argument("-o", "--order", help="order topic")

    def execute(self, args: argparse.Namespace) -> int:
        is_order = args.order is not None and parse_bool(args.order)
        with new_admin(args.namesrv_addr) as admin:
            stats_list = admin.fetch_consume_stats_in_broker(args.brokerAddr.strip(), is_order, args.timeoutMillis)
        print("%-64s  %-64s  %-32s  %-4s  %-20s  %-20s  %-20s  %s" % (
            "#Topic", "#Group", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Diff", "#LastTime"))
        for by_group in stats_list.consume_stats_list or ():
            for group, stats_of_group in by_group.items():
                for consume_stats in stats_of_group:
                    for mq in sorted(consume_stats.offset_table or {}):
                        wrapper = consume_stats.offset_table[mq]
                        diff = wrapper.broker_offset - wrapper.consumer_offset
                        if diff < args.level or wrapper.last_timestamp <= 0:
                            continue
                        print("%-64s  %-64s  %-32s  %-4d  %-20d  %-20d  %-20d  %s" % (
                            UtilAll.front_string_at_least(mq.topic, 64), group,
                            UtilAll.front_string_at_least(mq.broker_name, 32), mq.queue_id, wrapper.broker_offset,
                            wrapper.consumer_offset, diff,
                            UtilAll.format_date(wrapper.last_timestamp, UtilAll.YYYY_MM_DD_HH_MM_SS)))
        print("\nDiff Total: %d" % stats_list.total_diff)
        return 0
