"""Java ``org.apache.rocketmq.common.protocol.body.ConsumerConnection``."""
from __future__ import annotations

from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.protocol.body.connection import Connection
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_remoting.common.bean import MapOf, Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ConsumerConnection"]

_INTEGER_MAX_VALUE = 2 ** 31 - 1


class ConsumerConnection(RemotingSerializable):
    """Body of the ``GET_CONSUMER_CONNECTION_LIST`` response: a group's connections and subscriptions."""

    connection_set = Prop(SetOf(Connection), set())
    subscription_table = Prop(MapOf(str, SubscriptionData), {})
    consume_type = Prop(ConsumeType)
    message_model = Prop(MessageModel)
    consume_from_where = Prop(ConsumeFromWhere)

    def compute_min_version(self) -> int:
        """Java ``computeMinVersion``: the lowest client version (Integer.MAX_VALUE when there is none)."""
        return min((c.version for c in self.connection_set), default=_INTEGER_MAX_VALUE)
