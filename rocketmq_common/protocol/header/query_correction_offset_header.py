"""Java ``org.apache.rocketmq.common.protocol.header.QueryCorrectionOffsetHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["QueryCorrectionOffsetHeader"]


class QueryCorrectionOffsetHeader(CommandCustomHeader):
    """Java ``QueryCorrectionOffsetHeader``."""

    filter_groups = Prop(str)
    compare_group = Prop(str, required=True)
    topic = Prop(str, required=True)
