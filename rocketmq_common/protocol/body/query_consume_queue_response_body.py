"""Java ``org.apache.rocketmq.common.protocol.body.QueryConsumeQueueResponseBody``."""
from __future__ import annotations

from rocketmq_common.protocol.body.consume_queue_data import ConsumeQueueData
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["QueryConsumeQueueResponseBody"]


class QueryConsumeQueueResponseBody(RemotingSerializable):
    """Body of the ``QUERY_CONSUME_QUEUE`` response."""

    subscription_data = Prop(SubscriptionData)
    filter_data = Prop(str)
    queue_data = Prop(ListOf(ConsumeQueueData))
    max_queue_index = Prop(int, 0)
    min_queue_index = Prop(int, 0)
