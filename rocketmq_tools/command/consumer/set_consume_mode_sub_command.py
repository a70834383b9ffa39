"""Java ``org.apache.rocketmq.tools.command.consumer.SetConsumeModeSubCommand`` (5.3.3): ``setConsumeMode``."""
from __future__ import annotations

import argparse
import logging

from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import describe, new_admin

__all__ = ["SetConsumeModeSubCommand"]

log = logging.getLogger(__name__)


class SetConsumeModeSubCommand(SubCommand):
    """Set how a group reads a topic, PULL or POP, on one broker (``-b``) or on every master of a cluster
    (``-c``; one of the two is required here, Java prints the help without either). Consumers with
    ``set_client_rebalance(False)`` follow the mode at their next rebalance (within 20 s)."""

    def command_name(self) -> str:
        return "setConsumeMode"

    def command_desc(self) -> str:
        return "Set consume message mode. pull/pop etc."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="create subscription group to which broker")
        group.add_argument("-c", "--clusterName", help="create subscription group to which cluster")
        parser.add_argument("-t", "--topicName", required=True, help="topic name")
        parser.add_argument("-g", "--groupName", required=True, help="consumer group name")
        parser.add_argument("-m", "--mode", required=True, choices=[m.name for m in MessageRequestMode],
                            help="consume mode. PULL/POP")
        parser.add_argument("-q", "--popShareQueueNum", type=int, default=0,
                            help="num of queue which share in pop mode")

    def execute(self, args: argparse.Namespace) -> int:
        topic_name = args.topicName.strip()
        group_name = args.groupName.strip()
        mode = MessageRequestMode[args.mode.strip()]
        pop_share_queue_num = args.popShareQueueNum
        summary = "topic[%s] group[%s] consume mode[%s] popShareQueueNum[%d]" % (
            topic_name, group_name, mode.name, pop_share_queue_num)
        if args.brokerAddr:
            addr = args.brokerAddr.strip()
            with new_admin(args.namesrv_addr) as admin:
                admin.set_message_request_mode(addr, topic_name, group_name, mode, pop_share_queue_num, 5000)
            print("set consume mode to %s success." % addr)
            print(summary)
            return 0
        code = 0
        with new_admin(args.namesrv_addr) as admin:
            for addr in sorted(CommandUtil.fetch_master_addr_by_cluster_name(admin, args.clusterName.strip())):
                try:
                    admin.set_message_request_mode(addr, topic_name, group_name, mode, pop_share_queue_num, 5000)
                    print("set consume mode to %s success." % addr)
                except Exception as e:  # noqa: BLE001 - Java prints the stack and goes on with the next master
                    log.debug("setConsumeMode at %s failed", addr, exc_info=True)
                    print("set consume mode to %s failed: %s" % (addr, describe(e)))
                    code = 1
        print(summary)
        return code
