"""Java ``org.apache.rocketmq.common.protocol.header.ViewBrokerStatsDataRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ViewBrokerStatsDataRequestHeader"]


class ViewBrokerStatsDataRequestHeader(CommandCustomHeader):
    """Java ``ViewBrokerStatsDataRequestHeader``."""

    stats_name = Prop(str, required=True)
    stats_key = Prop(str, required=True)
