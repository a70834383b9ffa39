"""Java ``org.apache.rocketmq.common.protocol.header.QueryConsumeQueueRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["QueryConsumeQueueRequestHeader"]


class QueryConsumeQueueRequestHeader(TopicQueueRequestHeader):
    """Java ``QueryConsumeQueueRequestHeader``."""

    topic = Prop(str)
    queue_id = Prop(int, 0)
    index = Prop(int, 0)
    count = Prop(int, 0)
    consumer_group = Prop(str)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_index(self) -> int: return self.index
    def set_index(self, index: int) -> None: self.index = index
    def get_count(self) -> int: return self.count
    def set_count(self, count: int) -> None: self.count = count
    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
