"""Java ``org.apache.rocketmq.common.protocol.topic.OffsetMovedEvent``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["OffsetMovedEvent"]


class OffsetMovedEvent(RemotingSerializable):
    """Event a broker writes to ``OFFSET_MOVED_EVENT`` when a pull's offset was corrected."""

    consumer_group = Prop(str)
    message_queue = Prop(MessageQueue)
    offset_request = Prop(int, 0)
    offset_new = Prop(int, 0)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_offset_request(self) -> int: return self.offset_request
    def set_offset_request(self, offset_request: int) -> None: self.offset_request = offset_request
    def get_offset_new(self) -> int: return self.offset_new
    def set_offset_new(self, offset_new: int) -> None: self.offset_new = offset_new
