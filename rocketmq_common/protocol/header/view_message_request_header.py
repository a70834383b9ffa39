"""Java ``org.apache.rocketmq.common.protocol.header.ViewMessageRequestHeader``,
with ``ViewMessageResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ViewMessageRequestHeader", "ViewMessageResponseHeader"]


class ViewMessageRequestHeader(CommandCustomHeader):
    """Java ``ViewMessageRequestHeader``."""

    offset = Prop(int, required=True)

    def get_offset(self) -> int: return self.offset
    def set_offset(self, offset: Optional[int]) -> None: self.offset = offset


class ViewMessageResponseHeader(CommandCustomHeader):
    """Java ``ViewMessageResponseHeader``."""
