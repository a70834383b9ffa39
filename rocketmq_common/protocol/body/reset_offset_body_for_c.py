"""Java ``org.apache.rocketmq.common.protocol.body.ResetOffsetBodyForC``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_common.message.message_queue_for_c import MessageQueueForC
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ResetOffsetBodyForC"]


class ResetOffsetBodyForC(RemotingSerializable):
    """Body of ``RESET_CONSUMER_CLIENT_OFFSET`` when the admin tool that asked speaks CPP: a list of queues with
    their offsets instead of a MessageQueue-keyed map."""

    offset_table = Prop(ListOf(MessageQueueForC))

    def get_offset_table(self) -> List[MessageQueueForC]: return self.offset_table
    def set_offset_table(self, offset_table: Optional[List[MessageQueueForC]]) -> None: self.offset_table = offset_table
