"""Java ``org.apache.rocketmq.common.protocol.header.UpdateConsumerOffsetRequestHeader``,
with ``UpdateConsumerOffsetResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["UpdateConsumerOffsetRequestHeader", "UpdateConsumerOffsetResponseHeader"]


class UpdateConsumerOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``UpdateConsumerOffsetRequestHeader``."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    commit_offset = Prop(int, required=True)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id
    def get_commit_offset(self) -> int: return self.commit_offset
    def set_commit_offset(self, commit_offset: Optional[int]) -> None: self.commit_offset = commit_offset


class UpdateConsumerOffsetResponseHeader(CommandCustomHeader):
    """Java ``UpdateConsumerOffsetResponseHeader``."""
