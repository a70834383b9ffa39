"""Java ``org.apache.rocketmq.tools.command.topic.TopicStatusSubCommand`` (5.3.3): ``topicStatus``."""
from __future__ import annotations

import argparse

from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.util_all import UtilAll
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import java_value, new_admin

__all__ = ["TopicStatusSubCommand"]


class TopicStatusSubCommand(SubCommand):
    """Min and max offset and last update time of every queue of the topic; from a 5.x cluster also 5.3.3's
    ``Topic Put TPS`` line. With ``-c`` (5.3.3), the physical queues of the topic on every broker of the cluster's
    route (for an LMQ topic: of its parent topic's); 5.3.3 prints the TPS of a new table then, 0.0."""

    def command_name(self) -> str:
        return "topicStatus"

    def command_desc(self) -> str:
        return "Examine topic Status info."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-c", "--cluster",
                            help="cluster name or lmq parent topic, lmq is used to find the route.")

    def execute(self, args: argparse.Namespace) -> int:
        topic = args.topic.strip()
        with new_admin(args.namesrv_addr) as admin:
            if args.cluster is not None:
                table = TopicStatsTable(offset_table={}, topic_put_tps=0.0)
                for bd in admin.examine_topic_route_info(args.cluster.strip()).broker_datas:
                    addr = bd.select_broker_addr()
                    if addr is not None:
                        table.offset_table.update(admin.examine_topic_stats(addr, topic).offset_table or {})
            else:
                table = admin.examine_topic_stats(topic)
        print("%-32s  %-4s  %-20s  %-20s    %s" % ("#Broker Name", "#QID", "#Min Offset", "#Max Offset",
                                                   "#Last Updated"))
        for mq in sorted(table.offset_table):
            offset = table.offset_table[mq]
            human = UtilAll.time_millis_to_human_string2(offset.last_update_timestamp) \
                if offset.last_update_timestamp > 0 else ""
            print("%-32s  %-4d  %-20d  %-20d    %s" % (UtilAll.front_string_at_least(mq.broker_name, 32),
                                                       mq.queue_id, offset.min_offset, offset.max_offset, human))
        if table.topic_put_tps is not None:
            print("")
            print("Topic Put TPS: %s" % java_value(table.topic_put_tps))
        return 0
