"""Java ``org.apache.rocketmq.tools.command.consumer.ConsumerProgressSubCommand``: ``consumerProgress``."""
from __future__ import annotations

import argparse
import logging
from typing import Dict, Optional

from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.exception import RemotingException
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, parse_bool
from rocketmq_tools.command.topic.topic_list_sub_command import name_server_topics

__all__ = ["ConsumerProgressSubCommand"]

log = logging.getLogger(__name__)

GROUP_FORMAT = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s  %s"
GROUP_IP_FORMAT = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s  %s"
#: 5.3.3's lines with the #Inflight column (its header has no blank before #LastTime)
INFLIGHT_HEADER = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s%s"
INFLIGHT_FORMAT = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s %s"
INFLIGHT_IP_HEADER = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s %-20s%s"
INFLIGHT_IP_FORMAT = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s %-20s %s"
ALL_FORMAT = "%-64s  %-6s  %-24s %-5s  %-14s  %-7s  %s"


def _layout(show_client_ip: bool, inflight: bool, header: bool) -> str:
    """The line format of one queue (or of the header) of ``consumerProgress -g``."""
    if not inflight:
        return GROUP_IP_FORMAT if show_client_ip else GROUP_FORMAT
    if show_client_ip:
        return INFLIGHT_IP_HEADER if header else INFLIGHT_IP_FORMAT
    return INFLIGHT_HEADER if header else INFLIGHT_FORMAT


class ConsumerProgressSubCommand(SubCommand):
    """``-g``: the group's offsets per queue (``-t``: of one topic, 5.3.3; with ``-c`` the cluster, for an LMQ topic its
    parent topic, whose route is used), its lag and TPS; without ``-g``: one line per consumer group."""

    def command_name(self) -> str:
        return "consumerProgress"

    def command_desc(self) -> str:
        return "Query consumer's progress, speed."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-g", "--groupName", help="consumer group name")
        parser.add_argument("-t", "--topicName", help="topic name")
        parser.add_argument("-s", "--showClientIP", help="Show Client IP per Queue (true|false)")
        parser.add_argument("-c", "--cluster",
                            help="Cluster name or lmq parent topic, lmq is used to find the route.")

    @staticmethod
    def get_message_queue_allocation_result(admin: DefaultMQAdminExt, group: str) -> Dict[MessageQueue, str]:
        """Java ``getMessageQueueAllocationResult``: the client IP holding each queue (empty when unknown)."""
        results: Dict[MessageQueue, str] = {}
        try:
            for connection in admin.examine_consumer_connection_info(group).connection_set:
                info = admin.get_consumer_running_info(group, connection.client_id, False)
                for mq in (info.mq_table if info is not None else None) or {}:
                    results[mq] = connection.client_id.split("@")[0]
        except (MQClientException, MQBrokerException, RemotingException):
            log.debug("no allocation of %s", group, exc_info=True)
        return results

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            if args.groupName:
                self._print_group(admin, args.groupName.strip(), args.topicName.strip() if args.topicName else None,
                                  args.showClientIP is not None and parse_bool(args.showClientIP),
                                  args.cluster.strip() if args.cluster is not None else None)
            else:
                self._print_all_groups(admin)
        return 0

    def _print_group(self, admin: DefaultMQAdminExt, group: str, topic: Optional[str], show_client_ip: bool,
                     cluster_name: Optional[str]) -> None:
        """The group's queues; with the 5.3.3 columns (in flight: pulled, not yet consumed) when the broker sends
        the pull offsets (a 5.x broker), else 4.9.7's."""
        stats = admin.examine_consume_stats(group, topic, cluster_name if topic is not None else None)
        mqs = sorted(stats.offset_table)
        inflight_known = any(stats.offset_table[mq].pull_offset is not None for mq in mqs)
        allocation = self.get_message_queue_allocation_result(admin, group) if show_client_ip else None
        header = ["#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset"]
        header += ["#Client IP"] if show_client_ip else []
        header += ["#Diff", "#Inflight", "#LastTime"] if inflight_known else ["#Diff", "#LastTime"]
        print(_layout(show_client_ip, inflight_known, True) % tuple(header))
        diff_total = inflight_total = 0
        for mq in mqs:
            wrapper = stats.offset_table[mq]
            diff = wrapper.broker_offset - wrapper.consumer_offset
            inflight = (wrapper.pull_offset or 0) - wrapper.consumer_offset
            diff_total += diff
            inflight_total += inflight
            last_time = "N/A" if wrapper.last_timestamp == 0 else \
                UtilAll.format_date(wrapper.last_timestamp, UtilAll.YYYY_MM_DD_HH_MM_SS)
            columns = [UtilAll.front_string_at_least(mq.topic, 64), UtilAll.front_string_at_least(mq.broker_name, 32),
                       "%d" % mq.queue_id, "%d" % wrapper.broker_offset, "%d" % wrapper.consumer_offset]
            if allocation is not None:
                columns.append(allocation.get(mq, "N/A"))
            columns += ["%d" % diff] + (["%d" % inflight] if inflight_known else []) + [last_time]
            print(_layout(show_client_ip, inflight_known, False) % tuple(columns))
        print("")
        print("Consume TPS: %.2f" % stats.consume_tps)
        if inflight_known:
            print("Consume Diff Total: %d" % diff_total)
            print("Consume Inflight Total: %d" % inflight_total)
        else:
            print("Diff Total: %d" % diff_total)

    @staticmethod
    def _print_all_groups(admin: DefaultMQAdminExt) -> None:
        print(ALL_FORMAT % ("#Group", "#Count", "#Version", "#Type", "#Model", "#TPS", "#Diff Total"))
        for topic in name_server_topics(admin):
            if not topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                continue
            group = topic[len(MixAll.RETRY_GROUP_TOPIC_PREFIX):]
            tps = diff_total = count = 0
            version = consume_type = model = ""
            try:
                stats = admin.examine_consume_stats(group)
                tps, diff_total = int(stats.consume_tps), stats.compute_total_diff()
            except (MQClientException, MQBrokerException, RemotingException):
                log.warning("examineConsumeStats exception, %s", group, exc_info=True)
            try:
                connection = admin.examine_consumer_connection_info(group)
                count = len(connection.connection_set)
                version = MQVersion.get_version_desc(connection.compute_min_version())
                consume_type = "PULL" if connection.consume_type == ConsumeType.CONSUME_ACTIVELY else "PUSH"
                if connection.consume_type == ConsumeType.CONSUME_PASSIVELY:
                    model = connection.message_model.name
            except (MQClientException, MQBrokerException, RemotingException):
                log.warning("examineConsumerConnectionInfo exception, %s", group, exc_info=True)
            print(ALL_FORMAT % (UtilAll.front_string_at_least(group, 64), "%d" % count,
                                version if count > 0 else "OFFLINE", consume_type, model, "%d" % tps,
                                "%d" % diff_total))
