"""Java ``org.apache.rocketmq.remoting.protocol.header.AckMessageRequestHeader`` (5.3.3): ACK_MESSAGE (200051)."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["AckMessageRequestHeader"]


class AckMessageRequestHeader(TopicQueueRequestHeader):
    """Acknowledge one popped message: its queue, ``offset`` and receipt handle ``extra_info`` (``ExtraInfoUtil``)."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    extra_info = Prop(str, required=True)
    offset = Prop(int, required=True)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id
    def get_extra_info(self) -> str: return self.extra_info
    def set_extra_info(self, extra_info: Optional[str]) -> None: self.extra_info = extra_info
    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: Optional[int]) -> None: self.offset = offset

    _java_int_fields = ("queue_id",)
