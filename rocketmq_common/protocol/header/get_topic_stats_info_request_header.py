"""Java ``org.apache.rocketmq.common.protocol.header.GetTopicStatsInfoRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetTopicStatsInfoRequestHeader"]


class GetTopicStatsInfoRequestHeader(CommandCustomHeader):
    """Java ``GetTopicStatsInfoRequestHeader``."""

    topic = Prop(str, required=True)
