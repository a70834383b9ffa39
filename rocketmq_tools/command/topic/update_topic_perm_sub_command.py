"""Java ``org.apache.rocketmq.tools.command.topic.UpdateTopicPermSubCommand``: ``updateTopicPerm``."""
from __future__ import annotations

import argparse

from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic_config import TopicConfig
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import new_admin

__all__ = ["UpdateTopicPermSubCommand"]


class UpdateTopicPermSubCommand(SubCommand):
    """Change a topic's permission on one master (``-b``) or on every master of a cluster (``-c``), keeping its
    queue numbers and system flag (from the first queue data of its route)."""

    def command_name(self) -> str:
        return "updateTopicPerm"

    def command_desc(self) -> str:
        return "Update topic perm"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="create topic to which broker")
        group.add_argument("-c", "--clusterName", help="create topic to which cluster")
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-p", "--perm", required=True, type=int,
                            help="set topic's permission(2|4|6), intro[2:W; 4:R; 6:RW]")

    def execute(self, args: argparse.Namespace) -> int:
        topic, perm = args.topic.strip(), args.perm
        if perm not in (2, 4, 6):
            raise SubCommandException("bad permission %d: expected 2 (W), 4 (R) or 6 (RW)" % perm, 2)
        with new_admin(args.namesrv_addr) as admin:
            route = admin.examine_topic_route_info(topic)
            queue_data = route.queue_datas[0]
            config = TopicConfig(topic, queue_data.read_queue_nums, queue_data.write_queue_nums, perm)
            config.topic_sys_flag = queue_data.topic_sys_flag
            if args.brokerAddr:
                broker_addr = args.brokerAddr.strip()
                broker_name = next((bd.broker_name for bd in route.broker_datas
                                    if (bd.broker_addrs or {}).get(MixAll.MASTER_ID) == broker_addr), None)
                if broker_name is None:
                    print("updateTopicPerm error broker not exit or broker is not master!.")
                    return 1
                old_perm = next((qd.perm for qd in route.queue_datas if qd.broker_name == broker_name), 0)
                if perm == old_perm:
                    print("new perm equals to the old one!")
                    return 0
                admin.create_and_update_topic_config(broker_addr, config)
                print("update topic perm from %s to %s in %s success." % (old_perm, perm, broker_addr))
                print("%s." % config)
            else:
                for addr in sorted(CommandUtil.fetch_master_addr_by_cluster_name(admin, args.clusterName.strip())):
                    admin.create_and_update_topic_config(addr, config)
                    print("update topic perm from %s to %s in %s success." % (queue_data.perm, perm, addr))
        return 0
