"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.RegisterBrokerRequestHeader``,
with ``RegisterBrokerResponseHeader``."""
from __future__ import annotations

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


class RegisterBrokerResponseHeader(CommandCustomHeader):
    """Java ``RegisterBrokerResponseHeader``."""

    ha_server_addr = Prop(str)
    master_addr = Prop(str)
