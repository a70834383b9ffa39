"""Java ``org.apache.rocketmq.common.protocol.header.ViewBrokerStatsDataRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ViewBrokerStatsDataRequestHeader"]


class ViewBrokerStatsDataRequestHeader(CommandCustomHeader):
    """Java ``ViewBrokerStatsDataRequestHeader``."""

    stats_name = Prop(str, required=True)
    stats_key = Prop(str, required=True)

    def get_stats_name(self) -> str: return self.stats_name
    def set_stats_name(self, stats_name: Optional[str]) -> None: self.stats_name = stats_name
    def get_stats_key(self) -> str: return self.stats_key
    def set_stats_key(self, stats_key: Optional[str]) -> None: self.stats_key = stats_key
