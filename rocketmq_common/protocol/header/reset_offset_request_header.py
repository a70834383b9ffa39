"""Java ``org.apache.rocketmq.common.protocol.header.ResetOffsetRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["ResetOffsetRequestHeader"]


class ResetOffsetRequestHeader(TopicQueueRequestHeader):
    """Java ``ResetOffsetRequestHeader``; the ``force`` flag is ``isForce`` on the wire (``is_force``/``set_force``).
    5.3.3's ``queueId`` (-1: every queue) and ``offset`` (None or -1: the offset of ``timestamp``) reset one queue
    to an offset on a broker that resets offsets itself."""

    topic = Prop(str, required=True)
    group = Prop(str, required=True)
    queue_id = Prop(int, -1)
    offset = Prop(int)
    timestamp = Prop(int, 0, required=True)
    force = Prop(bool, False, wire="isForce", required=True)

    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: Optional[int]) -> None: self.offset = offset

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_group(self) -> str: return self.group
    def set_group(self, group: Optional[str]) -> None: self.group = group
    def get_timestamp(self) -> int: return self.timestamp
    def set_timestamp(self, timestamp: int) -> None: self.timestamp = timestamp
    def get_force(self) -> bool: return self.force
    def is_force(self) -> bool: return self.force
    def set_force(self, force: bool) -> None: self.force = force
