"""Java 5.3.3 ``org.apache.rocketmq.tools.admin.MQAdminUtils``: the static-topic steps of the admin tools.

Java throws ``RuntimeException`` for an inconsistent cluster or mapping; here it is :class:`RuntimeError` with
Java's message.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Collection, Dict, Set

from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.admin.offset_wrapper import OffsetWrapper
from rocketmq_common.admin.topic_offset import TopicOffset
from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils
from rocketmq_common.rpc.client_metadata import ClientMetadata
from rocketmq_common.topic_config import TopicConfig

if TYPE_CHECKING:
    from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

__all__ = ["MQAdminUtils"]


class MQAdminUtils:
    """Reading a static topic's configs from the brokers, writing a planned mapping to them (in the order a
    remapping needs), and turning physical offsets into logical ones."""

    @staticmethod
    def get_broker_metadata(default_mq_admin_ext: "DefaultMQAdminExt") -> ClientMetadata:
        """Java ``getBrokerMetadata``: the cluster's broker addresses."""
        client_metadata = ClientMetadata()
        MQAdminUtils.refresh_cluster_info(default_mq_admin_ext, client_metadata)
        return client_metadata

    @staticmethod
    def get_broker_and_topic_metadata(topic: str, default_mq_admin_ext: "DefaultMQAdminExt") -> ClientMetadata:
        """Java ``getBrokerAndTopicMetadata``: the broker addresses and ``topic``'s route."""
        client_metadata = ClientMetadata()
        MQAdminUtils.refresh_cluster_info(default_mq_admin_ext, client_metadata)
        MQAdminUtils.refresh_topic_route_info(topic, default_mq_admin_ext, client_metadata)
        return client_metadata

    @staticmethod
    def refresh_cluster_info(default_mq_admin_ext: "DefaultMQAdminExt", client_metadata: ClientMetadata) -> None:
        """Java ``refreshClusterInfo``; RuntimeError for an empty cluster."""
        cluster_info = default_mq_admin_ext.examine_broker_cluster_info()
        if cluster_info is None or not cluster_info.cluster_addr_table:
            raise RuntimeError("The Cluster info is empty")
        client_metadata.refresh_cluster_info(cluster_info)

    @staticmethod
    def refresh_topic_route_info(topic: str, default_mq_admin_ext: "DefaultMQAdminExt",
                                 client_metadata: ClientMetadata) -> None:
        """Java ``refreshTopicRouteInfo``: take ``topic``'s route when it has queues (a topic the NameServer
        does not know is no error; another refusal is an MQBrokerException)."""
        route_data = None
        try:
            route_data = default_mq_admin_ext.examine_topic_route_info(topic)
        except MQClientException as e:
            if e.response_code != ResponseCode.TOPIC_NOT_EXIST:
                raise MQBrokerException(e.response_code, e.error_message) from e
        if route_data is not None and route_data.queue_datas:
            client_metadata.fresh_topic_route(topic, route_data)

    @staticmethod
    def get_all_brokers_in_same_cluster(brokers: Collection[str],
                                        default_mq_admin_ext: "DefaultMQAdminExt") -> Set[str]:
        """Java ``getAllBrokersInSameCluster``: every broker of the clusters ``brokers`` belong to."""
        cluster_info = default_mq_admin_ext.examine_broker_cluster_info()
        if cluster_info is None or not cluster_info.cluster_addr_table:
            raise RuntimeError("The Cluster info is empty")
        all_brokers: Set[str] = set()
        for broker in brokers:
            if broker in all_brokers:
                continue
            for cluster_brokers in cluster_info.cluster_addr_table.values():
                if broker in cluster_brokers:
                    all_brokers.update(cluster_brokers)
                    break
        return all_brokers

    @staticmethod
    def complete_no_target_brokers(broker_config_map: Dict[str, TopicConfigAndQueueMapping],
                                   default_mq_admin_ext: "DefaultMQAdminExt") -> None:
        """Java ``completeNoTargetBrokers``: the other brokers of the clusters get an empty config and mapping of
        the same epoch (so that every broker fences older data)."""
        config_mapping = next(iter(broker_config_map.values()))
        topic = config_mapping.topic_name
        queue_num = config_mapping.mapping_detail.total_queues
        new_epoch = config_mapping.mapping_detail.epoch
        for broker in MQAdminUtils.get_all_brokers_in_same_cluster(list(broker_config_map), default_mq_admin_ext):
            if broker not in broker_config_map:
                broker_config_map[broker] = TopicConfigAndQueueMapping(
                    TopicConfig(topic, 0, 0), TopicQueueMappingDetail(topic, queue_num, broker, new_epoch))

    @staticmethod
    def check_if_master_alive(brokers: Collection[str], default_mq_admin_ext: "DefaultMQAdminExt",
                              client_metadata: ClientMetadata) -> None:
        """Java ``checkIfMasterAlive``: RuntimeError for a broker without a master address."""
        for broker in brokers:
            if client_metadata.find_master_broker_addr(broker) is None:
                raise RuntimeError("Can't find addr for broker " + broker)

    @staticmethod
    def _create_static_topic(default_mq_admin_ext: "DefaultMQAdminExt", client_metadata: ClientMetadata,
                             broker: str, config_mapping: TopicConfigAndQueueMapping, force: bool) -> None:
        default_mq_admin_ext.create_static_topic(client_metadata.find_master_broker_addr(broker),  # type: ignore
                                                 default_mq_admin_ext.create_topic_key, config_mapping,
                                                 config_mapping.mapping_detail, force)

    @staticmethod
    def update_topic_config_mapping_all(broker_config_map: Dict[str, TopicConfigAndQueueMapping],
                                        default_mq_admin_ext: "DefaultMQAdminExt", force: bool) -> None:
        """Java ``updateTopicConfigMappingAll``: write every broker's config and mapping (when some succeed and
        others fail the brokers disagree until the command is run again)."""
        client_metadata = MQAdminUtils.get_broker_metadata(default_mq_admin_ext)
        MQAdminUtils.check_if_master_alive(list(broker_config_map), default_mq_admin_ext, client_metadata)
        for broker, config_mapping in broker_config_map.items():
            MQAdminUtils._create_static_topic(default_mq_admin_ext, client_metadata, broker, config_mapping, force)

    @staticmethod
    def remapping_static_topic(topic: str, brokers_to_map_in: Set[str], brokers_to_map_out: Set[str],
                               broker_config_map: Dict[str, TopicConfigAndQueueMapping], block_seq_size: int,
                               force: bool, default_mq_admin_ext: "DefaultMQAdminExt") -> None:
        """Java ``remappingStaticTopic``: (1) the new leaders take writes without a logic offset, (2) the old
        leaders stop taking writes, (3) each moved queue's logic offset is fixed past the old leader's max offset
        (rounded up to ``block_seq_size``), (4) the new leaders get it, (5) the other brokers get the new epoch."""
        client_metadata = MQAdminUtils.get_broker_metadata(default_mq_admin_ext)
        MQAdminUtils.check_if_master_alive(list(broker_config_map), default_mq_admin_ext, client_metadata)
        for broker in brokers_to_map_in:
            MQAdminUtils._create_static_topic(default_mq_admin_ext, client_metadata, broker,
                                              broker_config_map[broker], force)
        for broker in brokers_to_map_out:
            MQAdminUtils._create_static_topic(default_mq_admin_ext, client_metadata, broker,
                                              broker_config_map[broker], force)
        for broker in brokers_to_map_out:
            addr = client_metadata.find_master_broker_addr(broker)
            stats_table = default_mq_admin_ext.examine_topic_stats(addr, topic)  # type: ignore[arg-type]
            map_out_config = broker_config_map[broker]
            for global_id, items in map_out_config.mapping_detail.hosted_queues.items():
                if len(items) < 2:
                    continue
                new_leader, old_leader = items[-1], items[-2]
                if new_leader.logic_offset > 0:
                    continue
                topic_offset = (stats_table.offset_table or {}).get(
                    MessageQueue(topic, old_leader.bname, old_leader.queue_id))
                if topic_offset is None:
                    raise RuntimeError("Cannot get the max offset for old leader %s" % old_leader)
                if topic_offset.max_offset < old_leader.start_offset:
                    raise RuntimeError("The max offset is smaller then the start offset %s %d"
                                       % (old_leader, topic_offset.max_offset))
                new_leader.logic_offset = TopicQueueMappingUtils.block_seq_round_up(
                    old_leader.compute_static_queue_offset_strictly(topic_offset.max_offset), block_seq_size)
                # fresh the new leader
                TopicQueueMappingDetail.put_mapping_info(broker_config_map[new_leader.bname].mapping_detail,
                                                         global_id, items)
        for broker in brokers_to_map_in:
            MQAdminUtils._create_static_topic(default_mq_admin_ext, client_metadata, broker,
                                              broker_config_map[broker], force)
        for broker, config_mapping in broker_config_map.items():
            if broker in brokers_to_map_in or broker in brokers_to_map_out:
                continue
            MQAdminUtils._create_static_topic(default_mq_admin_ext, client_metadata, broker, config_mapping, force)

    @staticmethod
    def examine_topic_config_all(topic: str,
                                 default_mq_admin_ext: "DefaultMQAdminExt") -> Dict[str, TopicConfigAndQueueMapping]:
        """Java ``examineTopicConfigAll``: ``topic``'s config and mapping on every broker of the cluster that has
        it."""
        client_metadata = ClientMetadata()
        cluster_info = default_mq_admin_ext.examine_broker_cluster_info()
        if cluster_info is not None and cluster_info.broker_addr_table is not None:
            client_metadata.refresh_cluster_info(cluster_info)
        return MQAdminUtils._examine_topic_configs(
            topic, ((broker, client_metadata.find_master_broker_addr(broker))
                    for broker in client_metadata.get_broker_addr_table()), default_mq_admin_ext)

    @staticmethod
    def examine_topic_config_from_route(topic: str, topic_route_data: TopicRouteData,
                                        default_mq_admin_ext: "DefaultMQAdminExt"
                                        ) -> Dict[str, TopicConfigAndQueueMapping]:
        """Java ``examineTopicConfigFromRoute``: ``topic``'s config and mapping on every broker of its route."""
        return MQAdminUtils._examine_topic_configs(
            topic, ((bd.broker_name, bd.select_broker_addr()) for bd in topic_route_data.broker_datas or ()),
            default_mq_admin_ext)

    @staticmethod
    def _examine_topic_configs(topic: str, brokers, default_mq_admin_ext: "DefaultMQAdminExt"
                               ) -> Dict[str, TopicConfigAndQueueMapping]:
        """The config of each (broker name, address) that has ``topic`` (a broker without it is skipped)."""
        broker_config_map: Dict[str, TopicConfigAndQueueMapping] = {}
        for broker, addr in brokers:
            if addr is None:
                continue
            try:
                mapping = default_mq_admin_ext.examine_topic_config(addr, topic)
            except MQBrokerException as e:
                if e.response_code != ResponseCode.TOPIC_NOT_EXIST:
                    raise
                continue
            if mapping is not None:  # allow the config is null
                if not isinstance(mapping, TopicConfigAndQueueMapping):  # a 4.x broker: no mapping
                    mapping = TopicConfigAndQueueMapping(mapping)
                assert mapping.mapping_detail is None or mapping.mapping_detail.bname == broker
                broker_config_map[broker] = mapping
        return broker_config_map

    @staticmethod
    def convert_physical_topic_stats(topic: str, broker_config_map: Dict[str, TopicConfigAndQueueMapping],
                                     topic_stats_table: TopicStatsTable) -> None:
        """Java ``convertPhysicalTopicStats``: add each logical queue's offsets (from its first and last items'
        physical queues) to ``topic_stats_table``, under the mock broker name."""
        global_id_map = TopicQueueMappingUtils.check_and_build_mapping_items(
            TopicQueueMappingUtils.get_mapping_detail_from_config(broker_config_map.values()), True, False)
        offset_table = topic_stats_table.offset_table
        for qid, mapping_one in global_id_map.items():
            min_item = TopicQueueMappingUtils.find_logic_queue_mapping_item(mapping_one.items, 0, True)
            max_item = TopicQueueMappingUtils.find_logic_queue_mapping_item(mapping_one.items, sys.maxsize, True)
            assert min_item is not None and max_item is not None
            min_topic_offset = offset_table.get(MessageQueue(topic, min_item.bname, min_item.queue_id))
            max_topic_offset = offset_table.get(MessageQueue(topic, max_item.bname, max_item.queue_id))
            if min_topic_offset is None or max_topic_offset is None:
                continue
            topic_offset = TopicOffset()
            topic_offset.min_offset = max(0, min_item.compute_static_queue_offset_loosely(min_topic_offset.min_offset))
            topic_offset.max_offset = max(0, max_item.compute_static_queue_offset_strictly(max_topic_offset.max_offset))
            topic_offset.last_update_timestamp = max_topic_offset.last_update_timestamp
            offset_table[MessageQueue(topic, TopicQueueMappingUtils.get_mock_broker_name(
                mapping_one.mapping_detail.scope), qid)] = topic_offset

    @staticmethod
    def convert_physical_consume_stats(broker_config_map: Dict[str, TopicConfigAndQueueMapping],
                                       physical_result: ConsumeStats) -> ConsumeStats:
        """Java ``convertPhysicalConsumeStats``: a group's logical queue offsets: the consumer offset of the
        newest item that has one, the broker offset of the newest item with a logic offset."""
        global_id_map = TopicQueueMappingUtils.check_and_build_mapping_items(
            TopicQueueMappingUtils.get_mapping_detail_from_config(broker_config_map.values()), True, False)
        result = ConsumeStats()
        result.consume_tps = physical_result.consume_tps
        for qid, mapping_one in global_id_map.items():
            message_queue = MessageQueue(mapping_one.topic, TopicQueueMappingUtils.get_mock_broker_name(
                mapping_one.mapping_detail.scope), qid)
            broker_offset = consumer_offset = last_timestamp = -1
            for item in reversed(mapping_one.items):
                phy_offset_wrapper = physical_result.offset_table.get(
                    MessageQueue(mapping_one.topic, item.bname, item.queue_id))
                if phy_offset_wrapper is None:
                    continue
                if consumer_offset == -1 and phy_offset_wrapper.consumer_offset >= 0:
                    consumer_offset = phy_offset_wrapper.consumer_offset
                    last_timestamp = phy_offset_wrapper.last_timestamp
                if broker_offset == -1 and item.logic_offset >= 0:
                    broker_offset = item.compute_static_queue_offset_strictly(phy_offset_wrapper.broker_offset)
                if consumer_offset >= 0 and broker_offset >= 0:
                    break
            if broker_offset >= 0 and consumer_offset >= 0:
                offset_wrapper = OffsetWrapper()
                offset_wrapper.broker_offset = broker_offset
                offset_wrapper.consumer_offset = consumer_offset
                offset_wrapper.last_timestamp = last_timestamp
                result.offset_table[message_queue] = offset_wrapper
        return result
