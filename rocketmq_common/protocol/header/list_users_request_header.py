"""Java ``org.apache.rocketmq.remoting.protocol.header.ListUsersRequestHeader`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ListUsersRequestHeader"]


class ListUsersRequestHeader(CommandCustomHeader):
    """The header of AUTH_LIST_USER (3005): the users whose name contains ``filter`` (every user without one)."""

    filter = Prop(str)
