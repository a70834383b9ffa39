"""Java ``org.apache.rocketmq.client.consumer.PullTaskCallback``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Union

if TYPE_CHECKING:
    from rocketmq_client.consumer.pull_task_context import PullTaskContext
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["PullTaskCallback", "as_pull_task_callback"]


class PullTaskCallback:
    """The work :class:`MQPullConsumerScheduleService` runs for each queue of a topic, again and again."""

    def do_pull_task(self, mq: "MessageQueue", context: "PullTaskContext") -> None:
        """Java ``doPullTask``: pull ``mq`` with ``context.get_pull_consumer()`` and set the delay of the next
        run with ``context.set_pull_next_delay_time_millis``."""
        raise NotImplementedError


class _CallablePullTaskCallback(PullTaskCallback):
    """A plain function ``fn(mq, context)`` used as a PullTaskCallback."""

    __slots__ = ("_fn",)

    def __init__(self, fn: Callable[["MessageQueue", "PullTaskContext"], Any]) -> None:
        self._fn = fn

    def do_pull_task(self, mq: "MessageQueue", context: "PullTaskContext") -> None:
        self._fn(mq, context)

    def __repr__(self) -> str:
        return "PullTaskCallback(%r)" % (self._fn,)


def as_pull_task_callback(
        callback: Union[PullTaskCallback, Callable[["MessageQueue", "PullTaskContext"], Any]]) -> PullTaskCallback:
    """``callback`` itself when it has ``do_pull_task``, else a wrapper for a plain callable ``(mq, context)``;
    anything else is a TypeError."""
    if hasattr(callback, "do_pull_task"):
        return callback  # type: ignore[return-value]
    if callable(callback):
        return _CallablePullTaskCallback(callback)
    raise TypeError("a PullTaskCallback or a callable(mq, context) is required, got %r" % (callback,))
