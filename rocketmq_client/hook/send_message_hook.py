"""Java ``org.apache.rocketmq.client.hook.SendMessageHook``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_client.hook.send_message_context import SendMessageContext

__all__ = ["SendMessageHook"]


class SendMessageHook:
    """Called before and after every send of a producer."""

    def hook_name(self) -> str:
        """Java ``hookName``."""
        raise NotImplementedError

    def send_message_before(self, context: "SendMessageContext") -> None:
        """Java ``sendMessageBefore``."""
        raise NotImplementedError

    def send_message_after(self, context: "SendMessageContext") -> None:
        """Java ``sendMessageAfter``."""
        raise NotImplementedError
