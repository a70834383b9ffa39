"""Java ``org.apache.rocketmq.client.producer.RequestCallback``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_common.message.message import Message

__all__ = ["RequestCallback"]


class RequestCallback:
    """Outcome of an asynchronous request/reply call: exactly one of the two methods runs, once."""

    def on_success(self, message: "Message") -> None:
        """The reply message arrived."""
        raise NotImplementedError

    def on_exception(self, e: BaseException) -> None:
        """The request could not be sent, or no reply came in time (``RequestTimeoutException``)."""
        raise NotImplementedError
