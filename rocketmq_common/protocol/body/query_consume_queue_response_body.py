"""Java ``org.apache.rocketmq.common.protocol.body.QueryConsumeQueueResponseBody``."""
from __future__ import annotations

from typing import List, Optional

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

    def get_subscription_data(self) -> SubscriptionData: return self.subscription_data
    def set_subscription_data(self, subscription_data: Optional[SubscriptionData]) -> None:
        self.subscription_data = subscription_data
    def get_filter_data(self) -> str: return self.filter_data
    def set_filter_data(self, filter_data: Optional[str]) -> None: self.filter_data = filter_data
    def get_queue_data(self) -> List[ConsumeQueueData]: return self.queue_data
    def set_queue_data(self, queue_data: Optional[List[ConsumeQueueData]]) -> None: self.queue_data = queue_data
    def get_max_queue_index(self) -> int: return self.max_queue_index
    def set_max_queue_index(self, max_queue_index: int) -> None: self.max_queue_index = max_queue_index
    def get_min_queue_index(self) -> int: return self.min_queue_index
    def set_min_queue_index(self, min_queue_index: int) -> None: self.min_queue_index = min_queue_index
