"""Java ``org.apache.rocketmq.remoting.protocol.header.ResetMasterFlushOffsetHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ResetMasterFlushOffsetHeader"]


class ResetMasterFlushOffsetHeader(CommandCustomHeader):
    """Header of RESET_MASTER_FLUSH_OFFSET (908): the master flush offset a slave is to take."""

    master_flush_offset = Prop(int, required=True)

    def get_master_flush_offset(self) -> int: return self.master_flush_offset
    def set_master_flush_offset(self, master_flush_offset: Optional[int]) -> None:
        self.master_flush_offset = master_flush_offset
