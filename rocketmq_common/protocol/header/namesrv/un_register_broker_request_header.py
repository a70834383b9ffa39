"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.UnRegisterBrokerRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["UnRegisterBrokerRequestHeader"]


class UnRegisterBrokerRequestHeader(CommandCustomHeader):
    """Java ``UnRegisterBrokerRequestHeader``."""

    broker_name = Prop(str, required=True)
    broker_addr = Prop(str, required=True)
    cluster_name = Prop(str, required=True)
    broker_id = Prop(int, required=True)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
    def get_cluster_name(self) -> str: return self.cluster_name
    def set_cluster_name(self, cluster_name: Optional[str]) -> None: self.cluster_name = cluster_name
    def get_broker_id(self) -> int: return self.broker_id
    def set_broker_id(self, broker_id: Optional[int]) -> None: self.broker_id = broker_id
