"""Java ``org.apache.rocketmq.client.hook.CheckForbiddenHook``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_client.hook.check_forbidden_context import CheckForbiddenContext

__all__ = ["CheckForbiddenHook"]


class CheckForbiddenHook:
    """Called before a send; raise MQClientException to forbid it."""

    def hook_name(self) -> str:
        """Java ``hookName``."""
        raise NotImplementedError

    def check_forbidden(self, context: "CheckForbiddenContext") -> None:
        """Java ``checkForbidden``."""
        raise NotImplementedError
