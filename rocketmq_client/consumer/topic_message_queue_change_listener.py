"""Java ``org.apache.rocketmq.client.consumer.TopicMessageQueueChangeListener``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional, Set, Union, overload

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["TopicMessageQueueChangeListener", "as_topic_message_queue_change_listener"]


class TopicMessageQueueChangeListener:
    """Told by a lite pull consumer when the queues of a topic change (the topic was expanded or shrunk)."""

    def on_changed(self, topic: str, message_queues: Set["MessageQueue"]) -> None:
        """Java ``onChanged``: ``message_queues`` are the topic's queues now."""
        raise NotImplementedError


class _CallableTopicMessageQueueChangeListener(TopicMessageQueueChangeListener):
    """A plain function ``fn(topic, message_queues)`` used as a listener."""

    __slots__ = ("_fn",)

    def __init__(self, fn: Callable[[str, Set["MessageQueue"]], None]) -> None:
        self._fn = fn

    def on_changed(self, topic: str, message_queues: Set["MessageQueue"]) -> None:
        self._fn(topic, message_queues)

    def __repr__(self) -> str:
        return "TopicMessageQueueChangeListener(%r)" % (self._fn,)


@overload
def as_topic_message_queue_change_listener(listener: None) -> None: ...


@overload
def as_topic_message_queue_change_listener(
        listener: Union[TopicMessageQueueChangeListener, Callable[[str, Set["MessageQueue"]], None]]
) -> TopicMessageQueueChangeListener: ...


def as_topic_message_queue_change_listener(
        listener: Union[TopicMessageQueueChangeListener, Callable[[str, Set["MessageQueue"]], None], None]
) -> Optional[TopicMessageQueueChangeListener]:
    """``listener`` itself when it has ``on_changed``, a wrapper for a plain callable, None for None; anything else
    is a TypeError."""
    if listener is None or hasattr(listener, "on_changed"):
        return listener  # type: ignore[return-value]
    if callable(listener):
        return _CallableTopicMessageQueueChangeListener(listener)
    raise TypeError("a TopicMessageQueueChangeListener or a callable(topic, message_queues) is required, got %r"
                    % (listener,))
