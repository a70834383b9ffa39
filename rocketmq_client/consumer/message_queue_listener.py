"""Java ``org.apache.rocketmq.client.consumer.MessageQueueListener``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional, Set, Union

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["MessageQueueListener", "as_message_queue_listener"]


class MessageQueueListener:
    """Told by a pull consumer's rebalance when the queues of a topic assigned to it change."""

    def message_queue_changed(self, topic: str, mq_all: Set["MessageQueue"], mq_divided: Set["MessageQueue"]) -> None:
        """Java ``messageQueueChanged``: ``mq_all`` are all the queues of ``topic``, ``mq_divided`` those assigned
        to this consumer."""
        raise NotImplementedError


class _CallableMessageQueueListener(MessageQueueListener):
    """A plain function ``fn(topic, mq_all, mq_divided)`` used as a listener."""

    __slots__ = ("_fn",)

    def __init__(self, fn: Callable[[str, Set["MessageQueue"], Set["MessageQueue"]], None]) -> None:
        self._fn = fn

    def message_queue_changed(self, topic: str, mq_all: Set["MessageQueue"], mq_divided: Set["MessageQueue"]) -> None:
        self._fn(topic, mq_all, mq_divided)

    def __repr__(self) -> str:
        return "MessageQueueListener(%r)" % (self._fn,)


def as_message_queue_listener(
        listener: Union[MessageQueueListener, Callable[[str, Set["MessageQueue"], Set["MessageQueue"]], None], None]
) -> Optional[MessageQueueListener]:
    """``listener`` itself when it has ``message_queue_changed``, a wrapper for a plain callable, None for None;
    anything else is a TypeError."""
    if listener is None or hasattr(listener, "message_queue_changed"):
        return listener  # type: ignore[return-value]
    if callable(listener):
        return _CallableMessageQueueListener(listener)
    raise TypeError("a MessageQueueListener or a callable(topic, mq_all, mq_divided) is required, got %r"
                    % (listener,))
