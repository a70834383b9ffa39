"""Java ``org.apache.rocketmq.common.protocol.route.TopicRouteData`` as of 5.3.3 (``topicQueueMappingByBroker``)."""
from __future__ import annotations

from typing import Dict, List, Optional

from rocketmq_common.protocol.route.broker_data import BrokerData
from rocketmq_common.protocol.route.queue_data import QueueData
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_remoting.common.bean import ListOf, MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicRouteData", "topic_route_data_is_change"]


class TopicRouteData(RemotingSerializable):
    """Body of the ``GET_ROUTEINFO_BY_TOPIC`` response: queue data per broker name, broker addresses, optional
    order-topic configuration (``brokerName:queueNum;...``), filter servers by broker address and, for a static
    topic on 5.x brokers, each broker's :class:`TopicQueueMappingInfo` (``topicQueueMappingByBroker``; None or
    empty otherwise, absent from 4.9.7 routes).

    Equality follows Java ``equals``: the lists are compared in order (see :func:`topic_route_data_is_change`
    for the order-insensitive comparison the client makes).
    """

    order_topic_conf = Prop(str)
    queue_datas = Prop(ListOf(QueueData))
    broker_datas = Prop(ListOf(BrokerData))
    filter_server_table = Prop(MapOf(str, ListOf(str)))
    topic_queue_mapping_by_broker = Prop(MapOf(str, TopicQueueMappingInfo))

    def get_order_topic_conf(self) -> str: return self.order_topic_conf
    def set_order_topic_conf(self, order_topic_conf: Optional[str]) -> None: self.order_topic_conf = order_topic_conf
    def get_queue_datas(self) -> List[QueueData]: return self.queue_datas
    def set_queue_datas(self, queue_datas: Optional[List[QueueData]]) -> None: self.queue_datas = queue_datas
    def get_broker_datas(self) -> List[BrokerData]: return self.broker_datas
    def set_broker_datas(self, broker_datas: Optional[List[BrokerData]]) -> None: self.broker_datas = broker_datas
    def get_filter_server_table(self) -> Dict[str, List[str]]: return self.filter_server_table
    def set_filter_server_table(self, filter_server_table: Optional[Dict[str, List[str]]]) -> None:
        self.filter_server_table = filter_server_table
    def get_topic_queue_mapping_by_broker(self) -> Dict[str, TopicQueueMappingInfo]:
        return self.topic_queue_mapping_by_broker
    def set_topic_queue_mapping_by_broker(
            self, topic_queue_mapping_by_broker: Optional[Dict[str, TopicQueueMappingInfo]]) -> None:
        self.topic_queue_mapping_by_broker = topic_queue_mapping_by_broker

    def clone_topic_route_data(self) -> "TopicRouteData":
        """Java ``cloneTopicRouteData``: new lists and maps holding the same element objects."""
        mapping = self.topic_queue_mapping_by_broker
        return TopicRouteData(order_topic_conf=self.order_topic_conf,
                              queue_datas=list(self.queue_datas or ()),
                              broker_datas=list(self.broker_datas or ()),
                              filter_server_table=dict(self.filter_server_table or {}),
                              topic_queue_mapping_by_broker=None if mapping is None else dict(mapping))

    def topic_route_data_changed(self, old_data: Optional["TopicRouteData"]) -> bool:
        """Java 5.3.3 ``topicRouteDataChanged``: see :func:`topic_route_data_is_change`."""
        return topic_route_data_is_change(old_data, self)

    def _key(self):
        return (self.broker_datas, self.order_topic_conf, self.queue_datas, self.filter_server_table,
                self.topic_queue_mapping_by_broker)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        table = self.filter_server_table
        mapping = self.topic_queue_mapping_by_broker
        return hash((tuple(self.broker_datas or ()), self.order_topic_conf, tuple(self.queue_datas or ()),
                     None if table is None else frozenset((k, tuple(v or ())) for k, v in table.items()),
                     None if mapping is None else frozenset(mapping.items())))


def topic_route_data_is_change(olddata: Optional[TopicRouteData], nowdata: Optional[TopicRouteData]) -> bool:
    """Whether a route changed, ignoring the order of its queue and broker lists (Java
    ``MQClientInstance.topicRouteDataIsChange``, 5.3.3 ``TopicRouteData.topicRouteDataChanged``); a missing route
    counts as a change. A changed static-topic mapping is a change."""
    if olddata is None or nowdata is None:
        return True
    old = olddata.clone_topic_route_data()
    now = nowdata.clone_topic_route_data()
    old.queue_datas.sort()
    old.broker_datas.sort()
    now.queue_datas.sort()
    now.broker_datas.sort()
    return old != now
