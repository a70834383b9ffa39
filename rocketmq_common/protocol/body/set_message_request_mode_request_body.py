"""Java ``org.apache.rocketmq.remoting.protocol.body.SetMessageRequestModeRequestBody`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["SetMessageRequestModeRequestBody"]


class SetMessageRequestModeRequestBody(RemotingSerializable):
    """Body of SET_MESSAGE_REQUEST_MODE (401), and the value the broker persists per topic and group
    (``messageRequestMode.json``): the group's mode on the topic and, in POP mode, ``pop_share_queue_num`` (a
    consumer also reads the queues assigned to the N consumers after it in the client id list; -1: all)."""

    topic = Prop(str)
    consumer_group = Prop(str)
    mode = Prop(MessageRequestMode, MessageRequestMode.PULL)
    pop_share_queue_num = Prop(int, 0)
