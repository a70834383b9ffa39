"""Java ``org.apache.rocketmq.client.consumer.listener.MessageListener``, ``MessageListenerConcurrently`` and
``MessageListenerOrderly``, plus the adapters that let plain callables be listeners."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, List

if TYPE_CHECKING:
    from rocketmq_client.consumer.listener.consume_concurrently_context import ConsumeConcurrentlyContext
    from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
    from rocketmq_client.consumer.listener.consume_orderly_context import ConsumeOrderlyContext
    from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
    from rocketmq_common.message.message_ext import MessageExt

__all__ = ["MessageListener", "MessageListenerConcurrently", "MessageListenerOrderly",
           "FunctionMessageListenerConcurrently", "FunctionMessageListenerOrderly"]


class MessageListener:
    """Java ``MessageListener``: the marker base of the two listener kinds."""


class MessageListenerConcurrently(MessageListener):
    """Java ``MessageListenerConcurrently``: batches of one queue consumed in parallel by the consume pool.
    Return RECONSUME_LATER rather than raising on failure."""

    def consume_message(self, msgs: List["MessageExt"],
                        context: "ConsumeConcurrentlyContext") -> "ConsumeConcurrentlyStatus":
        """Java ``consumeMessage``: ``msgs`` holds 1 .. ``consume_message_batch_max_size`` messages."""
        raise NotImplementedError


class MessageListenerOrderly(MessageListener):
    """Java ``MessageListenerOrderly``: the messages of a queue consumed one batch at a time, in order.
    Return SUSPEND_CURRENT_QUEUE_A_MOMENT rather than raising on failure."""

    def consume_message(self, msgs: List["MessageExt"], context: "ConsumeOrderlyContext") -> "ConsumeOrderlyStatus":
        """Java ``consumeMessage``: ``msgs`` holds 1 .. ``consume_message_batch_max_size`` messages."""
        raise NotImplementedError


class FunctionMessageListenerConcurrently(MessageListenerConcurrently):
    """A callable ``fn(msgs, context) -> ConsumeConcurrentlyStatus`` as a concurrent listener (the Python form
    of a Java lambda)."""

    def __init__(self, fn: Callable[[List["MessageExt"], Any], Any]) -> None:
        self.fn = fn

    def consume_message(self, msgs: List["MessageExt"],
                        context: "ConsumeConcurrentlyContext") -> "ConsumeConcurrentlyStatus":
        return self.fn(msgs, context)

    def __repr__(self) -> str:
        return "FunctionMessageListenerConcurrently(%r)" % (self.fn,)


class FunctionMessageListenerOrderly(MessageListenerOrderly):
    """A callable ``fn(msgs, context) -> ConsumeOrderlyStatus`` as an orderly listener."""

    def __init__(self, fn: Callable[[List["MessageExt"], Any], Any]) -> None:
        self.fn = fn

    def consume_message(self, msgs: List["MessageExt"], context: "ConsumeOrderlyContext") -> "ConsumeOrderlyStatus":
        return self.fn(msgs, context)

    def __repr__(self) -> str:
        return "FunctionMessageListenerOrderly(%r)" % (self.fn,)
