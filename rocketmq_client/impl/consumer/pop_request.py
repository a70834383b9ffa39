"""Java ``org.apache.rocketmq.client.impl.consumer.PopRequest`` (5.3.3)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rocketmq_client.impl.consumer.message_request import MessageRequest
from rocketmq_client.impl.consumer.pop_process_queue import PopProcessQueue
from rocketmq_common.constant.consume_init_mode import ConsumeInitMode
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_remoting.common.bean import Prop, TypedBean, java_string

__all__ = ["PopRequest"]


class PopRequest(MessageRequest, TypedBean):
    """One outstanding pop of a push consumer: topic, group, queue, its pop process queue and where a queue the
    group never consumed starts (``init_mode``, :class:`ConsumeInitMode`). Equal (and hashed) by topic, group and
    queue, like Java."""

    topic = Prop(str)
    consumer_group = Prop(str)
    message_queue = Prop(MessageQueue)
    pop_process_queue = Prop(PopProcessQueue)
    locked_first = Prop(bool, False)
    init_mode = Prop(int, ConsumeInitMode.MAX)

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_topic(self) -> Optional[str]: ...
        def set_topic(self, topic: Optional[str]) -> None: ...
        def get_consumer_group(self) -> Optional[str]: ...
        def set_consumer_group(self, consumer_group: Optional[str]) -> None: ...
        def get_message_queue(self) -> Optional[MessageQueue]: ...
        def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: ...
        def get_pop_process_queue(self) -> Optional[PopProcessQueue]: ...
        def set_pop_process_queue(self, pop_process_queue: Optional[PopProcessQueue]) -> None: ...
        def get_locked_first(self) -> bool: ...
        def is_locked_first(self) -> bool: ...
        def set_locked_first(self, locked_first: bool) -> None: ...
        def get_init_mode(self) -> int: ...
        def set_init_mode(self, init_mode: int) -> None: ...
    # end of generated accessors

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
