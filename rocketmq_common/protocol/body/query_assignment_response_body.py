"""Java ``org.apache.rocketmq.remoting.protocol.body.QueryAssignmentResponseBody`` (5.3.3)."""
from __future__ import annotations

from typing import Optional, Set

from rocketmq_common.message.message_queue_assignment import MessageQueueAssignment
from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["QueryAssignmentResponseBody"]


class QueryAssignmentResponseBody(RemotingSerializable):
    """Body of the QUERY_ASSIGNMENT response: the queues assigned to the client, each with its request mode."""

    message_queue_assignments = Prop(SetOf(MessageQueueAssignment))

    def get_message_queue_assignments(self) -> Set[MessageQueueAssignment]: return self.message_queue_assignments
    def set_message_queue_assignments(self, message_queue_assignments: Optional[Set[MessageQueueAssignment]]) -> None:
        self.message_queue_assignments = message_queue_assignments
