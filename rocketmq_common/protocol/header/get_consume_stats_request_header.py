"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumeStatsRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetConsumeStatsRequestHeader"]


class GetConsumeStatsRequestHeader(CommandCustomHeader):
    """Java ``GetConsumeStatsRequestHeader``."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str)
