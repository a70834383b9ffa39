"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumeStatsInBrokerHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetConsumeStatsInBrokerHeader"]


class GetConsumeStatsInBrokerHeader(CommandCustomHeader):
    """Java ``GetConsumeStatsInBrokerHeader``; the flag is ``isOrder`` on the wire (Java ``isOrder``/``setIsOrder``)."""

    order = Prop(bool, False, wire="isOrder", required=True)

    def set_is_order(self, is_order: bool) -> None:
        """Java ``setIsOrder``."""
        self.order = is_order
