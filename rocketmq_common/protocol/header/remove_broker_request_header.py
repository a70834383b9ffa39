"""Java ``org.apache.rocketmq.remoting.protocol.header.RemoveBrokerRequestHeader`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RemoveBrokerRequestHeader"]


class RemoveBrokerRequestHeader(CommandCustomHeader):
    """Header of REMOVE_BROKER (903): which broker a broker container stops (only a BrokerContainer answers it)."""

    broker_name = Prop(str, required=True)
    broker_cluster_name = Prop(str, required=True)
    broker_id = Prop(int, required=True)
