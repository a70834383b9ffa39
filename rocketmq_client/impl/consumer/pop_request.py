"""Java ``org.apache.rocketmq.client.impl.consumer.PopRequest`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_client.impl.consumer.message_request import MessageRequest
from rocketmq_client.impl.consumer.pop_process_queue import PopProcessQueue
from rocketmq_common.constant.consume_init_mode import ConsumeInitMode
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_remoting.common.bean import Bean, Prop, java_string

__all__ = ["PopRequest"]


class PopRequest(MessageRequest, Bean):
    """One outstanding pop of a push consumer: topic, group, queue, its pop process queue and where a queue the
    group never consumed starts (``init_mode``, :class:`ConsumeInitMode`). Equal (and hashed) by topic, group and
    queue, like Java."""

    topic = Prop(str)
    consumer_group = Prop(str)
    message_queue = Prop(MessageQueue)
    pop_process_queue = Prop(PopProcessQueue)
    locked_first = Prop(bool, False)
    init_mode = Prop(int, ConsumeInitMode.MAX)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_pop_process_queue(self) -> PopProcessQueue: return self.pop_process_queue
    def set_pop_process_queue(self, pop_process_queue: Optional[PopProcessQueue]) -> None:
        self.pop_process_queue = pop_process_queue
    def get_locked_first(self) -> bool: return self.locked_first
    def is_locked_first(self) -> bool: return self.locked_first
    def set_locked_first(self, locked_first: bool) -> None: self.locked_first = locked_first
    def get_init_mode(self) -> int: return self.init_mode
    def set_init_mode(self, init_mode: int) -> None: self.init_mode = init_mode

    def __init__(self, topic: Optional[str] = None, consumer_group: Optional[str] = None,
                 message_queue: Optional[MessageQueue] = None, pop_process_queue: Optional[PopProcessQueue] = None,
                 init_mode: int = ConsumeInitMode.MAX) -> None:
        self.topic = topic
        self.consumer_group = consumer_group
        self.message_queue = message_queue
        self.pop_process_queue = pop_process_queue
        self.locked_first = False
        self.init_mode = init_mode

    def get_message_request_mode(self) -> MessageRequestMode:
        """Java ``getMessageRequestMode``: POP."""
        return MessageRequestMode.POP

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, PopRequest) or type(other) is not type(self):
            return False
        return (self.topic == other.topic and self.consumer_group == other.consumer_group
                and self.message_queue == other.message_queue)

    def __hash__(self) -> int:
        return hash((self.topic, self.consumer_group, self.message_queue))

    def __repr__(self) -> str:
        return "PopRequest [topic=%s, consumerGroup=%s, messageQueue=%s]" % tuple(
            map(java_string, (self.topic, self.consumer_group, self.message_queue)))
