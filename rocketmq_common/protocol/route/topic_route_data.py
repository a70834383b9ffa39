"""Java ``org.apache.rocketmq.common.protocol.route.TopicRouteData``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.protocol.route.broker_data import BrokerData
from rocketmq_common.protocol.route.queue_data import QueueData
from rocketmq_remoting.common.bean import ListOf, MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["TopicRouteData", "topic_route_data_is_change"]


class TopicRouteData(RemotingSerializable):
    """Body of the ``GET_ROUTEINFO_BY_TOPIC`` response: queue data per broker name, broker addresses, optional
    order-topic configuration (``brokerName:queueNum;...``) and filter servers by broker address.

    Equality follows Java ``equals``: the lists are compared in order (see :func:`topic_route_data_is_change`
    for the order-insensitive comparison the client makes).
    """

    order_topic_conf = Prop(str)
    queue_datas = Prop(ListOf(QueueData))
    broker_datas = Prop(ListOf(BrokerData))
    filter_server_table = Prop(MapOf(str, ListOf(str)))

    def clone_topic_route_data(self) -> "TopicRouteData":
        """Java ``cloneTopicRouteData``: new lists and map holding the same element objects."""
        return TopicRouteData(order_topic_conf=self.order_topic_conf,
                              queue_datas=list(self.queue_datas or ()),
                              broker_datas=list(self.broker_datas or ()),
                              filter_server_table=dict(self.filter_server_table or {}))

    def _key(self):
        return (self.broker_datas, self.order_topic_conf, self.queue_datas, self.filter_server_table)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        table = self.filter_server_table
        return hash((tuple(self.broker_datas or ()), self.order_topic_conf, tuple(self.queue_datas or ()),
                     None if table is None else frozenset((k, tuple(v or ())) for k, v in table.items())))


def topic_route_data_is_change(olddata: Optional[TopicRouteData], nowdata: Optional[TopicRouteData]) -> bool:
    """Whether a route changed, ignoring the order of its queue and broker lists (Java
    ``MQClientInstance.topicRouteDataIsChange``); a missing route counts as a change."""
    if olddata is None or nowdata is None:
        return True
    old = olddata.clone_topic_route_data()
    now = nowdata.clone_topic_route_data()
    old.queue_datas.sort()
    old.broker_datas.sort()
    now.queue_datas.sort()
    now.broker_datas.sort()
    return old != now
