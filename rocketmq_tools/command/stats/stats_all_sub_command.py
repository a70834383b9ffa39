"""Java ``org.apache.rocketmq.tools.command.stats.StatsAllSubCommand``: ``statsAll``."""
from __future__ import annotations

import argparse

from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.broker_stats_data import BrokerStatsData
from rocketmq_common.util_all import UtilAll
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import Progress, new_admin
from rocketmq_tools.command.topic.topic_list_sub_command import broker_groups, name_server_topics

__all__ = ["StatsAllSubCommand"]

#: Java ``BrokerStatsManager`` item names
TOPIC_PUT_NUMS = "TOPIC_PUT_NUMS"
GROUP_GET_NUMS = "GROUP_GET_NUMS"


def compute24_hour_sum(bsd: BrokerStatsData) -> int:
    """Java ``compute24HourSum``: the day's sum, else the hour's, else the minute's."""
    for item in (bsd.stats_day, bsd.stats_hour, bsd.stats_minute):
        if item is not None and item.sum:
            return item.sum
    return 0


class StatsAllSubCommand(SubCommand):
    """Per topic and consumer group: accumulation, in/out TPS and the last day's message counts (an item the
    broker has not counted counts 0, as in Java); a progress line on stderr over many topics, Ctrl-C stops."""

    def command_name(self) -> str:
        return "statsAll"

    def command_desc(self) -> str:
        return "Topic and Consumer tps stats"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-a", "--activeTopic", action="store_true", help="print active topic only")
        parser.add_argument("-t", "--topic", help="print select topic only")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            topics = name_server_topics(admin)
            print("%-64s  %-64s %12s %11s %11s %14s %14s" % ("#Topic", "#Consumer Group", "#Accumulation", "#InTPS",
                                                             "#OutTPS", "#InMsg24Hour", "#OutMsg24Hour"), flush=True)
            selected = [t for t in topics if not t.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX)
                        and not t.startswith(MixAll.DLQ_GROUP_TOPIC_PREFIX) and (not args.topic or t == args.topic)]
            progress = Progress("statsAll", len(selected))
            for done, topic in enumerate(selected):
                progress.update(done)
                try:
                    self.print_topic_detail(admin, topic, args.activeTopic)
                except Exception:  # noqa: BLE001 - Java skips a topic it cannot examine
                    pass
            progress.finish()
        return 0

    @staticmethod
    def print_topic_detail(admin: DefaultMQAdminExt, topic: str, active_topic: bool) -> None:
        """Java ``printTopicDetail``."""
        route = admin.examine_topic_route_info(topic)
        group_list = admin.query_topic_consume_by_who(topic)
        masters = [addr for addr in ((bd.broker_addrs or {}).get(MixAll.MASTER_ID) for bd in route.broker_datas)
                   if addr is not None]
        in_tps, in_msg_cnt_today = 0.0, 0
        for addr in masters:
            try:
                bsd = admin.view_broker_stats_data(addr, TOPIC_PUT_NUMS, topic)
                in_tps += bsd.stats_minute.tps
                in_msg_cnt_today += compute24_hour_sum(bsd)
            except Exception:  # noqa: BLE001 - no statistics: 0, as in Java
                pass
        groups = broker_groups(group_list)
        if not groups:
            if not active_topic or in_msg_cnt_today > 0:
                print("%-64s  %-64s %12d %11.2f %11s %14d %14s" % (UtilAll.front_string_at_least(topic, 64), "", 0,
                                                                   in_tps, "", in_msg_cnt_today, "NO_CONSUMER"),
                      flush=True)
            return
        for group in groups:
            out_tps, out_msg_cnt_today = 0.0, 0
            for addr in masters:
                try:
                    bsd = admin.view_broker_stats_data(addr, GROUP_GET_NUMS, "%s@%s" % (topic, group))
                    out_tps += bsd.stats_minute.tps
                    out_msg_cnt_today += compute24_hour_sum(bsd)
                except Exception:  # noqa: BLE001 - no statistics: 0, as in Java
                    pass
            accumulate = 0
            try:
                accumulate = max(0, admin.examine_consume_stats(group, topic).compute_total_diff())
            except Exception:  # noqa: BLE001 - a group that consumed nothing yet: 0, as in Java
                pass
            if not active_topic or in_msg_cnt_today > 0 or out_msg_cnt_today > 0:
                print("%-64s  %-64s %12d %11.2f %11.2f %14d %14d" % (
                    UtilAll.front_string_at_least(topic, 64), UtilAll.front_string_at_least(group, 64), accumulate,
                    in_tps, out_tps, in_msg_cnt_today, out_msg_cnt_today), flush=True)
