"""Java ``org.apache.rocketmq.client.hook.EndTransactionHook``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_client.hook.end_transaction_context import EndTransactionContext

__all__ = ["EndTransactionHook"]


class EndTransactionHook:
    """Called when a transactional message is committed, rolled back or left unknown."""

    def hook_name(self) -> str:
        """Java ``hookName``."""
        raise NotImplementedError

    def end_transaction(self, context: "EndTransactionContext") -> None:
        """Java ``endTransaction``."""
        raise NotImplementedError
