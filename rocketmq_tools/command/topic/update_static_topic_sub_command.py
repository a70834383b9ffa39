"""Java 5.3.3 ``org.apache.rocketmq.tools.command.topic.UpdateStaticTopicSubCommand``: ``updateStaticTopic``."""
from __future__ import annotations

import argparse
import time
from typing import Set

from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils
from rocketmq_common.protocol.statictopic.topic_remapping_detail_wrapper import TopicRemappingDetailWrapper
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.admin.mq_admin_utils import MQAdminUtils
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin, parse_bool

__all__ = ["UpdateStaticTopicSubCommand"]


class UpdateStaticTopicSubCommand(SubCommand):
    """Create a static topic of ``-qn`` logical queues over the brokers of ``-b`` (or of the clusters of
    ``-c``), or grow one: the plan (old and new mapping, written to ``<tmpdir>/<topic>-<epoch>.before`` /
    ``.after``) keeps the existing queues where they are and spreads the new ones over the brokers with the
    fewest. ``-mf`` writes a mapping file made before instead (Java 5.3.3 declares the option but tests for
    ``-f``, so its mqadmin never reads the file; here it is read), ``-fr true`` makes the brokers accept it
    over their own (Java parses it and passes false)."""

    def command_name(self) -> str:
        return "updateStaticTopic"

    def command_desc(self) -> str:
        return "Update or create static topic, which has fixed number of queues."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        UpdateStaticTopicSubCommand.add_target_options(parser)
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-qn", "--totalQueueNum", required=True, type=int, help="total queue num")
        parser.add_argument("-mf", "--mapFile", help="The mapping data file name")
        parser.add_argument("-fr", "--forceReplace", help="Force replace the old mapping")

    @staticmethod
    def add_target_options(parser: argparse.ArgumentParser) -> None:
        """The ``-c`` / ``-b`` option group both static-topic commands have (one of them is required)."""
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-c", "--clusters", help="remapping static topic to clusters, comma separated")
        group.add_argument("-b", "--brokers", help="remapping static topic to brokers, comma separated")

    @staticmethod
    def target_brokers(args: argparse.Namespace, cluster_info: ClusterInfo) -> Set[str]:
        """The brokers of ``-b``, or every broker of the ``-c`` clusters the cluster knows; RuntimeError (Java's
        RuntimeException) for an empty cluster or no broker."""
        if cluster_info is None or not cluster_info.cluster_addr_table:
            raise RuntimeError("The Cluster info is empty")
        target_brokers: Set[str] = set()
        if args.brokers is not None:
            target_brokers.update(broker.strip() for broker in args.brokers.strip().split(","))
        else:
            for cluster in args.clusters.strip().split(","):
                target_brokers.update(cluster_info.cluster_addr_table.get(cluster.strip()) or ())
        if not target_brokers:
            raise RuntimeError("Find none brokers, do nothing")
        return target_brokers

    @staticmethod
    def read_map_file(args: argparse.Namespace) -> TopicRemappingDetailWrapper:
        """Java ``executeFromFile``'s first steps: the ``-mf`` plan, checked (name, epoch and queue count, items)
        against ``-t``."""
        map_data = MixAll.file2string(args.mapFile.strip())
        if map_data is None:
            raise RuntimeError("Cannot read the mapping data file " + args.mapFile.strip())
        wrapper = TopicRemappingDetailWrapper.decode(map_data.encode("utf-8"))
        TopicQueueMappingUtils.check_name_epoch_num_consistence(args.topic.strip(), wrapper.broker_config_map)
        TopicQueueMappingUtils.check_and_build_mapping_items(
            TopicQueueMappingUtils.get_mapping_detail_from_config(wrapper.broker_config_map.values()), False, True)
        return wrapper

    @staticmethod
    def force_replace(args: argparse.Namespace) -> bool:
        """``-fr`` (Java ``Boolean.parseBoolean``)."""
        return args.forceReplace is not None and parse_bool(args.forceReplace)

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            if args.mapFile is not None:
                wrapper = self.read_map_file(args)
                MQAdminUtils.complete_no_target_brokers(wrapper.broker_config_map, admin)
                MQAdminUtils.update_topic_config_mapping_all(wrapper.broker_config_map, admin,
                                                             self.force_replace(args))
                return 0
            self._execute(admin, args)
        return 0

    def _execute(self, admin: DefaultMQAdminExt, args: argparse.Namespace) -> None:
        topic = args.topic.strip()
        target_brokers = self.target_brokers(args, admin.examine_broker_cluster_info())
        # the existing topic config and mapping
        broker_config_map = MQAdminUtils.examine_topic_config_all(topic, admin)
        queue_num = args.totalQueueNum
        max_epoch = int(time.time() * 1000)
        if broker_config_map:
            max_epoch = TopicQueueMappingUtils.check_name_epoch_num_consistence(  # type: ignore[index]
                topic, broker_config_map)[0]
        old_wrapper = TopicRemappingDetailWrapper(topic, TopicRemappingDetailWrapper.TYPE_CREATE_OR_UPDATE,
                                                  max_epoch, broker_config_map, set(), set())
        print("The old mapping data is written to file " + TopicQueueMappingUtils.write_to_temp(old_wrapper, False))
        target_brokers.update(broker_config_map)  # the existing brokers stay targets
        new_wrapper = TopicQueueMappingUtils.create_topic_config_mapping(topic, queue_num, target_brokers,
                                                                         broker_config_map)
        print("The new mapping data is written to file " + TopicQueueMappingUtils.write_to_temp(new_wrapper, True))
        MQAdminUtils.complete_no_target_brokers(broker_config_map, admin)
        MQAdminUtils.update_topic_config_mapping_all(broker_config_map, admin, self.force_replace(args))
