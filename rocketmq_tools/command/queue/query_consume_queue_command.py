"""Java ``org.apache.rocketmq.tools.command.queue.QueryConsumeQueueCommand``: ``queryCq``."""
from __future__ import annotations

import argparse
import json

from rocketmq_remoting.protocol.remoting_serializable import to_json_value
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import new_admin

__all__ = ["QueryConsumeQueueCommand"]

_RULE = "======================================"


class QueryConsumeQueueCommand(SubCommand):
    """``-c`` entries (default 10) of a consume queue from index ``-i``, on ``-b`` or the topic's first broker;
    with ``-g`` the group's subscription and filter too."""

    def command_name(self) -> str:
        return "queryCq"

    def command_desc(self) -> str:
        return "Query cq command."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-q", "--queue", required=True, type=int, help="queue num, ie. 1")
        parser.add_argument("-i", "--index", required=True, type=int, help="start queue index.")
        parser.add_argument("-c", "--count", type=int, default=10, help="how many.")
        parser.add_argument("-b", "--broker", help="broker addr.")
        parser.add_argument("-g", "--consumer", help="consumer group.")

    def execute(self, args: argparse.Namespace) -> int:
        topic = args.topic.strip()
        with new_admin(args.namesrv_addr) as admin:
            broker = args.broker.strip() if args.broker else None
            if not broker:
                brokers = admin.examine_topic_route_info(topic).broker_datas
                if not brokers:
                    raise SubCommandException("No topic route data!")
                broker = (brokers[0].broker_addrs or {}).get(0)
                if not broker:
                    raise SubCommandException("No master broker of topic %s!" % topic)
            body = admin.query_consume_queue(broker, topic, args.queue, args.index, args.count,
                                             args.consumer.strip() if args.consumer else None)
        if body.subscription_data is not None:
            print("Subscription data: \n%s" % json.dumps(to_json_value(body.subscription_data), indent="\t",
                                                          sort_keys=True))
            print(_RULE)
        if body.filter_data is not None:
            print("Filter data: \n%s" % body.filter_data)
            print(_RULE)
        print("Queue data: \nmax: %d, min: %d" % (body.max_queue_index, body.min_queue_index))
        print(_RULE)
        for i, data in enumerate(body.queue_data or (), args.index):
            print("idx: %d\n%s\n%s" % (i, data, _RULE))
        return 0
