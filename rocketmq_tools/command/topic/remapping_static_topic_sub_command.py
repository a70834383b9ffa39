"""Java 5.3.3 ``org.apache.rocketmq.tools.command.topic.RemappingStaticTopicSubCommand``:
``remappingStaticTopic``."""
from __future__ import annotations

import argparse

from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils
from rocketmq_common.protocol.statictopic.topic_remapping_detail_wrapper import TopicRemappingDetailWrapper
from rocketmq_common.rpc.client_metadata import ClientMetadata
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.admin.mq_admin_utils import MQAdminUtils
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin
from rocketmq_tools.command.topic.update_static_topic_sub_command import UpdateStaticTopicSubCommand

__all__ = ["RemappingStaticTopicSubCommand"]

#: Java's block size of the logic offsets given to remapped queues
_BLOCK_SEQ_SIZE = 10000


class RemappingStaticTopicSubCommand(SubCommand):
    """Move the logical queues of a static topic onto the brokers of ``-b`` (or of the clusters of ``-c``),
    with as few moves as possible: each moved queue gets a new physical queue on its new broker, which continues
    its logical offsets past the old one's end (rounded up to 10000); producers and consumers follow the route.
    The old and new mapping are written to ``<tmpdir>/<topic>-<epoch>.before`` / ``.after`` (Java prints "old"
    for both lines; so does this). ``-mf`` / ``-fr`` as in ``updateStaticTopic``."""

    def command_name(self) -> str:
        return "remappingStaticTopic"

    def command_desc(self) -> str:
        return "Remapping static topic."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        UpdateStaticTopicSubCommand.add_target_options(parser)
        parser.add_argument("-t", "--topic", required=True, help="topic name")
        parser.add_argument("-mf", "--mapFile", help="The mapping data file name ")
        parser.add_argument("-fr", "--forceReplace", help="Force replace the old mapping")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            if args.mapFile is not None:
                wrapper = UpdateStaticTopicSubCommand.read_map_file(args)
                MQAdminUtils.remapping_static_topic(args.topic.strip(), wrapper.broker_to_map_in,
                                                    wrapper.broker_to_map_out, wrapper.broker_config_map,
                                                    _BLOCK_SEQ_SIZE, UpdateStaticTopicSubCommand.force_replace(args),
                                                    admin)
                return 0
            self._execute(admin, args)
        return 0

    def _execute(self, admin: DefaultMQAdminExt, args: argparse.Namespace) -> None:
        topic = args.topic.strip()
        cluster_info = admin.examine_broker_cluster_info()
        target_brokers = UpdateStaticTopicSubCommand.target_brokers(args, cluster_info)
        client_metadata = ClientMetadata()
        client_metadata.refresh_cluster_info(cluster_info)
        for broker in target_brokers:
            if client_metadata.find_master_broker_addr(broker) is None:
                raise RuntimeError("Can't find addr for broker " + broker)
        broker_config_map = MQAdminUtils.examine_topic_config_all(topic, admin)
        if not broker_config_map:
            raise RuntimeError("No topic route to do the remapping")
        max_epoch = TopicQueueMappingUtils.check_name_epoch_num_consistence(  # type: ignore[index]
            topic, broker_config_map)[0]
        old_wrapper = TopicRemappingDetailWrapper(topic, TopicRemappingDetailWrapper.TYPE_CREATE_OR_UPDATE,
                                                  max_epoch, broker_config_map, set(), set())
        print("The old mapping data is written to file " + TopicQueueMappingUtils.write_to_temp(old_wrapper, False))
        new_wrapper = TopicQueueMappingUtils.remapping_static_topic(topic, broker_config_map, target_brokers)
        print("The old mapping data is written to file " + TopicQueueMappingUtils.write_to_temp(new_wrapper, True))
        MQAdminUtils.complete_no_target_brokers(new_wrapper.broker_config_map, admin)
        MQAdminUtils.remapping_static_topic(topic, new_wrapper.broker_to_map_in, new_wrapper.broker_to_map_out,
                                            new_wrapper.broker_config_map, _BLOCK_SEQ_SIZE, False, admin)
