"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.RegisterBrokerRequestHeader``,
with ``RegisterBrokerResponseHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RegisterBrokerRequestHeader", "RegisterBrokerResponseHeader"]


class RegisterBrokerRequestHeader(CommandCustomHeader):
    """Java ``RegisterBrokerRequestHeader``."""

    broker_name = Prop(str, required=True)
    broker_addr = Prop(str, required=True)
    cluster_name = Prop(str, required=True)
    ha_server_addr = Prop(str, required=True)
    broker_id = Prop(int, required=True)
    compressed = Prop(bool, False)
    body_crc32 = Prop(int, 0)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
    def get_cluster_name(self) -> str: return self.cluster_name
    def set_cluster_name(self, cluster_name: Optional[str]) -> None: self.cluster_name = cluster_name
    def get_ha_server_addr(self) -> str: return self.ha_server_addr
    def set_ha_server_addr(self, ha_server_addr: Optional[str]) -> None: self.ha_server_addr = ha_server_addr
    def get_broker_id(self) -> int: return self.broker_id
    def set_broker_id(self, broker_id: Optional[int]) -> None: self.broker_id = broker_id
    def get_compressed(self) -> bool: return self.compressed
    def is_compressed(self) -> bool: return self.compressed
    def set_compressed(self, compressed: bool) -> None: self.compressed = compressed
    def get_body_crc32(self) -> int: return self.body_crc32
    def set_body_crc32(self, body_crc32: int) -> None: self.body_crc32 = body_crc32


class RegisterBrokerResponseHeader(CommandCustomHeader):
    """Java ``RegisterBrokerResponseHeader``."""

    ha_server_addr = Prop(str)
    master_addr = Prop(str)

    def get_ha_server_addr(self) -> str: return self.ha_server_addr
    def set_ha_server_addr(self, ha_server_addr: Optional[str]) -> None: self.ha_server_addr = ha_server_addr
    def get_master_addr(self) -> str: return self.master_addr
    def set_master_addr(self, master_addr: Optional[str]) -> None: self.master_addr = master_addr
