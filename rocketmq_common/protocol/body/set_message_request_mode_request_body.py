"""Java ``org.apache.rocketmq.remoting.protocol.body.SetMessageRequestModeRequestBody`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

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

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_mode(self) -> MessageRequestMode: return self.mode
    def set_mode(self, mode: MessageRequestMode) -> None: self.mode = mode
    def get_pop_share_queue_num(self) -> int: return self.pop_share_queue_num
    def set_pop_share_queue_num(self, pop_share_queue_num: int) -> None: self.pop_share_queue_num = pop_share_queue_num
