"""Java ``org.apache.rocketmq.tools.command.topic.TopicRouteSubCommand``: ``topicRoute``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import java_map, new_admin

__all__ = ["TopicRouteSubCommand"]

FORMAT = "%-45s %-32s %-50s %-10s %-11s %-5s"


class TopicRouteSubCommand(SubCommand):
    """The topic's route: fastjson's pretty JSON (as Java prints it: broker ids unquoted), or ``-l`` a table."""

    def command_name(self) -> str:
        return "topicRoute"

    def command_desc(self) -> str:
        return "Examine topic route info"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-l", "--list", action="store_true", help="Use list format to print data")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            route = admin.examine_topic_route_info(args.topic.strip())
        if not args.list:
            print(route.to_json(True))
            return 0
        queue_datas = {qd.broker_name: qd for qd in route.queue_datas or ()}
        print(FORMAT % ("#ClusterName", "#BrokerName", "#BrokerAddrs", "#ReadQueue", "#WriteQueue", "#Perm"))
        total_read = total_write = 0
        for bd in sorted(route.broker_datas or (), key=lambda b: b.broker_name):
            qd = queue_datas.get(bd.broker_name)
            if qd is None:
                continue
            total_read += qd.read_queue_nums
            total_write += qd.write_queue_nums
            print(FORMAT % (bd.cluster, bd.broker_name, java_map(bd.broker_addrs), qd.read_queue_nums,
                            qd.write_queue_nums, qd.perm))
        print("-" * 158)
        print(FORMAT % ("Total:", len(queue_datas), "", total_read, total_write, ""))
        return 0
