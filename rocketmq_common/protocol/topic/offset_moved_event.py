"""Java ``org.apache.rocketmq.common.protocol.topic.OffsetMovedEvent``."""
from __future__ import annotations

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
