"""Java ``org.apache.rocketmq.common.namesrv.RegisterBrokerResult``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["RegisterBrokerResult"]


class RegisterBrokerResult(Bean):
    """What a NameServer answers a broker registration with: HA server and master addresses, and KV config."""

    ha_server_addr = Prop(str)
    master_addr = Prop(str)
    kv_table = Prop(KVTable)

    def get_ha_server_addr(self) -> str: return self.ha_server_addr
    def set_ha_server_addr(self, ha_server_addr: Optional[str]) -> None: self.ha_server_addr = ha_server_addr
    def get_master_addr(self) -> str: return self.master_addr
    def set_master_addr(self, master_addr: Optional[str]) -> None: self.master_addr = master_addr
    def get_kv_table(self) -> KVTable: return self.kv_table
    def set_kv_table(self, kv_table: Optional[KVTable]) -> None: self.kv_table = kv_table
