"""Java ``org.apache.rocketmq.client.consumer.AckCallback`` (5.3.3)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_client.consumer.ack_result import AckResult

__all__ = ["AckCallback"]


class AckCallback:
    """Completion of an asynchronous ACK_MESSAGE, BATCH_ACK_MESSAGE or CHANGE_MESSAGE_INVISIBLETIME."""

    def on_success(self, ack_result: "AckResult") -> None:
        """Java ``onSuccess``."""
        raise NotImplementedError

    def on_exception(self, e: BaseException) -> None:
        """Java ``onException``."""
        raise NotImplementedError
