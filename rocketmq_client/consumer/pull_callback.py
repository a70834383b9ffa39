"""Java ``org.apache.rocketmq.client.consumer.PullCallback``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_client.consumer.pull_result import PullResult

__all__ = ["PullCallback"]


class PullCallback:
    """Completion of an asynchronous pull (runs on the remoting callback executor)."""

    def on_success(self, pull_result: "PullResult") -> None:
        """Java ``onSuccess``."""
        raise NotImplementedError

    def on_exception(self, e: BaseException) -> None:
        """Java ``onException``."""
        raise NotImplementedError
