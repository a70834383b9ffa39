"""Java ``org.apache.rocketmq.tools.command.message.QueryMsgTraceByIdSubCommand``: ``queryMsgTraceById``."""
from __future__ import annotations

import argparse
from typing import Dict, List

from rocketmq_client.trace.trace_type import TraceType
from rocketmq_client.trace.trace_view import TraceView
from rocketmq_common.java_hash_map import java_hash_set_order
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.util_all import UtilAll
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["QueryMsgTraceByIdSubCommand"]

_ROW = "%-10s %-20s %-20s %-20s %-10s %-10s"
_LONG_MAX = (1 << 63) - 1


def _row(kind: str, view: TraceView) -> str:
    return _ROW % (kind, view.group_name, view.client_host,
                   UtilAll.format_date(view.time_stamp, UtilAll.YYYY_MM_DD_HH_MM_SS), "%sms" % view.cost_time,
                   view.status)


class QueryMsgTraceByIdSubCommand(SubCommand):
    """The trace of a message (by its msgId, in the trace topic): the send, then the consumptions by group; 5.3.3's
    ``-b``/``-e``/``-c`` bound the store time and the number of trace messages."""

    def command_name(self) -> str:
        return "queryMsgTraceById"

    def command_desc(self) -> str:
        return "query a message trace"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-i", "--msgId", required=True, help="Message Id")
        parser.add_argument("-t", "--traceTopic", default=TopicValidator.RMQ_SYS_TRACE_TOPIC,
                            help="The name value of message trace topic")
        parser.add_argument("-b", "--beginTimestamp", type=int, default=0,
                            help="Begin timestamp(ms). default:0, eg:1676730526212")
        parser.add_argument("-e", "--endTimestamp", type=int, default=_LONG_MAX,
                            help="End timestamp(ms). default:Long.MAX_VALUE, eg:1676730526212")
        parser.add_argument("-c", "--maxNum", type=int, default=64,
                            help="The maximum number of messages returned by the query, default:64")

    def execute(self, args: argparse.Namespace) -> int:
        msg_id = args.msgId.strip()
        with new_admin(args.namesrv_addr) as admin:
            result = admin.query_message(args.traceTopic.strip(), msg_id, args.maxNum, args.beginTimestamp,
                                         args.endTimestamp)
        views: List[TraceView] = []
        for message in result.get_message_list() or ():
            views.extend(TraceView.decode_from_trace_trans_data(msg_id, message))
        self.print_message_trace(views)
        return 0

    @staticmethod
    def print_message_trace(views: List[TraceView]) -> None:
        """Java ``printMessageTrace``."""
        consumers: Dict[str, List[TraceView]] = {}
        for view in views:
            if view.msg_type == TraceType.Pub.name:
                print(_ROW % ("#Type", "#ProducerGroup", "#ClientHost", "#SendTime", "#CostTimes", "#Status"))
                print(_row("Pub", view))
                print()
            if view.msg_type == TraceType.SubAfter.name:
                consumers.setdefault(view.group_name, []).append(view)
        for group in java_hash_set_order(consumers):  # Java's HashMap of them
            group_views = consumers[group]
            print(_ROW % ("#Type", "#ConsumerGroup", "#ClientHost", "#ConsumerTime", "#CostTimes", "#Status"))
            for view in group_views:
                print(_row("Sub", view))
            print()
