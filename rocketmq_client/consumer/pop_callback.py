"""Java ``org.apache.rocketmq.client.consumer.PopCallback`` (5.3.3)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_client.consumer.pop_result import PopResult

__all__ = ["PopCallback"]


class PopCallback:
    """Completion of an asynchronous POP_MESSAGE (runs on the remoting callback executor)."""

    def on_success(self, pop_result: "PopResult") -> None:
        """Java ``onSuccess``."""
        raise NotImplementedError

    def on_exception(self, e: BaseException) -> None:
        """Java ``onException``."""
        raise NotImplementedError
