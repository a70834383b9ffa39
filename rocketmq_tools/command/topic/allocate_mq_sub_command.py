"""Java ``org.apache.rocketmq.tools.command.topic.AllocateMQSubCommand``: ``allocateMQ``."""
from __future__ import annotations

import argparse

from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_common.java_hash_map import java_hash_set_order
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_serializable import to_json_value
from rocketmq_tools.command.message.print_message_sub_command import java_queue_order
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["AllocateMQSubCommand"]


class AllocateMQSubCommand(SubCommand):
    """How AllocateMessageQueueAveragely spreads the topic's queues over the clients of ``-i``: Java's
    ``RebalanceResult`` JSON (``{"result":{ip:[queues]}}``)."""

    def command_name(self) -> str:
        return "allocateMQ"

    def command_desc(self) -> str:
        return "Allocate MQ"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-i", "--ipList", required=True, help="ipList")

    def execute(self, args: argparse.Namespace) -> int:
        topic = args.topic.strip()
        ip_list = args.ipList.strip().split(",")
        with new_admin(args.namesrv_addr) as admin:
            route = admin.examine_topic_route_info(topic)
        mqs = java_queue_order(MQClientInstance.topic_route_data2_topic_subscribe_info(topic, route))
        strategy = AllocateMessageQueueAveragely()
        # Java's RebalanceResult: a HashMap by IP
        result = {ip: strategy.allocate("aa", ip, list(mqs), ip_list) for ip in java_hash_set_order(ip_list)}
        print(fastjson.dumps({"result": {ip: [to_json_value(mq) for mq in queues] for ip, queues in result.items()}}))
        return 0
