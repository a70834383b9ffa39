"""Java ``org.apache.rocketmq.remoting.protocol.header.ResetMasterFlushOffsetHeader`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ResetMasterFlushOffsetHeader"]


class ResetMasterFlushOffsetHeader(CommandCustomHeader):
    """Header of RESET_MASTER_FLUSH_OFFSET (908): the master flush offset a slave is to take."""

    master_flush_offset = Prop(int, required=True)
