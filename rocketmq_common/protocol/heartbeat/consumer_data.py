"""Java ``org.apache.rocketmq.common.protocol.heartbeat.ConsumerData``."""
from __future__ import annotations

from typing import Optional, Set

from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_remoting.common.bean import Bean, Prop, SetOf

__all__ = ["ConsumerData"]


class ConsumerData(Bean):
    """A consumer group registered by a heartbeat, with its subscriptions."""

    group_name = Prop(str)
    consume_type = Prop(ConsumeType)
    message_model = Prop(MessageModel)
    consume_from_where = Prop(ConsumeFromWhere)
    subscription_data_set = Prop(SetOf(SubscriptionData), set())
    unit_mode = Prop(bool, False)

    def get_group_name(self) -> str: return self.group_name
    def set_group_name(self, group_name: Optional[str]) -> None: self.group_name = group_name
    def get_consume_type(self) -> ConsumeType: return self.consume_type
    def set_consume_type(self, consume_type: Optional[ConsumeType]) -> None: self.consume_type = consume_type
    def get_message_model(self) -> MessageModel: return self.message_model
    def set_message_model(self, message_model: Optional[MessageModel]) -> None: self.message_model = message_model
    def get_consume_from_where(self) -> ConsumeFromWhere: return self.consume_from_where
    def set_consume_from_where(self, consume_from_where: Optional[ConsumeFromWhere]) -> None:
        self.consume_from_where = consume_from_where
    def get_subscription_data_set(self) -> Set[SubscriptionData]: return self.subscription_data_set
    def set_subscription_data_set(self, subscription_data_set: Set[SubscriptionData]) -> None:
        self.subscription_data_set = subscription_data_set
    def get_unit_mode(self) -> bool: return self.unit_mode
    def is_unit_mode(self) -> bool: return self.unit_mode
    def set_unit_mode(self, unit_mode: bool) -> None: self.unit_mode = unit_mode
