"""Java ``org.apache.rocketmq.common.protocol.heartbeat.ConsumerData``."""
from __future__ import annotations

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
