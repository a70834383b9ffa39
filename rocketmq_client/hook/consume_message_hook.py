"""Java ``org.apache.rocketmq.client.hook.ConsumeMessageHook``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_client.hook.consume_message_context import ConsumeMessageContext

__all__ = ["ConsumeMessageHook"]


class ConsumeMessageHook:
    """Called before and after every consume call of a consumer."""

    def hook_name(self) -> str:
        """Java ``hookName``."""
        raise NotImplementedError

    def consume_message_before(self, context: "ConsumeMessageContext") -> None:
        """Java ``consumeMessageBefore``."""
        raise NotImplementedError

    def consume_message_after(self, context: "ConsumeMessageContext") -> None:
        """Java ``consumeMessageAfter``."""
        raise NotImplementedError
