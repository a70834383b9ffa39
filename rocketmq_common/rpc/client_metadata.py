"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.ClientMetadata``."""
from __future__ import annotations

import logging
import threading
from typing import Dict, Optional

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils

__all__ = ["ClientMetadata"]

log = logging.getLogger(__name__)


class ClientMetadata:
    """Routes and broker addresses known to an :class:`~rocketmq_common.rpc.rpc_client_impl.RpcClientImpl`, and
    for static topics the broker of each logical queue (``topic_end_points_table``)."""

    def __init__(self) -> None:
        self.topic_route_table: Dict[str, TopicRouteData] = {}
        self.topic_end_points_table: Dict[str, Dict[MessageQueue, str]] = {}
        self.broker_addr_table: Dict[str, Dict[int, str]] = {}
        self.broker_version_table: Dict[str, Dict[str, int]] = {}
        self._lock = threading.Lock()

    def fresh_topic_route(self, topic: Optional[str], topic_route_data: Optional[TopicRouteData]) -> None:
        """Java ``freshTopicRoute``: take a topic's route (broker addresses, logical queue endpoints) when it
        changed."""
        if topic is None or topic_route_data is None:
            return
        with self._lock:
            if not topic_route_data.topic_route_data_changed(self.topic_route_table.get(topic)):
                return
            self.topic_route_table[topic] = topic_route_data
            for bd in topic_route_data.broker_datas or ():
                self.broker_addr_table[bd.broker_name] = bd.broker_addrs
            mq_end_points = ClientMetadata.topic_route_data2_endpoints_for_static_topic(topic, topic_route_data)
            if mq_end_points:
                self.topic_end_points_table[topic] = mq_end_points

    def get_broker_name_from_message_queue(self, mq: MessageQueue) -> str:
        """Java ``getBrokerNameFromMessageQueue``: the broker of a static topic's logical queue, else the
        queue's own broker name."""
        end_points = self.topic_end_points_table.get(mq.topic)
        if end_points:
            return end_points.get(mq)  # type: ignore[return-value]
        return mq.broker_name

    def refresh_cluster_info(self, cluster_info: Optional[ClusterInfo]) -> None:
        """Java ``refreshClusterInfo``: take the broker addresses of a cluster listing."""
        if cluster_info is None or cluster_info.broker_addr_table is None:
            return
        for broker_name, broker_data in cluster_info.broker_addr_table.items():
            self.broker_addr_table[broker_name] = broker_data.broker_addrs

    def find_master_broker_addr(self, broker_name: Optional[str]) -> Optional[str]:
        """Java ``findMasterBrokerAddr``: the master address of a broker name (None when unknown)."""
        addrs = self.broker_addr_table.get(broker_name)  # type: ignore[arg-type]
        if addrs is None:
            return None
        return addrs.get(MixAll.MASTER_ID)

    def get_broker_addr_table(self) -> Dict[str, Dict[int, str]]:
        """Java ``getBrokerAddrTable``."""
        return self.broker_addr_table

    @staticmethod
    def topic_route_data2_endpoints_for_static_topic(topic: str, route: TopicRouteData) -> Dict[MessageQueue, str]:
        """Java ``topicRouteData2EndpointsForStaticTopic``: for a static topic, each logical queue (broker name
        ``__syslo__<scope>``) -> the broker of its current leader, the newest epoch winning; logical queues no
        broker claims map to ``__syslo__none__``. Empty for a topic that is not static."""
        mapping_by_broker = route.topic_queue_mapping_by_broker
        if not mapping_by_broker:
            return {}
        mq_end_points_of_broker: Dict[MessageQueue, str] = {}
        mapping_infos_by_scope: Dict[str, Dict[str, TopicQueueMappingInfo]] = {}
        for broker, info in mapping_by_broker.items():
            if info.scope is not None:
                mapping_infos_by_scope.setdefault(info.scope, {})[broker] = info
        for scope, infos in mapping_infos_by_scope.items():
            mq_end_points: Dict[MessageQueue, TopicQueueMappingInfo] = {}
            max_total_nums = 0
            max_total_num_of_epoch = -1
            for info in sorted(infos.values(), key=lambda i: -i.epoch):
                if info.epoch >= max_total_num_of_epoch and info.total_queues > max_total_nums:
                    max_total_nums = info.total_queues
                for global_id in (info.curr_id_map or {}):
                    mq = MessageQueue(topic, TopicQueueMappingUtils.get_mock_broker_name(info.scope), global_id)
                    old_info = mq_end_points.get(mq)
                    if old_info is None or old_info.epoch <= info.epoch:
                        mq_end_points[mq] = info
            mock_broker_name = TopicQueueMappingUtils.get_mock_broker_name(scope)
            for i in range(max_total_nums):
                mq = MessageQueue(topic, mock_broker_name, i)
                info_of_mq = mq_end_points.get(mq)
                mq_end_points_of_broker[mq] = (MixAll.LOGICAL_QUEUE_MOCK_BROKER_NAME_NOT_EXIST if info_of_mq is None
                                               else info_of_mq.bname)
        return mq_end_points_of_broker
