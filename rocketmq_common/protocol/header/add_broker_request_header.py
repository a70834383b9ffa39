"""Java ``org.apache.rocketmq.remoting.protocol.header.AddBrokerRequestHeader`` (5.3.3)."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["AddBrokerRequestHeader"]


class AddBrokerRequestHeader(CommandCustomHeader):
    """Header of ADD_BROKER (902): the path of the broker configuration a broker container starts a broker from
    (only a BrokerContainer answers it; a broker answers REQUEST_CODE_NOT_SUPPORTED)."""

    config_path = Prop(str)
