"""Java ``org.apache.rocketmq.client.hook.FilterMessageHook``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_client.hook.filter_message_context import FilterMessageContext

__all__ = ["FilterMessageHook"]


class FilterMessageHook:
    """Called with the messages of each pull to filter them in place."""

    def hook_name(self) -> str:
        """Java ``hookName``."""
        raise NotImplementedError

    def filter_message(self, context: "FilterMessageContext") -> None:
        """Java ``filterMessage``."""
        raise NotImplementedError
