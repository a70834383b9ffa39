"""Java ``org.apache.rocketmq.remoting.protocol.header.CreateUserRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["CreateUserRequestHeader"]


class CreateUserRequestHeader(CommandCustomHeader):
    """The header of AUTH_CREATE_USER (3001): the user to create (the body: its UserInfo)."""

    username = Prop(str)

    def get_username(self) -> str: return self.username
    def set_username(self, username: Optional[str]) -> None: self.username = username
