"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumeStatsInBrokerHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetConsumeStatsInBrokerHeader"]


class GetConsumeStatsInBrokerHeader(CommandCustomHeader):
    """Java ``GetConsumeStatsInBrokerHeader``; the flag is ``isOrder`` on the wire (Java ``isOrder``/``setIsOrder``)."""

    order = Prop(bool, False, wire="isOrder", required=True)

    def get_order(self) -> bool: return self.order
    def is_order(self) -> bool: return self.order
    def set_order(self, order: bool) -> None: self.order = order

    def set_is_order(self, is_order: bool) -> None:
        """Java ``setIsOrder``."""
        self.order = is_order
