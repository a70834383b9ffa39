"""Java ``org.apache.rocketmq.common.protocol.body.ConsumerConnection``."""
from __future__ import annotations

from typing import Dict, Optional, Set

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

    def get_connection_set(self) -> Set[Connection]: return self.connection_set
    def set_connection_set(self, connection_set: Set[Connection]) -> None: self.connection_set = connection_set
    def get_subscription_table(self) -> Dict[str, SubscriptionData]: return self.subscription_table
    def set_subscription_table(self, subscription_table: Dict[str, SubscriptionData]) -> None:
        self.subscription_table = subscription_table
    def get_consume_type(self) -> ConsumeType: return self.consume_type
    def set_consume_type(self, consume_type: Optional[ConsumeType]) -> None: self.consume_type = consume_type
    def get_message_model(self) -> MessageModel: return self.message_model
    def set_message_model(self, message_model: Optional[MessageModel]) -> None: self.message_model = message_model
    def get_consume_from_where(self) -> ConsumeFromWhere: return self.consume_from_where
    def set_consume_from_where(self, consume_from_where: Optional[ConsumeFromWhere]) -> None:
        self.consume_from_where = consume_from_where

    def compute_min_version(self) -> int:
        """Java ``computeMinVersion``: the lowest client version (Integer.MAX_VALUE when there is none)."""
        return min((c.version for c in self.connection_set), default=_INTEGER_MAX_VALUE)
