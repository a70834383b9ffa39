"""Java ``org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["ConsumeConcurrentlyContext"]

#: Java ``Integer.MAX_VALUE``
_INTEGER_MAX_VALUE = 2 ** 31 - 1


class ConsumeConcurrentlyContext(Bean):
    """The queue of a concurrent batch, the retry delay level and the ack index.

    ``delay_level_when_next_consume``: -1 no retry (straight to the DLQ), 0 broker-controlled retry frequency,
    > 0 client-controlled. ``ack_index``: with CONSUME_SUCCESS, the messages after it are sent back for retry.
    """

    message_queue = Prop(MessageQueue)
    delay_level_when_next_consume = Prop(int, 0)
    ack_index = Prop(int, _INTEGER_MAX_VALUE)

    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_delay_level_when_next_consume(self) -> int: return self.delay_level_when_next_consume
    def set_delay_level_when_next_consume(self, delay_level_when_next_consume: int) -> None:
        self.delay_level_when_next_consume = delay_level_when_next_consume
    def get_ack_index(self) -> int: return self.ack_index
    def set_ack_index(self, ack_index: int) -> None: self.ack_index = ack_index

    def __init__(self, message_queue: Optional[MessageQueue]) -> None:
        self.message_queue = message_queue
        self.delay_level_when_next_consume = 0
        self.ack_index = _INTEGER_MAX_VALUE
