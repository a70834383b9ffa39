"""Java ``org.apache.rocketmq.tools.command.consumer.UpdateSubGroupSubCommand``: ``updateSubGroup``."""
from __future__ import annotations

import argparse
import logging

from rocketmq_common.attribute.attribute_parser import AttributeParser
from rocketmq_common.subscription.group_retry_policy import GroupRetryPolicy
from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_serializable import from_json_value
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import describe, new_admin, parse_bool

__all__ = ["UpdateSubGroupSubCommand"]

log = logging.getLogger(__name__)

_RETRY_POLICY_HELP = ('the json string of retry policy ( exp: '
                      '{"type":"EXPONENTIAL","exponentialRetryPolicy":{"initial":5000,"max":7200000,"multiplier":2}} '
                      '{"type":"CUSTOMIZED","customizedRetryPolicy":{"next":[1000,5000,10000]}} )')


class UpdateSubGroupSubCommand(SubCommand):
    """Create or update a subscription group on one broker (``-b``) or on every master of a cluster (``-c``);
    as in Java, broadcast and consume-from-min default to false here. 5.3.3's ``-o`` (orderly), ``-p`` (the retry
    policy's JSON) and ``--attributes`` (``+a=b,-c``; a 5.3.3 broker knows no group attribute and refuses any)."""

    def command_name(self) -> str:
        return "updateSubGroup"

    def command_desc(self) -> str:
        return "Update or create subscription group."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-b", "--brokerAddr", help="create subscription group to which broker")
        group.add_argument("-c", "--clusterName", help="create subscription group to which cluster")
        parser.add_argument("-g", "--groupName", required=True, help="consumer group name")
        parser.add_argument("-s", "--consumeEnable", help="consume enable")
        parser.add_argument("-m", "--consumeFromMinEnable", help="from min offset")
        parser.add_argument("-d", "--consumeBroadcastEnable", help="broadcast")
        parser.add_argument("-o", "--consumeMessageOrderly", help="consume message orderly")
        parser.add_argument("-q", "--retryQueueNums", type=int, help="retry queue nums")
        parser.add_argument("-r", "--retryMaxTimes", type=int, help="retry max times")
        parser.add_argument("-p", "--groupRetryPolicy", help=_RETRY_POLICY_HELP)
        parser.add_argument("-i", "--brokerId", type=int, help="consumer from which broker id")
        parser.add_argument("-w", "--whichBrokerWhenConsumeSlowly", type=int, help="which broker id when consume "
                                                                                   "slowly")
        parser.add_argument("-a", "--notifyConsumerIdsChanged", help="notify consumerId changed")
        parser.add_argument("--attributes", help="attribute(+a=b,+c=d,-e)")

    def execute(self, args: argparse.Namespace) -> int:
        config = SubscriptionGroupConfig(group_name=args.groupName.strip(), consume_broadcast_enable=False,
                                         consume_from_min_enable=False)
        if args.consumeEnable is not None:
            config.consume_enable = parse_bool(args.consumeEnable)
        if args.consumeFromMinEnable is not None:
            config.consume_from_min_enable = parse_bool(args.consumeFromMinEnable)
        if args.consumeBroadcastEnable is not None:
            config.consume_broadcast_enable = parse_bool(args.consumeBroadcastEnable)
        if args.consumeMessageOrderly is not None:
            config.consume_message_orderly = parse_bool(args.consumeMessageOrderly)
        if args.retryQueueNums is not None:
            config.retry_queue_nums = args.retryQueueNums
        if args.retryMaxTimes is not None:
            config.retry_max_times = args.retryMaxTimes
        if args.groupRetryPolicy is not None:
            config.group_retry_policy = from_json_value(fastjson.loads(args.groupRetryPolicy.strip()),
                                                        GroupRetryPolicy)
        if args.brokerId is not None:
            config.broker_id = args.brokerId
        if args.whichBrokerWhenConsumeSlowly is not None:
            config.which_broker_when_consume_slowly = args.whichBrokerWhenConsumeSlowly
        if args.notifyConsumerIdsChanged is not None:
            config.notify_consumer_ids_changed_enable = parse_bool(args.notifyConsumerIdsChanged)
        if args.attributes is not None:
            config.attributes = AttributeParser.parse_to_map(args.attributes.strip())
        code = 0
        with new_admin(args.namesrv_addr) as admin:
            if args.brokerAddr:
                addr = args.brokerAddr.strip()
                admin.create_and_update_subscription_group_config(addr, config)
                print("create subscription group to %s success." % addr)
            else:
                for addr in sorted(CommandUtil.fetch_master_addr_by_cluster_name(admin, args.clusterName.strip())):
                    try:
                        admin.create_and_update_subscription_group_config(addr, config)
                        print("create subscription group to %s success." % addr)
                    except Exception as e:  # noqa: BLE001 - Java goes on with the next master
                        log.debug("updateSubGroup at %s failed", addr, exc_info=True)
                        print("create subscription group to %s failed: %s" % (addr, describe(e)))
                        code = 1
        print(config, end="")  # Java's printf("%s") of its toString, no line end
        return code
