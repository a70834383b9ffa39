"""Java ``org.apache.rocketmq.common.protocol.header.ViewMessageRequestHeader``,
with ``ViewMessageResponseHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ViewMessageRequestHeader", "ViewMessageResponseHeader"]


class ViewMessageRequestHeader(CommandCustomHeader):
    """Java ``ViewMessageRequestHeader``."""

    offset = Prop(int, required=True)


class ViewMessageResponseHeader(CommandCustomHeader):
    """Java ``ViewMessageResponseHeader``."""
