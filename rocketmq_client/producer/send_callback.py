"""Java ``org.apache.rocketmq.client.producer.SendCallback``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_client.producer.send_result import SendResult

__all__ = ["SendCallback"]


class SendCallback:
    """Outcome of an asynchronous send: exactly one of the two methods runs, once."""

    def on_success(self, send_result: "SendResult") -> None:
        """The broker stored the message."""
        raise NotImplementedError

    def on_exception(self, e: BaseException) -> None:
        """The send failed (after the asynchronous retries)."""
        raise NotImplementedError
