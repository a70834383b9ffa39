"""Java ``org.apache.rocketmq.remoting.protocol.header.DeleteUserRequestHeader`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["DeleteUserRequestHeader"]


class DeleteUserRequestHeader(CommandCustomHeader):
    """The header of AUTH_DELETE_USER (3003): the user to delete."""

    username = Prop(str)
