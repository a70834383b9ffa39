"""Java ``org.apache.rocketmq.remoting.protocol.header.RemoveBrokerRequestHeader`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RemoveBrokerRequestHeader"]


class RemoveBrokerRequestHeader(CommandCustomHeader):
    """Header of REMOVE_BROKER (903): which broker a broker container stops (only a BrokerContainer answers it)."""

    broker_name = Prop(str, required=True)
    broker_cluster_name = Prop(str, required=True)
    broker_id = Prop(int, required=True)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_cluster_name(self) -> str: return self.broker_cluster_name
    def set_broker_cluster_name(self, broker_cluster_name: Optional[str]) -> None:
        self.broker_cluster_name = broker_cluster_name
    def get_broker_id(self) -> int: return self.broker_id
    def set_broker_id(self, broker_id: Optional[int]) -> None: self.broker_id = broker_id
