"""Java ``org.apache.rocketmq.tools.command.offset.CloneGroupOffsetCommand``: ``cloneGroupOffset``."""
from __future__ import annotations

import argparse

from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["CloneGroupOffsetCommand"]


class CloneGroupOffsetCommand(SubCommand):
    """Give the destination group the source group's consumer offsets (of every queue the source consumes, as
    Java does; written on the broker of each queue found in the topic's route)."""

    def command_name(self) -> str:
        return "cloneGroupOffset"

    def command_desc(self) -> str:
        return "clone offset from other group."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-s", "--srcGroup", required=True, help="set source consumer group")
        parser.add_argument("-d", "--destGroup", required=True, help="set destination consumer group")
        parser.add_argument("-t", "--topic", required=True, help="set the topic")
        parser.add_argument("-o", "--offline", help="the group or the topic is offline")

    def execute(self, args: argparse.Namespace) -> int:
        src_group, dest_group, topic = args.srcGroup.strip(), args.destGroup.strip(), args.topic.strip()
        with new_admin(args.namesrv_addr) as admin:
            offset_table = admin.examine_consume_stats(src_group).offset_table or {}
            if offset_table:
                addrs = {bd.broker_name: bd.select_broker_addr()
                         for bd in admin.examine_topic_route_info(topic).broker_datas}
                for mq in sorted(offset_table):
                    addr = addrs.get(mq.broker_name)
                    offset = offset_table[mq].consumer_offset
                    if addr is not None and offset >= 0:
                        admin.update_consume_offset(addr, dest_group, mq, offset)
        print("clone group offset success. srcGroup[%s], destGroup=[%s], topic[%s]" % (src_group, dest_group, topic))
        return 0
