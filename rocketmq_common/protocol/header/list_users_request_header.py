"""Java ``org.apache.rocketmq.remoting.protocol.header.ListUsersRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ListUsersRequestHeader"]


class ListUsersRequestHeader(CommandCustomHeader):
    """The header of AUTH_LIST_USER (3005): the users whose name contains ``filter`` (every user without one)."""

    filter = Prop(str)

    def get_filter(self) -> str: return self.filter
    def set_filter(self, filter: Optional[str]) -> None: self.filter = filter
