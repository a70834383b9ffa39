"""Java ``org.apache.rocketmq.common.namesrv.RegisterBrokerResult``."""
from __future__ import annotations

from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["RegisterBrokerResult"]


class RegisterBrokerResult(Bean):
    """What a NameServer answers a broker registration with: HA server and master addresses, and KV config."""

    ha_server_addr = Prop(str)
    master_addr = Prop(str)
    kv_table = Prop(KVTable)
