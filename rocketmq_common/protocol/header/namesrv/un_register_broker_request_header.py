"""Java ``org.apache.rocketmq.common.protocol.header.namesrv.UnRegisterBrokerRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["UnRegisterBrokerRequestHeader"]


class UnRegisterBrokerRequestHeader(CommandCustomHeader):
    """Java ``UnRegisterBrokerRequestHeader``."""

    broker_name = Prop(str, required=True)
    broker_addr = Prop(str, required=True)
    cluster_name = Prop(str, required=True)
    broker_id = Prop(int, required=True)
