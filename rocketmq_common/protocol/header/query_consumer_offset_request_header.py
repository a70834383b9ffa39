"""Java ``org.apache.rocketmq.common.protocol.header.QueryConsumerOffsetRequestHeader``,
with ``QueryConsumerOffsetResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["QueryConsumerOffsetRequestHeader", "QueryConsumerOffsetResponseHeader"]


class QueryConsumerOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``QueryConsumerOffsetRequestHeader`` (5.3.3)."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    #: 5.3.3: False asks a 5.x broker for QUERY_NOT_FOUND instead of offset 0 when the group has no offset
    set_zero_if_not_found = Prop(bool)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id
    def get_set_zero_if_not_found(self) -> bool: return self.set_zero_if_not_found
    def is_set_zero_if_not_found(self) -> bool: return self.set_zero_if_not_found
    def set_set_zero_if_not_found(self, set_zero_if_not_found: Optional[bool]) -> None:
        self.set_zero_if_not_found = set_zero_if_not_found


class QueryConsumerOffsetResponseHeader(CommandCustomHeader):
    """Java ``QueryConsumerOffsetResponseHeader``."""

    offset = Prop(int, required=True)

    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: Optional[int]) -> None: self.offset = offset
