"""Java ``org.apache.rocketmq.common.protocol.body.ResetOffsetBody``."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ResetOffsetBody"]


class ResetOffsetBody(RemotingSerializable):
    """Body of ``RESET_CONSUMER_CLIENT_OFFSET`` (and the ``INVOKE_BROKER_TO_RESET_OFFSET`` response): the new
    offset per queue, MessageQueue object keys on the wire."""

    offset_table = Prop(MapOf(MessageQueue, int))

    def get_offset_table(self) -> Dict[MessageQueue, int]: return self.offset_table
    def set_offset_table(self, offset_table: Optional[Dict[MessageQueue, int]]) -> None:
        self.offset_table = offset_table
