"""Java ``org.apache.rocketmq.tools.command.topic.UpdateOrderConfCommand``: ``updateOrderConf``."""
from __future__ import annotations

import argparse

from rocketmq_common.namesrv.namesrv_util import NamesrvUtil
from rocketmq_common.util_all import UtilAll
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import new_admin

__all__ = ["UpdateOrderConfCommand"]


class UpdateOrderConfCommand(SubCommand):
    """Get, put or delete a topic's ``ORDER_TOPIC_CONFIG`` KV entry (``brokerName:queueNum;...``)."""

    def command_name(self) -> str:
        return "updateOrderConf"

    def command_desc(self) -> str:
        return "Create or update or delete order conf"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-v", "--orderConf", help="set order conf [eg. brokerName1:num;brokerName2:num]")
        parser.add_argument("-m", "--method", required=True, choices=("put", "get", "delete"),
                            help="option type [eg. put|get|delete")

    def execute(self, args: argparse.Namespace) -> int:
        topic, method = args.topic.strip(), args.method.strip()
        order_conf = (args.orderConf or "").strip()
        if method == "put" and UtilAll.is_blank(order_conf):
            raise SubCommandException("please set orderConf with option -v.", 2)
        with new_admin(args.namesrv_addr) as admin:
            if method == "get":
                value = admin.get_kv_config(NamesrvUtil.NAMESPACE_ORDER_TOPIC_CONFIG, topic)
                print("get orderConf success. topic=[%s], orderConf=[%s] " % (topic, value))
            elif method == "put":
                admin.create_or_update_order_conf(topic, order_conf, True)
                print("update orderConf success. topic=[%s], orderConf=[%s]" % (topic, order_conf))
            else:
                admin.delete_kv_config(NamesrvUtil.NAMESPACE_ORDER_TOPIC_CONFIG, topic)
                print("delete orderConf success. topic=[%s]" % topic)
        return 0
