"""Java ``org.apache.rocketmq.tools.command.topic.UpdateTopicSubCommand``: ``updateTopic`` (with 5.3.3's ``-a``)."""
from __future__ import annotations

import argparse

from rocketmq_common.attribute.attribute_parser import AttributeParser
from rocketmq_common.sysflag.topic_sys_flag import TopicSysFlag
from rocketmq_common.topic_config import TopicConfig
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import java_bool, new_admin, parse_bool

__all__ = ["UpdateTopicSubCommand"]


class UpdateTopicSubCommand(SubCommand):
    """Create or update a topic on one broker (``-b``) or on every master of a cluster (``-c``)."""

    def command_name(self) -> str:
        return "updateTopic"

    def command_desc(self) -> str:
        return "Update or create topic"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="create topic to which broker")
        group.add_argument("-c", "--clusterName", help="create topic to which cluster")
        parser.add_argument("-a", "--attributes",
                            help="attribute(+a=b,+c=d,-e) (5.x brokers; a change starting with '-' goes as "
                                 "--attributes=-e)")
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-r", "--readQueueNums", type=int, default=8, help="set read queue nums")
        parser.add_argument("-w", "--writeQueueNums", type=int, default=8, help="set write queue nums")
        parser.add_argument("-p", "--perm", type=int, help="set topic's permission(2|4|6), intro[2:W 4:R; 6:RW]")
        parser.add_argument("-o", "--order", help="set topic's order(true|false)")
        parser.add_argument("-u", "--unit", help="is unit topic (true|false)")
        parser.add_argument("-s", "--hasUnitSub", help="has unit sub (true|false)")

    def execute(self, args: argparse.Namespace) -> int:
        config = TopicConfig(args.topic.strip(), args.readQueueNums, args.writeQueueNums)
        if args.attributes is not None:
            try:
                config.attributes = AttributeParser.parse_to_map(args.attributes.strip())
            except RuntimeError as e:
                raise SubCommandException("bad -a %r: %s (expected +key=value to add or alter, -key to delete, "
                                          "comma separated)" % (args.attributes, e), 2) from None
        if args.perm is not None:
            if args.perm not in (2, 4, 6):
                raise SubCommandException("bad permission %d: expected 2 (W), 4 (R) or 6 (RW)" % args.perm, 2)
            config.perm = args.perm
        config.topic_sys_flag = TopicSysFlag.build_sys_flag(args.unit is not None and parse_bool(args.unit),
                                                            args.hasUnitSub is not None and parse_bool(args.hasUnitSub))
        is_order = args.order is not None and parse_bool(args.order)
        config.order = is_order
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                addr = args.brokerAddr.strip()
                admin.create_and_update_topic_config(addr, config)
                if is_order:
                    broker_name = CommandUtil.fetch_broker_name_by_addr(admin, addr)
                    order_conf = "%s:%d" % (broker_name, config.write_queue_nums)
                    admin.create_or_update_order_conf(config.topic_name, order_conf, False)
                    print("set broker orderConf. isOrder=%s, orderConf=[%s]" % (java_bool(is_order), order_conf))
                print("create topic to %s success." % addr)
            else:
                cluster_name = args.clusterName.strip()
                masters = CommandUtil.fetch_master_addr_by_cluster_name(admin, cluster_name)
                if not masters:
                    raise SubCommandException("no master broker in cluster %s. %s"
                                              % (cluster_name, CommandUtil.ERROR_MESSAGE))
                for addr in sorted(masters):
                    admin.create_and_update_topic_config(addr, config)
                    print("create topic to %s success." % addr)
                if is_order:
                    order_conf = ";".join("%s:%d" % (name, config.write_queue_nums) for name in
                                          sorted(CommandUtil.fetch_broker_name_by_cluster_name(admin, cluster_name)))
                    admin.create_or_update_order_conf(config.topic_name, order_conf, True)
                    print("set cluster orderConf. isOrder=%s, orderConf=[%s]" % (java_bool(is_order), order_conf))
            print(config)
        return 0
