"""Java ``org.apache.rocketmq.common.message.MessageQueueAssignment`` (5.3.3)."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

__all__ = ["MessageQueueAssignment"]


class MessageQueueAssignment(Bean):
    """One queue the broker assigns to a consumer (QUERY_ASSIGNMENT) and the mode to read it in; equal when the
    queues are equal, as Java's ``equals`` is."""

    message_queue = Prop(MessageQueue)
    mode = Prop(MessageRequestMode, MessageRequestMode.PULL)
    attachments = Prop(MapOf(str, str))

    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_mode(self) -> MessageRequestMode: return self.mode
    def set_mode(self, mode: MessageRequestMode) -> None: self.mode = mode
    def get_attachments(self) -> Dict[str, str]: return self.attachments
    def set_attachments(self, attachments: Optional[Dict[str, str]]) -> None: self.attachments = attachments

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MessageQueueAssignment):
            return NotImplemented
        return self.message_queue == other.message_queue

    def __hash__(self) -> int:
        return hash(self.message_queue)

    def __repr__(self) -> str:
        return "MessageQueueAssignment [MessageQueue=%r, Mode=%s]" % (
            self.message_queue, self.mode.name if self.mode is not None else None)
