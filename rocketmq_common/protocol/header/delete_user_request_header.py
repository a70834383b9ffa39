"""Java ``org.apache.rocketmq.remoting.protocol.header.DeleteUserRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteUserRequestHeader"]


class DeleteUserRequestHeader(CommandCustomHeader):
    """The header of AUTH_DELETE_USER (3003): the user to delete."""

    username = Prop(str)

    def get_username(self) -> str: return self.username
    def set_username(self, username: Optional[str]) -> None: self.username = username
