"""Java ``org.apache.rocketmq.remoting.protocol.header.ChangeInvisibleTimeRequestHeader`` (5.3.3), with
``ChangeInvisibleTimeResponseHeader``: CHANGE_MESSAGE_INVISIBLETIME (200053)."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ChangeInvisibleTimeRequestHeader", "ChangeInvisibleTimeResponseHeader"]


class ChangeInvisibleTimeRequestHeader(TopicQueueRequestHeader):
    """Make a popped message invisible for ``invisible_time`` ms from now; ``extra_info`` is its receipt handle
    (startOffset popTime invisibleTime reviveQid ...)."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    extra_info = Prop(str, required=True)
    offset = Prop(int, required=True)
    invisible_time = Prop(int, required=True)

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
    def get_invisible_time(self) -> int: return self.invisible_time
    def set_invisible_time(self, invisible_time: Optional[int]) -> None: self.invisible_time = invisible_time

    _java_int_fields = ("queue_id",)


class ChangeInvisibleTimeResponseHeader(CommandCustomHeader):
    """The new pop time, invisible time and revive queue: the fields of the message's new receipt handle."""

    pop_time = Prop(int, required=True)
    invisible_time = Prop(int, required=True)
    revive_qid = Prop(int, required=True)

    def get_pop_time(self) -> int: return self.pop_time
    def set_pop_time(self, pop_time: Optional[int]) -> None: self.pop_time = pop_time
    def get_invisible_time(self) -> int: return self.invisible_time
    def set_invisible_time(self, invisible_time: Optional[int]) -> None: self.invisible_time = invisible_time
    def get_revive_qid(self) -> int: return self.revive_qid
    def set_revive_qid(self, revive_qid: Optional[int]) -> None: self.revive_qid = revive_qid

    _java_int_fields = ("revive_qid",)
